import Foundation
import ImageCodecs
import Imaging
import Ocellus
import TFLiteModel

/// `ocellus decode IMAGE [-o OUT.png] [--upright] [--rgba OUT.rgba] [--json] [--runs N]`:
/// decodes a PNG, JPEG or BMP file (recognized by content), optionally turns it upright by its
/// EXIF orientation, and writes it as PNG and/or raw RGBA bytes. With `--runs N` it also times
/// N decodes (after one warm-up decode) and reports the median and minimum in milliseconds.
enum DecodeCommand {
  /// A failure outside decoding: reading or writing a file.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments, flags: ["--upright", "--json"], options: ["-o", "--rgba", "--runs"])
    let path = try parsed.single("IMAGE")
    let runs = try parsed.integer("--runs", minimum: 1, default: 0)
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(path, maxBytes: VisionImage.maxFileBytes)
    } catch {
      throw Failure(description: "cannot read \(path): \(error)")
    }
    let image = try ImageDecoder.decode(bytes)
    var timing: (median: Double, min: Double)?
    if runs > 0 {
      let clock = ContinuousClock()
      var times: [Double] = []
      for _ in 0..<runs {
        let start = clock.now
        let again = try ImageDecoder.decode(bytes)
        let elapsed = withExtendedLifetime(again) { clock.now - start }
        times.append(milliseconds(elapsed))
      }
      times.sort()
      timing = ((times[(times.count - 1) / 2] + times[times.count / 2]) / 2, times[0])
    }
    var output = (rgba: image.rgba, width: image.width, height: image.height)
    let upright = parsed.flags.contains("--upright")
    if upright, let orientation = ImageOrientation(exif: image.exifOrientation), orientation != .up
    {
      let turned = try Image(
        width: image.width, height: image.height, format: .rgba8, bytes: image.rgba
      )
      .applying(orientation)
      output = (turned.planes[0].bytes, turned.width, turned.height)
    }
    if let pngPath = parsed.value("-o") {
      let opaque = stride(from: 3, to: output.rgba.count, by: 4).allSatisfy {
        output.rgba[$0] == 255
      }
      let png: [UInt8]
      if opaque {
        var rgb = [UInt8](repeating: 0, count: output.width * output.height * 3)
        for pixel in 0..<(output.width * output.height) {
          rgb[3 * pixel] = output.rgba[4 * pixel]
          rgb[3 * pixel + 1] = output.rgba[4 * pixel + 1]
          rgb[3 * pixel + 2] = output.rgba[4 * pixel + 2]
        }
        png = PNGEncoder.encode(
          width: output.width, height: output.height, pixels: rgb, layout: .rgb)
      } else {
        png = PNGEncoder.encode(
          width: output.width, height: output.height, pixels: output.rgba, layout: .rgba)
      }
      try write(png, to: pngPath)
    }
    if let rgbaPath = parsed.value("--rgba") {
      try write(output.rgba, to: rgbaPath)
    }
    if parsed.flags.contains("--json") {
      var fields: [(String, JSONValue)] = [
        ("file", .string(path)),
        ("format", .string(image.format.rawValue)),
        ("width", .int(image.width)),
        ("height", .int(image.height)),
        ("exif_orientation", .int(image.exifOrientation)),
        ("incomplete", .bool(image.isIncomplete)),
        ("upright", .bool(upright)),
        ("output_width", .int(output.width)),
        ("output_height", .int(output.height)),
        ("png", .optional(parsed.value("-o"))),
        ("rgba", .optional(parsed.value("--rgba"))),
        ("has_icc_profile", .bool(image.colorInfo.hasICCProfile)),
      ]
      if let timing {
        fields += [
          ("runs", .int(runs)),
          ("median_ms", .double(rounded(timing.median))),
          ("min_ms", .double(rounded(timing.min))),
        ]
      }
      print(JSONValue.fields(fields).serialized())
    } else {
      var line =
        "\(path): \(image.format) \(image.width)×\(image.height), EXIF orientation \(image.exifOrientation)"
      if image.isIncomplete { line += ", incomplete (damaged or truncated data)" }
      print(line)
      if upright { print("  upright  \(output.width)×\(output.height)") }
      if let pngPath = parsed.value("-o") { print("  wrote    \(pngPath)") }
      if let rgbaPath = parsed.value("--rgba") { print("  wrote    \(rgbaPath) (raw RGBA)") }
      if let timing {
        print(
          "  decode   median \(rounded(timing.median)) ms, min \(rounded(timing.min)) ms (\(runs) runs)"
        )
      }
    }
    return 0
  }

  private static func write(_ bytes: [UInt8], to path: String) throws {
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    } catch {
      throw Failure(description: "cannot write \(path): \(error.localizedDescription)")
    }
  }

  private static func milliseconds(_ duration: Duration) -> Double {
    TimingSamples.milliseconds(duration)
  }

  /// Milliseconds to the microsecond.
  private static func rounded(_ value: Double) -> Double { TimingSamples.rounded(value) }
}
