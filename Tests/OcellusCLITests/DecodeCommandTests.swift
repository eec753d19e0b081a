import Foundation
import OcellusTestSupport
import Testing

/// `ocellus decode`, run as a user runs it.
@Suite("ocellus decode", .enabled(if: SharedData.isAvailable && ToolRunner.executable != nil))
struct DecodeCommandTests {
  static func temporaryPath(_ suffix: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "ocellus-decode-\(UUID().uuidString)\(suffix)"
    ).path
  }

  static func json(_ result: ToolRunner.Result) throws -> [String: Any] {
    #expect(result.status == 0, "\(result.standardError)")
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    return try #require(object as? [String: Any])
  }

  @Test("a file that cannot be read: the error gives the system's reason")
  func unreadableFile() throws {
    let result = try ToolRunner.run(["decode", "/nonexistent/ocellus-missing.png"])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "cannot read /nonexistent/ocellus-missing.png: No such file or directory"))
  }

  @Test("a BMP photo: --json facts, --rgba bytes equal Pillow's decode, -o writes a PNG")
  func bmpPhoto() throws {
    let rgbaPath = Self.temporaryPath(".rgba")
    let pngPath = Self.temporaryPath(".png")
    defer {
      try? FileManager.default.removeItem(atPath: rgbaPath)
      try? FileManager.default.removeItem(atPath: pngPath)
    }
    let report = try Self.json(
      try ToolRunner.run([
        "decode", SharedData.path("images/bird.bmp"), "-o", pngPath, "--rgba", rgbaPath, "--json",
      ]))
    #expect(report["format"] as? String == "BMP")
    #expect(report["width"] as? Int == 512)
    #expect(report["height"] as? Int == 343)
    #expect(report["exif_orientation"] as? Int == 1)
    #expect(report["incomplete"] as? Bool == false)
    #expect(report["output_width"] as? Int == 512)
    #expect(report["png"] as? String == pngPath)
    let rgba = [UInt8](try Data(contentsOf: URL(fileURLWithPath: rgbaPath)))
    // SHA-256 of Pillow 13's Image.open("bird.bmp").convert("RGBA").tobytes().
    #expect(SHA256.hex(rgba) == "9659dd438d0d7ae12cee13551f983c3ced3997139b552e415569e123317199dc")
    let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pngPath)))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(png.count > 1000)
  }

  @Test("--runs N reports the median and minimum decode time")
  func timing() throws {
    let report = try Self.json(
      try ToolRunner.run(["decode", SharedData.path("images/cat.bmp"), "--runs", "5", "--json"]))
    #expect(report["runs"] as? Int == 5)
    let median = try #require(report["median_ms"] as? Double)
    let minimum = try #require(report["min_ms"] as? Double)
    #expect(minimum > 0 && minimum <= median)
    let text = try ToolRunner.run(["decode", SharedData.path("images/cat.bmp"), "--runs", "3"])
    #expect(text.status == 0)
    #expect(text.standardOutput.contains("BMP 512×341"))
    #expect(text.standardOutput.contains("median"))
  }

  @Test("--upright turns a JPEG by its EXIF orientation (2×1 with orientation 8 → 1×2)")
  func upright() throws {
    let rgbaPath = Self.temporaryPath(".rgba")
    defer { try? FileManager.default.removeItem(atPath: rgbaPath) }
    let file = SharedData.path("conformance/exif/pillow/orientation_rectangle.jpg")
    let stored = try Self.json(try ToolRunner.run(["decode", file, "--json"]))
    #expect(stored["width"] as? Int == 2 && stored["height"] as? Int == 1)
    #expect(stored["exif_orientation"] as? Int == 8)
    let report = try Self.json(
      try ToolRunner.run(["decode", file, "--upright", "--rgba", rgbaPath, "--json"]))
    #expect(report["upright"] as? Bool == true)
    #expect(report["output_width"] as? Int == 1)
    #expect(report["output_height"] as? Int == 2)
    #expect(try Data(contentsOf: URL(fileURLWithPath: rgbaPath)).count == 8)
  }

  @Test("errors: not an image, a missing file, bad arguments")
  func errors() throws {
    let notImage = try ToolRunner.run(["decode", SharedData.path("conformance/manifest.json")])
    #expect(notImage.status == 1)
    #expect(notImage.standardError.contains("not a PNG, JPEG or BMP file"))
    let missing = try ToolRunner.run(["decode", "/nonexistent/image.png"])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("cannot read"))
    let noImage = try ToolRunner.run(["decode"])
    #expect(noImage.status == 2)
    #expect(noImage.standardError.contains("missing IMAGE"))
    let badRuns = try ToolRunner.run(["decode", SharedData.path("images/cat.bmp"), "--runs", "0"])
    #expect(badRuns.status == 2)
    let help = try ToolRunner.run(["decode", "--help"])
    #expect(help.standardOutput.contains("ocellus decode IMAGE"))
  }
}
