import Foundation
import ImageCodecs
import OcellusTestSupport
import Testing

/// Every PNG of the conformance manifest: `ok` files decode to the expected pixels, `error`
/// files throw a ``DecodeError``.
@Suite("PNG conformance (manifest)")
struct PNGConformanceTests {
  /// RGBA16 little-endian SHA-256 of the 16-bit files, computed with pypng 0.20220715
  /// (`asDirect()` with sBIT ignored, expanded to RGBA, alpha 65535), used when the manifest
  /// has no `rgba16_sha256` for a file.
  static let rgba16Digests: [String: String] = [
    "x_consecutive_idat.png": "0a417081238b53f470010bef37189246d2491f6cfde5fc0a6f8eef933ef787ef",
    "basi0g16.png": "36e84ef71301ec1805e87491c42718e36dc63ec11f295b36c839d0af075623b4",
    "basi2c16.png": "0a417081238b53f470010bef37189246d2491f6cfde5fc0a6f8eef933ef787ef",
    "basi4a16.png": "4532d5c838b72db1be60f52bb524eb764a3955fbf9ced4631be9cad3a1a42648",
    "basi6a16.png": "f4808aeadd7d1d8e039d8f1360282948cdb41f2e2aaedd233c30f42cf7afbb35",
    "basn0g16.png": "36e84ef71301ec1805e87491c42718e36dc63ec11f295b36c839d0af075623b4",
    "basn2c16.png": "0a417081238b53f470010bef37189246d2491f6cfde5fc0a6f8eef933ef787ef",
    "basn4a16.png": "4532d5c838b72db1be60f52bb524eb764a3955fbf9ced4631be9cad3a1a42648",
    "basn6a16.png": "f4808aeadd7d1d8e039d8f1360282948cdb41f2e2aaedd233c30f42cf7afbb35",
    "bgai4a16.png": "4532d5c838b72db1be60f52bb524eb764a3955fbf9ced4631be9cad3a1a42648",
    "bgan6a16.png": "f4808aeadd7d1d8e039d8f1360282948cdb41f2e2aaedd233c30f42cf7afbb35",
    "bggn4a16.png": "4532d5c838b72db1be60f52bb524eb764a3955fbf9ced4631be9cad3a1a42648",
    "bgyn6a16.png": "f4808aeadd7d1d8e039d8f1360282948cdb41f2e2aaedd233c30f42cf7afbb35",
    "cs3n2c16.png": "39105b2124ae6fc41a6aa4bbdbe748c8e1a6d5214a3a795ca3d3e759af9f406a",
    "g03n0g16.png": "a609279d721b6d45666913726e602150eea234e1ff8cee2d31a1d03489543ec3",
    "g04n0g16.png": "ab820af025d10e7262d53a1b3ef50bba0188b382c3d6c21acf71e4af993084d9",
    "g05n0g16.png": "4a95e1d5620992b20fac43665939936866148a8492c26b514ded6a5ebc8d308a",
    "g07n0g16.png": "1141c48e6c4c1727b1a7d5c009a4cef260689973cd6b88e9857e88b0d7e19049",
    "g10n0g16.png": "f7f90e3868d1fa07ffe368f462a77d68e18497215286c857eb0db0310e8f7d06",
    "g25n0g16.png": "29f50cb023809b1faad4861026aa40454e68bf483b14a04914cce227c83160b4",
    "oi1n0g16.png": "36e84ef71301ec1805e87491c42718e36dc63ec11f295b36c839d0af075623b4",
    "oi1n2c16.png": "0a417081238b53f470010bef37189246d2491f6cfde5fc0a6f8eef933ef787ef",
    "oi2n0g16.png": "36e84ef71301ec1805e87491c42718e36dc63ec11f295b36c839d0af075623b4",
    "oi2n2c16.png": "0a417081238b53f470010bef37189246d2491f6cfde5fc0a6f8eef933ef787ef",
    "oi4n0g16.png": "36e84ef71301ec1805e87491c42718e36dc63ec11f295b36c839d0af075623b4",
    "oi4n2c16.png": "0a417081238b53f470010bef37189246d2491f6cfde5fc0a6f8eef933ef787ef",
    "oi9n0g16.png": "36e84ef71301ec1805e87491c42718e36dc63ec11f295b36c839d0af075623b4",
    "oi9n2c16.png": "0a417081238b53f470010bef37189246d2491f6cfde5fc0a6f8eef933ef787ef",
    "pp0n2c16.png": "0a417081238b53f470010bef37189246d2491f6cfde5fc0a6f8eef933ef787ef",
    "ps1n2c16.png": "0a417081238b53f470010bef37189246d2491f6cfde5fc0a6f8eef933ef787ef",
    "ps2n2c16.png": "0a417081238b53f470010bef37189246d2491f6cfde5fc0a6f8eef933ef787ef",
    "tbbn2c16.png": "3606db98b97090b5203e4b3f9c372a0a020ff5d1fe4f18451fa434a0ea58328b",
    "tbgn2c16.png": "3606db98b97090b5203e4b3f9c372a0a020ff5d1fe4f18451fa434a0ea58328b",
    "tbwn0g16.png": "645057c61153692265d08d5b030474bc3ffcc35267ff541ca238d364cd7ab63f",
  ]

  /// The bit depth from the IHDR of a PNG file (byte 24), or nil for a damaged file.
  static func bitDepth(_ bytes: [UInt8]) -> Int? {
    bytes.count > 24 && Array(bytes[12..<16]) == Array("IHDR".utf8) ? Int(bytes[24]) : nil
  }

  static func littleEndianBytes(_ samples: [UInt16]) -> [UInt8] {
    var bytes = [UInt8]()
    bytes.reserveCapacity(samples.count * 2)
    for sample in samples {
      bytes.append(UInt8(truncatingIfNeeded: sample))
      bytes.append(UInt8(truncatingIfNeeded: sample >> 8))
    }
    return bytes
  }

  @Test("the manifest lists the PNG files", .enabled(if: SharedData.isAvailable))
  func manifestHasPNGs() {
    let entries = ConformanceManifest.entries(where: { $0.kind == "png" })
    #expect(entries.count == 196)
    #expect(entries.filter { $0.status == "error" }.count == 23)
  }

  @Test(
    "PNG ok files decode to the expected RGBA8 (and RGBA16) pixels",
    arguments: ConformanceManifest.entries(where: { $0.kind == "png" && $0.status == "ok" }))
  func okFile(_ entry: ConformanceManifest.Entry) throws {
    let bytes = try SharedData.bytes("conformance/" + entry.file)
    let image = try PNGDecoder.decode(bytes)
    #expect(image.format == .png)
    #expect(image.width == entry.width)
    #expect(image.height == entry.height)
    #expect(image.rgba.count == image.width * image.height * 4)
    #expect(SHA256.hex(image.rgba) == entry.rgbaSHA256)
    #expect(image.exifOrientation == max(1, entry.exifOrientation ?? 1))
    if Self.bitDepth(bytes) == 16 {
      let wide = try PNGDecoder.decodeRGBA16(bytes)
      let name = String(entry.file.split(separator: "/").last ?? "")
      let expected = entry.rgba16SHA256 ?? Self.rgba16Digests[name]
      #expect(expected != nil, "no RGBA16 digest for \(entry.file)")
      #expect(SHA256.hex(Self.littleEndianBytes(wide.rgba)) == expected)
      // The 8-bit decode is the high byte of the 16-bit one.
      #expect(wide.rgba.map { UInt8($0 >> 8) } == image.rgba)
    } else {
      // Narrower sources widen exactly: every 16-bit sample is the 8-bit one × 257.
      let wide = try PNGDecoder.decodeRGBA16(bytes)
      #expect(wide.rgba == image.rgba.map { UInt16($0) * 257 })
    }
  }

  @Test(
    "PNG error files throw a DecodeError",
    arguments: ConformanceManifest.entries(where: { $0.kind == "png" && $0.status == "error" }))
  func errorFile(_ entry: ConformanceManifest.Entry) throws {
    let bytes = try SharedData.bytes("conformance/" + entry.file)
    #expect(throws: DecodeError.self) { try PNGDecoder.decode(bytes) }
    #expect(throws: DecodeError.self) { try PNGDecoder.decodeRGBA16(bytes) }
  }
}
