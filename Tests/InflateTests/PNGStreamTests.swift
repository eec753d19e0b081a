import Foundation
import Inflate
import OcellusTestSupport
import Testing

/// The parts of a PNG file these tests need, found by a minimal chunk walker.
struct PNGStreams: Sendable {
  /// IHDR fields, if a complete IHDR chunk exists.
  var width = 0
  var height = 0
  var bitDepth = 0
  var colorType = 0
  var interlaced = false
  var hasHeader = false
  /// The concatenated IDAT payloads (a truncated last chunk contributes what exists).
  var zlibStream: [UInt8] = []

  init(file: [UInt8]) {
    var offset = 8
    while offset + 8 <= file.count {
      let length =
        Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8
        | Int(file[offset + 3])
      let type = String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let dataStart = offset + 8
      let dataEnd = min(file.count, dataStart + length)
      if type == "IHDR" && dataEnd - dataStart >= 13 {
        func u32(_ at: Int) -> Int {
          Int(file[at]) << 24 | Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
        }
        width = u32(dataStart)
        height = u32(dataStart + 4)
        bitDepth = Int(file[dataStart + 8])
        colorType = Int(file[dataStart + 9])
        interlaced = file[dataStart + 12] == 1
        hasHeader = true
      }
      if type == "IDAT" {
        zlibStream += file[dataStart..<dataEnd]
      }
      if type == "IEND" || dataStart + length + 4 > file.count { break }
      offset = dataStart + length + 4
    }
  }

  /// Bits per pixel for a valid (colour type, bit depth) pair, else nil.
  var bitsPerPixel: Int? {
    let channels: Int
    let depths: [Int]
    switch colorType {
    case 0: (channels, depths) = (1, [1, 2, 4, 8, 16])
    case 2: (channels, depths) = (3, [8, 16])
    case 3: (channels, depths) = (1, [1, 2, 4, 8])
    case 4: (channels, depths) = (2, [8, 16])
    case 6: (channels, depths) = (4, [8, 16])
    default: return nil
    }
    return depths.contains(bitDepth) ? channels * bitDepth : nil
  }

  /// The exact size of the filtered image data: one filter byte per row, per Adam7 pass
  /// when interlaced (empty passes have no rows).
  var rawSize: Int? {
    guard hasHeader, let bits = bitsPerPixel, width > 0, height > 0 else { return nil }
    func passSize(_ w: Int, _ h: Int) -> Int {
      w == 0 || h == 0 ? 0 : h * (1 + (w * bits + 7) / 8)
    }
    guard interlaced else { return passSize(width, height) }
    // Adam7 passes: (x start, y start, x step, y step).
    let passes = [
      (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
      (0, 1, 1, 2),
    ]
    return passes.reduce(0) { total, pass in
      let w = (width - pass.0 + pass.2 - 1) / pass.2
      let h = (height - pass.1 + pass.3 - 1) / pass.3
      return total + passSize(max(0, w), max(0, h))
    }
  }
}

@Suite("Inflate: real zlib streams from PNG files", .enabled(if: SharedData.isAvailable))
struct PNGStreamTests {
  /// Files whose zlib layer itself is broken (checked with Python's zlib, which fails the
  /// same way): no IDAT at all, an empty or cut IDAT, or invalid code lengths. Every other listed PNG, including
  /// those the manifest marks as errors for other reasons, must inflate.
  static let brokenStreams: [String: InflateError] = [
    "pngsuite/xdtn0g01.png": .unexpectedEndOfInput(byteOffset: 0),
    "pngsuite/xlfn0g04.png": .unexpectedEndOfInput(byteOffset: 0),
    "png-extra/image-png-bugfixes/x_image-issue#1075.png": .unexpectedEndOfInput(byteOffset: 0),
    "png-extra/image-png-bugfixes/x_issue#230.1.png": .unexpectedEndOfInput(byteOffset: 0),
    "png-extra/image-png-bugfixes/x_unexpected_eof.png": .unexpectedEndOfInput(byteOffset: 0),
    "png-extra/image-png-bugfixes/x_issue#230.0.png": .unexpectedEndOfInput(byteOffset: 1),
    // zlib: "too many length or distance symbols".
    "png-extra/image-png-bugfixes/x_issue#214.png": .tooManyCodes(
      literalLengthCodes: 282, distanceCodes: 31, bitOffset: 16),
    // zlib: "invalid code lengths set".
    "png-extra/image-png-bugfixes/x_ihdr_missing.png": .oversubscribedCode(
      table: .codeLength, bitOffset: 16),
  ]

  /// Every PNG listed in the conformance manifest, with its manifest status.
  static let files: [(path: String, status: String)] = {
    let url = TestSupport.shared.appendingPathComponent("conformance/manifest.json")
    guard let data = try? Data(contentsOf: url),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let files = json["files"] as? [[String: Any]]
    else { return [] }
    return files.compactMap { entry in
      guard entry["kind"] as? String == "png", let file = entry["file"] as? String else {
        return nil
      }
      return (file, entry["status"] as? String ?? "")
    }
  }()

  @Test func manifestListsThePNGSuite() {
    #expect(Self.files.count >= 190)
    #expect(Self.files.filter { $0.path.hasPrefix("pngsuite/") }.count >= 170)
    for name in Self.brokenStreams.keys {
      #expect(Self.files.contains { $0.path == name && $0.status == "error" }, "\(name)")
    }
  }

  @Test(arguments: files.map(\.path))
  func idatStreamInflatesToTheIHDRSize(_ path: String) throws {
    let file = try TestSupport.read("conformance/" + path)
    let png = PNGStreams(file: file)
    if let expected = Self.brokenStreams[path] {
      let error = TestSupport.inflateError { () throws(InflateError) in
        _ = try Inflate.decompress(png.zlibStream, format: .zlib)
      }
      #expect(error == expected)
      return
    }
    let output = try Inflate.decompress(png.zlibStream, format: .zlib)
    if let rawSize = png.rawSize {
      #expect(output.count == rawSize)
      // The exact-size mode agrees.
      let exact = try Inflate.decompress(
        png.zlibStream, format: .zlib, limits: InflateLimits(expectedOutputBytes: rawSize))
      #expect(exact == output)
    } else {
      // Only files with an invalid IHDR (bit depth or colour type) have no computable size.
      #expect(Self.files.first { $0.path == path }?.status == "error")
    }
  }

  @Test func allSizedFilesAreChecked() throws {
    // Guard against the size check being skipped silently: every "ok" file has a size.
    for (path, status) in Self.files where status == "ok" {
      let png = PNGStreams(file: try TestSupport.read("conformance/" + path))
      #expect(png.rawSize != nil, "\(path)")
    }
  }
}
