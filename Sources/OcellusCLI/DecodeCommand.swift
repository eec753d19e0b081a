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

  /// The pixels written out: the decoded RGBA, turned upright when asked.
  typealias Output = (rgba: [UInt8], width: Int, height: Int)

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
    var timing: TimingSamples?
    if runs > 0 {
      var samples = TimingSamples()
      for _ in 0..<runs { _ = try samples.time { try ImageDecoder.decode(bytes) } }
      timing = samples
    }
    let upright = parsed.flags.contains("--upright")
    let output: Output =
      upright ? try uprightPixels(image) : (image.rgba, image.width, image.height)
    if let pngPath = parsed.value("-o") { try write(png(output), to: pngPath) }
    if let rgbaPath = parsed.value("--rgba") { try write(output.rgba, to: rgbaPath) }
    if parsed.flags.contains("--json") {
      print(
        json(path: path, image, output: output, upright: upright, parsed: parsed, timing: timing)
          .serialized())
    } else {
      printSummary(
        path: path, image, output: output, upright: upright, parsed: parsed, timing: timing)
    }
    return 0
  }

  /// The decoded pixels turned upright by their EXIF orientation.
  private static func uprightPixels(_ image: DecodedImage) throws -> Output {
    guard let orientation = ImageOrientation(exif: image.exifOrientation), orientation != .up
    else { return (image.rgba, image.width, image.height) }
    let turned = try PixelImage(
      width: image.width, height: image.height, format: .rgba8, bytes: image.rgba
    ).applying(orientation)
    return (turned.planes[0].bytes, turned.width, turned.height)
  }

  /// A PNG of `output`: RGB when every pixel is opaque, else RGBA.
  private static func png(_ output: Output) -> [UInt8] {
    let pixels = output.width * output.height
    let opaque = stride(from: 3, to: output.rgba.count, by: 4).allSatisfy { output.rgba[$0] == 255 }
    guard opaque else {
      return PNGEncoder.encode(
        width: output.width, height: output.height, pixels: output.rgba, layout: .rgba)
    }
    var rgb = [UInt8](repeating: 0, count: pixels * 3)
    for pixel in 0..<pixels {
      rgb[3 * pixel] = output.rgba[4 * pixel]
      rgb[3 * pixel + 1] = output.rgba[4 * pixel + 1]
      rgb[3 * pixel + 2] = output.rgba[4 * pixel + 2]
    }
    return PNGEncoder.encode(width: output.width, height: output.height, pixels: rgb, layout: .rgb)
  }

  /// The `--json` document (see Docs/JSON.md).
  private static func json(
    path: String, _ image: DecodedImage, output: Output, upright: Bool, parsed: ParsedArguments,
    timing: TimingSamples?
  ) -> JSONValue {
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
        ("runs", .int(timing.values.count)),
        ("median_ms", .double(rounded(timing.median))),
        ("min_ms", .double(rounded(timing.min))),
      ]
    }
    return .fields(fields)
  }

  /// The text summary.
  private static func printSummary(
    path: String, _ image: DecodedImage, output: Output, upright: Bool, parsed: ParsedArguments,
    timing: TimingSamples?
  ) {
    var line =
      "\(path): \(image.format) \(image.width)×\(image.height), EXIF orientation \(image.exifOrientation)"
    if image.isIncomplete { line += ", incomplete (damaged or truncated data)" }
    print(line)
    if upright { print("  upright  \(output.width)×\(output.height)") }
    if let pngPath = parsed.value("-o") { print("  wrote    \(pngPath)") }
    if let rgbaPath = parsed.value("--rgba") { print("  wrote    \(rgbaPath) (raw RGBA)") }
    if let timing {
      print(
        "  decode   median \(rounded(timing.median)) ms, min \(rounded(timing.min)) ms (\(timing.values.count) runs)"
      )
    }
  }

  private static func write(_ bytes: [UInt8], to path: String) throws {
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    } catch {
      throw Failure(description: "cannot write \(path): \(error.localizedDescription)")
    }
  }

  /// Milliseconds to the microsecond.
  private static func rounded(_ value: Double) -> Double { TimingSamples.rounded(value) }
}
