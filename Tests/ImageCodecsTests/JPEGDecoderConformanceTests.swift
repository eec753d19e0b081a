import Foundation
import ImageCodecs
import OcellusTestSupport
import Testing

/// The whole JPEG decoder on the conformance files: every supported `ok` file within tolerance
/// of libjpeg-turbo 3.2.0 via Pillow 13 (and counted bit-identical), the fast path equal to the
/// scalar reference everywhere (crash tests included), and unsupported processes rejected.
@Suite("JPEG decoder: conformance files")
struct JPEGDecoderConformanceTests {
  static let supported: Set<String> = ["baseline", "extended-huffman", "progressive-huffman"]

  static func isSupported(_ entry: ConformanceManifest.Entry) -> Bool {
    supported.contains(entry.sof ?? "") && entry.precision == 8
  }

  /// Supported `ok` entries with a reference decode.
  static let referenced = ConformanceManifest.entries {
    $0.kind == "jpeg" && $0.status == "ok" && isSupported($0) && $0.expectedPNG != nil
  }

  /// Entries (outside the crash tests) with arithmetic coding, 12-bit or lossless data.
  static let unsupported = ConformanceManifest.entries {
    $0.kind == "jpeg" && !$0.file.contains("jpeg-decoder-crashtest") && $0.sof != nil
      && !isSupported($0)
  }

  /// Every file under jpeg-decoder-crashtest.
  static let crashTests = ConformanceManifest.entries {
    $0.kind == "jpeg" && $0.file.contains("jpeg-decoder-crashtest")
  }

  /// The decode and the reference RGBA of `entry`.
  static func decodeWithReference(_ entry: ConformanceManifest.Entry) throws -> (
    DecodedImage, DecodedImage
  ) {
    let image = try JPEGDecoder.decode(try SharedData.bytes("conformance/" + entry.file))
    let expectedFile = try #require(entry.expectedPNG)
    let expected = try PNGDecoder.decode(try SharedData.bytes("conformance/" + expectedFile))
    return (image, expected)
  }

  /// The largest per-channel difference between two equally sized RGBA buffers.
  static func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
  }

  @Test("the conformance data is present (required in CI)")
  func dataPresent() {
    if SharedData.isCI || SharedData.isAvailable {
      #expect(Self.referenced.count >= 60)
      #expect(Self.unsupported.count >= 10)
      #expect(Self.crashTests.count == 111)
    }
  }

  @Test("decodes within the manifest's tolerance of libjpeg-turbo (Pillow)", arguments: referenced)
  func withinTolerance(_ entry: ConformanceManifest.Entry) throws {
    let (image, expected) = try Self.decodeWithReference(entry)
    #expect(image.width == expected.width && image.height == expected.height)
    try #require(image.rgba.count == expected.rgba.count)
    let difference = Self.maxDifference(image.rgba, expected.rgba)
    #expect(difference <= entry.tolerance ?? 0, "max difference \(difference)")
    #expect(image.format == .jpeg)
    if let orientation = entry.exifOrientation {
      #expect(image.exifOrientation == ((1...8).contains(orientation) ? orientation : 1))
    }
  }

  @Test(
    "every supported reference file is bit-identical to libjpeg-turbo",
    .enabled(if: SharedData.isAvailable))
  func bitIdenticalCount() throws {
    var identical = 0
    var different: [String] = []
    for entry in Self.referenced {
      let (image, expected) = try Self.decodeWithReference(entry)
      if image.rgba == expected.rgba { identical += 1 } else { different.append(entry.file) }
    }
    print("JPEG bit-identical to libjpeg-turbo 3.2.0: \(identical) of \(Self.referenced.count)")
    #expect(different.isEmpty, "not bit-identical: \(different)")
  }

  @Test(
    "fast path == scalar reference path on every file that decodes",
    arguments: referenced + crashTests)
  func fastMatchesReference(_ entry: ConformanceManifest.Entry) throws {
    let bytes = try SharedData.bytes("conformance/" + entry.file)
    let fast: DecodedImage
    do throws(DecodeError) {
      fast = try JPEGDecoder.decode(bytes)
    } catch {
      // Both paths share the bitstream half: the reference must fail the same way.
      #expect(throws: error) { try JPEGReferenceDecoder.decode(bytes) }
      return
    }
    let reference = try JPEGReferenceDecoder.decode(bytes)
    #expect(fast == reference)
  }

  @Test("arithmetic coding, 12-bit and lossless files throw .unsupported", arguments: unsupported)
  func unsupportedProcess(_ entry: ConformanceManifest.Entry) throws {
    let bytes = try SharedData.bytes("conformance/" + entry.file)
    do throws(DecodeError) {
      _ = try JPEGDecoder.decode(bytes)
      Issue.record("\(entry.file) decoded")
    } catch {
      guard case .unsupported = error else {
        Issue.record("\(entry.file): expected .unsupported, got \(error)")
        return
      }
    }
  }
}
