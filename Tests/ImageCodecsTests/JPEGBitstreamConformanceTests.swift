import Foundation
import ImageCodecs
import OcellusTestSupport
import Testing

/// The JPEG bitstream decoder on the conformance files: manifest facts, libjpeg-turbo's own
/// coefficients, unsupported processes, and the crash tests' time bound.
@Suite("JPEG bitstream: conformance files")
struct JPEGBitstreamConformanceTests {
  /// Coding processes the decoder implements (the manifest's `sof` names).
  static let supported: Set<String> = ["baseline", "extended-huffman", "progressive-huffman"]

  /// JPEG entries that must decode: status ok with a supported, 8-bit process.
  static let decodable = ConformanceManifest.entries {
    $0.kind == "jpeg" && $0.status == "ok" && supported.contains($0.sof ?? "") && $0.precision == 8
  }

  /// JPEG entries outside the crash tests whose process or precision is unsupported.
  static let unsupported = ConformanceManifest.entries {
    $0.kind == "jpeg" && !$0.file.contains("jpeg-decoder-crashtest")
      && ($0.sof.map { !supported.contains($0) } ?? false || ($0.precision ?? 8) != 8)
  }

  /// Every file under jpeg-decoder-crashtest.
  static let crashTests = ConformanceManifest.entries {
    $0.kind == "jpeg" && $0.file.contains("jpeg-decoder-crashtest")
  }

  /// Files whose coefficients libjpeg-turbo computed, sorted.
  static let checksummed = JPEGBitstreamFixtures.libjpegChecksums.keys.sorted()

  /// The manifest's raw entries by file, for the fields `ConformanceManifest.Entry` does not
  /// carry (subsampling, restart_interval, scans).
  static let markerFacts: [String: (subsampling: String?, restartInterval: Int?, scans: Int?)] = {
    guard SharedData.isAvailable, let bytes = try? SharedData.bytes("conformance/manifest.json"),
      let root = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
      let files = root["files"] as? [[String: Any]]
    else { return [:] }
    var byFile: [String: (subsampling: String?, restartInterval: Int?, scans: Int?)] = [:]
    for file in files {
      if let name = file["file"] as? String {
        byFile[name] = (
          file["subsampling"] as? String, file["restart_interval"] as? Int, file["scans"] as? Int
        )
      }
    }
    return byFile
  }()

  @Test("the conformance data is present (required in CI)")
  func dataPresent() {
    if SharedData.isCI || SharedData.isAvailable {
      #expect(Self.decodable.count >= 80)
      #expect(Self.crashTests.count == 111)
      #expect(Self.checksummed.count >= 100)
    }
  }

  @Test(
    "decodes with the manifest's size, process, sampling, restart interval, scans and EXIF orientation",
    arguments: decodable)
  func manifestFacts(_ entry: ConformanceManifest.Entry) throws {
    let info = try JPEGInspector.inspect(try SharedData.bytes("conformance/" + entry.file))
    if let width = entry.width { #expect(info.width == width) }
    if let height = entry.height { #expect(info.height == height) }
    #expect(info.isProgressive == (entry.sof == "progressive-huffman"))
    if let orientation = entry.exifOrientation {
      #expect(info.exifOrientation == ((1...8).contains(orientation) ? orientation : 1))
    }
    if entry.flags.contains("cmyk") {
      #expect(info.colorTransform == "cmyk" || info.colorTransform == "ycck")
    }
    let facts = try #require(Self.markerFacts[entry.file])
    if let interval = facts.restartInterval { #expect(info.restartInterval == interval) }
    if let scans = facts.scans { #expect(info.scanCount == scans) }
    if let subsampling = facts.subsampling {
      let ours = info.components.map { "\($0.horizontalSampling)\($0.verticalSampling)" }.joined(
        separator: "x")
      #expect(ours == subsampling)
    } else {
      #expect(info.components.count == 1)
      #expect(info.colorTransform == "grayscale")
    }
  }

  @Test("coefficients are exactly libjpeg-turbo's", arguments: checksummed)
  func libjpegCoefficients(_ file: String) throws {
    let info = try JPEGInspector.inspect(try SharedData.bytes("conformance/" + file))
    #expect(info.coefficientChecksum == JPEGBitstreamFixtures.libjpegChecksums[file])
  }

  @Test(
    "arithmetic coding, lossless and 12-bit files throw .unsupported naming the feature",
    arguments: unsupported)
  func unsupportedProcesses(_ entry: ConformanceManifest.Entry) throws {
    let bytes = try SharedData.bytes("conformance/" + entry.file)
    let expected =
      (entry.precision ?? 8) != 8 && !(entry.sof ?? "").contains("lossless")
      ? "\(entry.precision ?? 0)-bit"
      : (entry.sof ?? "").contains("arithmetic") ? "arithmetic" : "lossless"
    #expect {
      try JPEGInspector.inspect(bytes)
    } throws: { error in
      guard case .unsupported(format: .jpeg, let feature) = error as? DecodeError else {
        return false
      }
      return feature.contains(expected)
    }
  }

  @Test(
    "every crash test returns within a second; those libjpeg decodes give a frame",
    arguments: crashTests)
  func crashTest(_ entry: ConformanceManifest.Entry) throws {
    let bytes = try SharedData.bytes("conformance/" + entry.file)
    let start = Date()
    let result = Result { try JPEGInspector.inspect(bytes) }
    #expect(Date().timeIntervalSince(start) < 1)
    if entry.status == "ok" {
      let info = try result.get()
      if let width = entry.width { #expect(info.width == width) }
      if let height = entry.height { #expect(info.height == height) }
    }
  }
}
