import Foundation
import ImageCodecs
import OcellusTestSupport
import Testing

/// `JPEGDecoder` through its public API: metadata, limits, errors, and truncated files (whose
/// progressive block smoothing must match libjpeg-turbo).
@Suite("JPEG decoder: API and truncated files")
struct JPEGDecoderTests {
  static func file(_ name: String) throws -> [UInt8] {
    try SharedData.bytes("conformance/" + name)
  }

  @Test("EXIF orientation, opaque alpha, format", .enabled(if: SharedData.isAvailable))
  func metadata() throws {
    let image = try JPEGDecoder.decode(try Self.file("exif/pillow/hopper_orientation_6.jpg"))
    #expect(image.width == 128 && image.height == 128)
    #expect(image.exifOrientation == 6)
    #expect(image.format == .jpeg)
    #expect(image.rgba.count == 128 * 128 * 4)
    #expect(stride(from: 3, to: image.rgba.count, by: 4).allSatisfy { image.rgba[$0] == 255 })
    #expect(!image.isIncomplete)
  }

  @Test(
    "an embedded ICC profile is reported, grayscale decodes to R = G = B",
    .enabled(if: SharedData.isAvailable))
  func grayAndICC() throws {
    let icc = try JPEGDecoder.decode(
      try Self.file("jpeg/jpeg-decoder-reftest/mozilla/jpg-srgb-icc.jpg"))
    #expect(icc.colorInfo.hasICCProfile)
    let gray = try JPEGDecoder.decode(
      try Self.file("jpeg/jpeg-decoder-reftest/mozilla/jpg-gray.jpg"))
    #expect(!gray.colorInfo.hasICCProfile)
    let red: [UInt8] = stride(from: 0, to: gray.rgba.count, by: 4).map { gray.rgba[$0] }
    let green: [UInt8] = stride(from: 1, to: gray.rgba.count, by: 4).map { gray.rgba[$0] }
    let blue: [UInt8] = stride(from: 2, to: gray.rgba.count, by: 4).map { gray.rgba[$0] }
    #expect(red == green && red == blue)
    #expect(Set(red).count > 10)
  }

  @Test("limits are enforced before decoding", .enabled(if: SharedData.isAvailable))
  func limits() throws {
    let bytes = try Self.file("jpeg/libjpeg-turbo/testorig.jpg")
    #expect(throws: DecodeError.self) {
      try JPEGDecoder.decode(bytes, limits: DecodeLimits(maxPixels: 227 * 149 - 1))
    }
    #expect(throws: DecodeError.self) {
      try JPEGDecoder.decode(bytes, limits: DecodeLimits(maxDecodedBytes: 100_000))
    }
    #expect(try JPEGDecoder.decode(bytes, limits: DecodeLimits(maxPixels: 227 * 149)).width == 227)
  }

  @Test("non-JPEG and empty input throw")
  func notJPEG() {
    #expect(throws: DecodeError.self) { try JPEGDecoder.decode([]) }
    #expect(throws: DecodeError.self) {
      try JPEGDecoder.decode([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0])
    }
    #expect(throws: DecodeError.self) { try JPEGDecoder.decode([0xFF, 0xD8, 0xFF, 0xD9]) }
  }

  /// SHA-256 of Pillow 13's RGBA decode (libjpeg-turbo 3.2.0, `LOAD_TRUNCATED_IMAGES`) of a
  /// file's first `length` bytes, generated with /tmp/pil-venv for these tests.
  static let truncated: [(file: String, length: Int, sha256: String)] = [
    (
      "jpeg/libjpeg-turbo/testorig.jpg", 3000,
      "14c804718911faf6e0b6f100d86e73245eba6b585e5063c964de463fba13834e"
    ),
    (
      "jpeg/jpeg-decoder-reftest/progressive3.jpg", 5000,
      "63d7053425ab40ab31f076bdc8652a7429fced3425884808fea199d334a88a77"
    ),
    (
      "jpeg/jpeg-decoder-reftest/progressive3.jpg", 20000,
      "f74adf4965cfba147d6b29d1d39c922ccbbc6695fa44dbf5fe05e755825ab0e8"
    ),
    (
      "jpeg/jpeg-decoder-reftest/progressive3.jpg", 40000,
      "ff579d8ce90717708ff289f5ec320cda79c2519d7fb3f987efe35203cdadb2cc"
    ),
  ]

  @Test(
    "truncated baseline and progressive files (block smoothing) match libjpeg-turbo bit for bit",
    .enabled(if: SharedData.isAvailable), arguments: truncated.indices)
  func truncatedFiles(_ index: Int) throws {
    let (name, length, sha256) = Self.truncated[index]
    let bytes = Array(try Self.file(name).prefix(length))
    let image = try JPEGDecoder.decode(bytes)
    #expect(image.isIncomplete)
    #expect(SHA256.hex(image.rgba) == sha256)
    #expect(try JPEGReferenceDecoder.decode(bytes) == image)
  }
}
