import Foundation
import Inflate
import OcellusTestSupport
import TFLiteModel
import Testing

/// The shared models folder.
private let zipModelsDirectory = SharedData.root.appendingPathComponent("models")

private func zipModelBytes(_ name: String) throws -> [UInt8] {
  [UInt8](try Data(contentsOf: zipModelsDirectory.appendingPathComponent(name)))
}

private func base64(_ text: String) -> [UInt8] {
  [UInt8](Data(base64Encoded: text) ?? Data())
}

/// Returns the typed error thrown by `body`, or nil if it succeeds.
private func zipError<T>(_ body: () throws(ZipError) -> T) -> ZipError? {
  do {
    _ = try body()
    return nil
  } catch {
    return error
  }
}

/// Parses `bytes` and extracts every entry, throwing the first error.
private func readAllEntries(_ bytes: [UInt8]) throws(ZipError) -> [String: [UInt8]] {
  let archive = try ZipArchive(bytes: bytes)
  var result: [String: [UInt8]] = [:]
  for entry in archive.entries {
    result[entry.name] = Array(try archive.contents(of: entry))
  }
  return result
}

private func littleEndian32(_ bytes: [UInt8], _ offset: Int) -> Int {
  (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
}

private func littleEndian16(_ bytes: [UInt8], _ offset: Int) -> Int {
  Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
}

private func patch(_ bytes: [UInt8], at offset: Int, width: Int, value: Int) -> [UInt8] {
  var copy = bytes
  for index in 0..<width {
    copy[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index))
  }
  return copy
}

/// Zip archives written with Python's zipfile module (see each comment).
private enum ZipFixtures {
  // Generated with Python zipfile; each comment says how.
  /// labels.txt ("label 0\n" ... "label 59\n", ZIP_DEFLATED) and raw.bin (bytes 0..<40, ZIP_STORED).
  static let deflated = base64(
    "UEsDBBQAAAAIAAAAIQD1DD6/fQAAABICAAAKAAAAbGFiZWxzLnR4dD3RuQ0CQRBFQX+jIAT6AjYckPA2fxsJTY31vFLr9/X+fK/b/bj+jdVcrdVendXH6nP1tXpyNkgMZDADGtTABjfAQU5y7lvJSU5ykpOc5CQnuchFrj0DuchFLnKRi1zkJje5yb0XJje5yU1ucpOHPOQhD3n288hDHvKQ5zx+UEsDBBQAAAAAAAAAIQA8LqYNKAAAACgAAAAHAAAAcmF3LmJpbgABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4fICEiIyQlJidQSwECFAMUAAAACAAAACEA9Qw+v30AAAASAgAACgAAAAAAAAAAAAAAgAEAAAAAbGFiZWxzLnR4dFBLAQIUAxQAAAAAAAAAIQA8LqYNKAAAACgAAAAHAAAAAAAAAAAAAACAAaUAAAByYXcuYmluUEsFBgAAAAACAAIAbQAAAPIAAAAAAA=="
  )
  /// a.txt = "alpha\n"; archive comment containing a fake end-of-central-directory signature.
  static let comment = base64(
    "UEsDBBQAAAAAAFYcdl3sbmCfBgAAAAYAAAAFAAAAYS50eHRhbHBoYQpQSwECFAMUAAAAAABWHHZd7G5gnwYAAAAGAAAABQAAAAAAAAAAAAAAgAEAAAAAYS50eHRQSwUGAAAAAAEAAQAzAAAAKQAAADAAY29tbWVudCB3aXRoIGEgZmFrZSBQSwUGIHNpZ25hdHVyZSBhbmQgbW9yZSB0ZXh0"
  )
  /// 130-byte prefix, then ZipFile(mode: "a"): x.txt, y.txt with absolute offsets (prefix 0).
  static let absolute = base64(
    "RkxBVEJVRkZFUkZMQVRCVUZGRVJGTEFUQlVGRkVSRkxBVEJVRkZFUkZMQVRCVUZGRVJGTEFUQlVGRkVSRkxBVEJVRkZFUkZMQVRCVUZGRVJGTEFUQlVGRkVSRkxBVEJVRkZFUkZMQVRCVUZGRVJGTEFUQlVGRkVSRkxBVEJVRkZFUlBLAwQUAAAAAABWHHZdJC15sAkAAAAJAAAABQAAAHgudHh0YWJzb2x1dGUKUEsDBBQAAAAAAFYcdl1+wA8GBwAAAAcAAAAFAAAAeS50eHRzZWNvbmQKUEsBAhQDFAAAAAAAVhx2XSQtebAJAAAACQAAAAUAAAAAAAAAAAAAAIABggAAAHgudHh0UEsBAhQDFAAAAAAAVhx2XX7ADwYHAAAABwAAAAUAAAAAAAAAAAAAAIABrgAAAHkudHh0UEsFBgAAAAACAAIAZgAAANgAAAAAAA=="
  )
  /// 130-byte prefix followed by a separately written zip (x.txt, y.txt): zip-relative offsets (prefix 130).
  static let relative = base64(
    "RkxBVEJVRkZFUkZMQVRCVUZGRVJGTEFUQlVGRkVSRkxBVEJVRkZFUkZMQVRCVUZGRVJGTEFUQlVGRkVSRkxBVEJVRkZFUkZMQVRCVUZGRVJGTEFUQlVGRkVSRkxBVEJVRkZFUkZMQVRCVUZGRVJGTEFUQlVGRkVSRkxBVEJVRkZFUlBLAwQUAAAAAABWHHZd1De2zQkAAAAJAAAABQAAAHgudHh0cmVsYXRpdmUKUEsDBBQAAAAAAFYcdl1+wA8GBwAAAAcAAAAFAAAAeS50eHRzZWNvbmQKUEsBAhQDFAAAAAAAVhx2XdQ3ts0JAAAACQAAAAUAAAAAAAAAAAAAAIABAAAAAHgudHh0UEsBAhQDFAAAAAAAVhx2XX7ADwYHAAAABwAAAAUAAAAAAAAAAAAAAIABLAAAAHkudHh0UEsFBgAAAAACAAIAZgAAAFYAAAAAAA=="
  )
  /// dup.txt = "first\n", other.txt, dup.txt = "second\n".
  static let duplicates = base64(
    "UEsDBBQAAAAAAFYcdl0qs0rHBgAAAAYAAAAHAAAAZHVwLnR4dGZpcnN0ClBLAwQUAAAAAABWHHZdbn5gCQYAAAAGAAAACQAAAG90aGVyLnR4dG90aGVyClBLAwQUAAAAAABWHHZdfsAPBgcAAAAHAAAABwAAAGR1cC50eHRzZWNvbmQKUEsBAhQDFAAAAAAAVhx2XSqzSscGAAAABgAAAAcAAAAAAAAAAAAAAIABAAAAAGR1cC50eHRQSwECFAMUAAAAAABWHHZdbn5gCQYAAAAGAAAACQAAAAAAAAAAAAAAgAErAAAAb3RoZXIudHh0UEsBAhQDFAAAAAAAVhx2XX7ADwYHAAAABwAAAAcAAAAAAAAAAAAAAIABWAAAAGR1cC50eHRQSwUGAAAAAAMAAwChAAAAhAAAAAAA"
  )
  /// An archive with no entries (just the end record).
  static let empty = base64("UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==")
  /// zeros.bin: 200000 zero bytes, ZIP_DEFLATED.
  static let zeros = base64(
    "UEsDBBQAAAAIAAAAIQB7WOBc0wAAAEANAwAJAAAAemVyb3MuYmlu7cExAQAAAMKg9U9tBn+gAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAIDXAFBLAQIUAxQAAAAIAAAAIQB7WOBc0wAAAEANAwAJAAAAAAAAAAAAAACAAQAAAAB6ZXJvcy5iaW5QSwUGAAAAAAEAAQA3AAAA+gAAAAAA"
  )
  /// données/étiquettes.txt = "chat\nchien\n" (UTF-8 name flag set).
  static let utf8 = base64(
    "UEsDBBQAAAgAAAAAIQCfD0iTCwAAAAsAAAAYAAAAZG9ubsOpZXMvw6l0aXF1ZXR0ZXMudHh0Y2hhdApjaGllbgpQSwECFAMUAAAIAAAAACEAnw9IkwsAAAALAAAAGAAAAAAAAAAAAAAAgAEAAAAAZG9ubsOpZXMvw6l0aXF1ZXR0ZXMudHh0UEsFBgAAAAABAAEARgAAAEEAAAAAAA=="
  )
  /// données/étiquettes.txt = "chat\nchien\n"; the local header has a 12-byte extra field the central record lacks.
  static let localExtra = base64(
    "UEsDBBQAAAgAAAAAIQCfD0iTCwAAAAsAAAAYAAwAZG9ubsOpZXMvw6l0aXF1ZXR0ZXMudHh0/soIADEyMzQ1Njc4Y2hhdApjaGllbgpQSwECFAMUAAAIAAAAACEAnw9IkwsAAAALAAAAGAAAAAAAAAAAAAAAgAEAAAAAZG9ubsOpZXMvw6l0aXF1ZXR0ZXMudHh0UEsFBgAAAAABAAEARgAAAE0AAAAAAA=="
  )
}

/// What Python's zipfile reports for the associated files of the real models.
private struct ZipModelExpectation: Sendable, CustomStringConvertible {
  let model: String
  let entries: [(name: String, size: Int, crc32: UInt32)]
  var description: String { model }
}

private let modelsWithArchives: [ZipModelExpectation] = [
  ZipModelExpectation(
    model: "mobilenet_v1_0.25_224_quant.tflite", entries: [("labels.txt", 10484, 0xDAB4_9060)]),
  ZipModelExpectation(
    model: "mobilenet_v1_0.25_224_quant_without_subgraph_metadata.tflite",
    entries: [("labels.txt", 10484, 0xDAB4_9060)]),
  ZipModelExpectation(
    model: "mobilenet_v1_0.25_224_1_metadata_1.tflite",
    entries: [("labels.txt", 10484, 0xDAB4_9060)]),
  ZipModelExpectation(
    model: "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite",
    entries: [("labelmap.txt", 661, 0x23D7_A6A1)]),
  ZipModelExpectation(
    model: "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29_score_calibration.tflite",
    entries: [
      ("score_calibration_dummy.csv", 1364, 0x4E31_154F), ("labelmap.txt", 661, 0x23D7_A6A1),
    ]),
  ZipModelExpectation(
    model: "mlkit_bird_classifier.tflite",
    entries: [("0-labels-en.txt", 37132, 0xA8AE_6B63), ("0-labels.txt", 18631, 0xA136_016F)]),
  ZipModelExpectation(
    model: "mlkit_object_labeler.tflite",
    entries: [
      ("probability-labels.txt", 6127, 0xA746_E1E9),
      ("probability-labels-en.txt", 5804, 0x2651_EAD5),
    ]),
  ZipModelExpectation(
    model: "coral_mobilenet_v1_0.25_128_quant.tflite",
    entries: [("imagenet_labels.txt", 21686, 0x487A_3114)]),
  ZipModelExpectation(
    model: "coral_mobilenet_v2_1.0_224_quant.tflite",
    entries: [("imagenet_labels.txt", 21686, 0x487A_3114)]),
  ZipModelExpectation(
    model: "tfls_automl_labeler_model_with_metadata.tflite",
    entries: [("labels.txt", 40, 0x51A3_A1B6)]),
]

@Suite("ZipArchive: associated files of real models", .enabled(if: SharedData.isAvailable))
struct ZipArchiveModelTests {
  @Test(arguments: modelsWithArchives)
  fileprivate func entriesMatchPythonZipfile(_ expectation: ZipModelExpectation) throws {
    let bytes = try zipModelBytes(expectation.model)
    let archive = try ZipArchive(bytes: bytes)
    #expect(archive.prefixLength == 0)
    #expect(archive.endRecordOffset == bytes.count - 22)
    #expect(archive.comment.isEmpty)
    #expect(archive.entries.map(\.name) == expectation.entries.map(\.name))
    for expected in expectation.entries {
      let entry = try #require(archive.entry(named: expected.name))
      #expect(entry.method == 0)
      #expect(entry.uncompressedSize == expected.size)
      #expect(entry.compressedSize == expected.size)
      #expect(entry.crc32 == expected.crc32)
      #expect(entry.dataOffset == entry.localHeaderOffset + 30 + expected.name.utf8.count)
      let data = try archive.contents(of: entry)
      #expect(data.count == expected.size)
      #expect(CRC32.checksum(data) == expected.crc32)
      // Stored entries are views into the model's bytes, not copies.
      #expect(data.startIndex == entry.dataOffset)
      let sameStorage = data.withUnsafeBufferPointer { slice in
        archive.bytes.withUnsafeBufferPointer { whole in
          slice.baseAddress == whole.baseAddress.map { $0 + entry.dataOffset }
        }
      }
      #expect(sameStorage)
      #expect(try archive.contents(named: expected.name) == data)
    }
  }

  @Test func extractedFilesEqualTheStandaloneCopies() throws {
    // Equality confirmed with Python's zipfile first.
    let pairs = [
      ("mobilenet_v1_0.25_224_quant.tflite", "labels.txt", "imagenet_labels_1001.txt"),
      (
        "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29_score_calibration.tflite", "labelmap.txt",
        "coco_labelmap.txt"
      ),
      ("coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite", "labelmap.txt", "coco_labelmap.txt"),
      (
        "coral_mobilenet_v1_0.25_128_quant.tflite", "imagenet_labels.txt",
        "coral_imagenet_labels.txt"
      ),
      (
        "tfls_automl_labeler_model_with_metadata.tflite", "labels.txt",
        "automl_flowers_mlkit/dict.txt"
      ),
    ]
    for (model, entry, standalone) in pairs {
      let archive = try ZipArchive(bytes: try zipModelBytes(model))
      #expect(
        Array(try archive.contents(named: entry)) == (try zipModelBytes(standalone)), "\(model)")
    }
  }

  @Test(arguments: [
    "mobilenet_v1_0.25_224_1_default_1.tflite", "tfls_mobilenet_v2_1.0_224_quant.tflite",
    "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29_no_metadata.tflite",
    "automl_flowers_mlkit/model.tflite",
    "coco_labelmap.txt",
  ])
  func modelsWithoutMetadataHaveNoArchive(_ model: String) throws {
    let bytes = try zipModelBytes(model)
    #expect(zipError { () throws(ZipError) in try ZipArchive(bytes: bytes) } == .noArchive)
  }

  @Test func tinyInputsHaveNoArchive() {
    for count in [0, 1, 21, 22, 100] {
      let bytes = [UInt8](repeating: 0x50, count: count)
      #expect(zipError { () throws(ZipError) in try ZipArchive(bytes: bytes) } == .noArchive)
    }
  }

  @Test func storedEntriesAreViewsNotCopies() throws {
    let bytes = try zipModelBytes(
      "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29_score_calibration.tflite")
    let archive = try ZipArchive(bytes: bytes)
    #expect(archive.entries.count == 2)
    for entry in archive.entries {
      let contents = try archive.contents(of: entry)
      // Stored entries are views of the archive's bytes: same storage, no copy.
      #expect(contents.startIndex == entry.dataOffset)
      contents.withUnsafeBufferPointer { view in
        archive.bytes.withUnsafeBufferPointer { file in
          #expect(view.baseAddress == file.baseAddress.map { $0 + entry.dataOffset })
        }
      }
    }
  }

  @Test func truncatingTheArchiveRegionNeverYieldsEntries() throws {
    let bytes = try zipModelBytes("mobilenet_v1_0.25_224_quant.tflite")
    let archive = try ZipArchive(bytes: bytes)
    let archiveStart = try #require(archive.entries.first?.localHeaderOffset)
    for length in stride(from: archiveStart - 64, to: bytes.count, by: 1) {
      let error = zipError { () throws(ZipError) in try readAllEntries(Array(bytes[0..<length])) }
      #expect(error == .noArchive, "truncated to \(length)")
    }
  }

  @Test func removingBytesInsideTheArchiveIsDetected() throws {
    let bytes = try zipModelBytes("mlkit_object_labeler.tflite")
    let archive = try ZipArchive(bytes: bytes)
    let archiveStart = try #require(archive.entries.first?.localHeaderOffset)
    // Cut 1..40 bytes out at many places from the flatbuffer's tail to inside the end record.
    for cut in stride(from: archiveStart - 100, to: bytes.count - 8, by: 37) {
      for length in [1, 4, 40] where cut + length <= bytes.count - 1 {
        let spliced = Array(bytes[0..<cut] + bytes[(cut + length)...])
        let error = zipError { () throws(ZipError) in try readAllEntries(spliced) }
        #expect(error != nil, "cut \(length) at \(cut)")
      }
    }
  }

  @Test func everyDirectoryFieldThatLiesIsDetected() throws {
    let bytes = try zipModelBytes("mlkit_object_labeler.tflite")
    let archive = try ZipArchive(bytes: bytes)
    let end = archive.endRecordOffset
    // (offset, width) of every size, offset, count, length, method, flag and CRC field in
    // the end record, both central records and both local headers.
    var fields: [(String, Int, Int)] = [
      ("disk", end + 4, 2), ("directory disk", end + 6, 2), ("entries on disk", end + 8, 2),
      ("entries", end + 10, 2), ("directory size", end + 12, 4), ("directory offset", end + 16, 4),
    ]
    for entry in archive.entries {
      let central = entry.centralRecordOffset
      fields += [
        ("\(entry.name) flags", central + 8, 2), ("\(entry.name) method", central + 10, 2),
        ("\(entry.name) crc", central + 16, 4), ("\(entry.name) compressed size", central + 20, 4),
        ("\(entry.name) size", central + 24, 4), ("\(entry.name) name length", central + 28, 2),
        ("\(entry.name) extra length", central + 30, 2),
        ("\(entry.name) comment length", central + 32, 2),
        ("\(entry.name) local offset", central + 42, 4), ("\(entry.name) signature", central, 4),
        ("\(entry.name) local signature", entry.localHeaderOffset, 4),
        ("\(entry.name) local name length", entry.localHeaderOffset + 26, 2),
        ("\(entry.name) local extra length", entry.localHeaderOffset + 28, 2),
      ]
    }
    var checked = 0
    for (field, offset, width) in fields {
      let original = width == 2 ? littleEndian16(bytes, offset) : littleEndian32(bytes, offset)
      let maximum = width == 2 ? 0xFFFF : 0xFFFF_FFFF
      let lies = Set([
        original + 1, original - 1, original + 1000, original ^ 1, 0, 1, maximum, maximum - 1,
        maximum / 2,
      ])
      for lie in lies where lie != original && lie >= 0 && lie <= maximum {
        // A flag other than bit 0 (encryption) changes nothing that matters here.
        if field.hasSuffix("flags") && lie & 1 == 0 { continue }
        let patched = patch(bytes, at: offset, width: width, value: lie)
        let error = zipError { () throws(ZipError) in try readAllEntries(patched) }
        #expect(error != nil, "\(field) = \(lie)")
        checked += 1
      }
    }
    #expect(checked > 200)
  }

  @Test func hugeLocalExtraLengthIsOutOfBounds() throws {
    let bytes = try zipModelBytes("mlkit_object_labeler.tflite")
    let archive = try ZipArchive(bytes: bytes)
    let entry = try #require(archive.entries.first)
    let patched = patch(bytes, at: entry.localHeaderOffset + 28, width: 2, value: 0xFFFF)
    let error = zipError { () throws(ZipError) in try ZipArchive(bytes: patched) }
    #expect(error == .localHeaderOutOfBounds(entry: entry.name, offset: entry.localHeaderOffset))
  }

  @Test func specificLiesGiveSpecificErrors() throws {
    let bytes = try zipModelBytes("mlkit_object_labeler.tflite")
    let archive = try ZipArchive(bytes: bytes)
    let end = archive.endRecordOffset
    let first = try #require(archive.entries.first)
    let second = try #require(archive.entries.last)
    func error(_ patched: [UInt8]) -> ZipError? {
      zipError { () throws(ZipError) in try readAllEntries(patched) }
    }
    let directoryStart = first.centralRecordOffset
    #expect(
      error(patch(bytes, at: end + 16, width: 4, value: directoryStart + 1))
        == .negativePrefix(
          endRecordOffset: end, declaredOffset: directoryStart + 1, size: end - directoryStart))
    #expect(
      error(patch(bytes, at: end + 16, width: 4, value: directoryStart - 1))
        == .badLocalHeaderSignature(entry: first.name, offset: first.localHeaderOffset + 1))
    #expect(
      error(patch(bytes, at: end + 4, width: 2, value: 1)) == .multiDiskUnsupported(offset: end))
    #expect(
      error(patch(bytes, at: end + 8, width: 2, value: 1)) == .multiDiskUnsupported(offset: end))
    let oneEntry = patch(
      patch(bytes, at: end + 8, width: 2, value: 1), at: end + 10, width: 2, value: 1)
    #expect(
      error(oneEntry)
        == .centralDirectorySizeMismatch(
          declaredSize: end - directoryStart,
          actualSize: second.centralRecordOffset - directoryStart,
          offset: directoryStart))
    let threeEntries = patch(
      patch(bytes, at: end + 8, width: 2, value: 3), at: end + 10, width: 2, value: 3)
    #expect(error(threeEntries) == .truncatedCentralDirectory(index: 2, offset: end))
    #expect(
      error(patch(bytes, at: second.centralRecordOffset, width: 1, value: 0))
        == .badCentralDirectorySignature(index: 1, offset: second.centralRecordOffset))
    #expect(
      error(patch(bytes, at: first.centralRecordOffset + 16, width: 4, value: 0x1234_5678))
        == .crcMismatch(entry: first.name, expected: 0x1234_5678, actual: first.crc32))
    #expect(
      error(
        patch(
          bytes, at: first.centralRecordOffset + 24, width: 4, value: first.uncompressedSize + 1))
        == .storedSizeMismatch(
          entry: first.name, compressedSize: first.compressedSize,
          uncompressedSize: first.uncompressedSize + 1))
    #expect(
      error(patch(bytes, at: second.centralRecordOffset + 20, width: 4, value: 100_000))
        == .entryDataOutOfBounds(entry: second.name, offset: second.dataOffset, size: 100_000))
    #expect(
      error(patch(bytes, at: first.centralRecordOffset + 10, width: 2, value: 12))
        == .unsupportedCompression(method: 12, entry: first.name))
    #expect(
      error(patch(bytes, at: first.centralRecordOffset + 8, width: 2, value: 1))
        == .encryptedEntry(entry: first.name))
    #expect(
      error(patch(bytes, at: first.centralRecordOffset + 20, width: 4, value: 0xFFFF_FFFF))
        == .zip64Unsupported(entry: first.name, offset: first.centralRecordOffset))
    #expect(
      error(
        patch(bytes, at: first.localHeaderOffset + 26, width: 2, value: first.name.utf8.count - 1))
        == .localNameMismatch(entry: first.name, offset: first.localHeaderOffset))
    let limited = zipError { () throws(ZipError) in
      try ZipArchive(bytes: bytes, limits: ZipLimits(maxEntries: 1))
    }
    #expect(limited == .tooManyEntries(count: 2, limit: 1))
    let small = try ZipArchive(bytes: bytes, limits: ZipLimits(maxEntrySize: 6000))
    #expect(
      zipError { () throws(ZipError) in try small.contents(of: first) }
        == .entryTooLarge(entry: first.name, size: 6127, limit: 6000))
    #expect(try small.contents(of: second).count == 5804)
    #expect(
      zipError { () throws(ZipError) in try archive.contents(named: "missing.txt") }
        == .entryNotFound(name: "missing.txt"))
    for patched in [oneEntry, threeEntries] {
      #expect(error(patched)?.description.isEmpty == false)
    }
  }
}

@Suite("ZipArchive: Python zipfile fixtures")
struct ZipArchiveFixtureTests {
  @Test func deflatedAndStoredEntries() throws {
    let archive = try ZipArchive(bytes: ZipFixtures.deflated)
    #expect(archive.entries.map(\.name) == ["labels.txt", "raw.bin"])
    let labels = try #require(archive.entry(named: "labels.txt"))
    #expect(labels.method == 8)
    #expect(labels.compressedSize < labels.uncompressedSize)
    let text = (0..<60).map { "label \($0)\n" }.joined()
    #expect(Array(try archive.contents(of: labels)) == Array(text.utf8))
    #expect(Array(try archive.contents(named: "raw.bin")) == Array(0..<40))
  }

  @Test func commentWithAFakeEndRecordIsTolerated() throws {
    // Python's own zipfile rejects this file: it trusts the last signature, which sits in
    // the comment; the backwards search skips it because it does not validate.
    let archive = try ZipArchive(bytes: ZipFixtures.comment)
    #expect(String(decoding: archive.comment, as: UTF8.self).hasPrefix("comment with a fake PK"))
    #expect(archive.endRecordOffset == ZipFixtures.comment.count - 22 - archive.comment.count)
    #expect(Array(try archive.contents(named: "a.txt")) == Array("alpha\n".utf8))
  }

  @Test func absoluteAndZipRelativeOffsetsAfterAPrefix() throws {
    let absolute = try ZipArchive(bytes: ZipFixtures.absolute)
    #expect(absolute.prefixLength == 0)
    #expect(Array(try absolute.contents(named: "x.txt")) == Array("absolute\n".utf8))
    #expect(Array(try absolute.contents(named: "y.txt")) == Array("second\n".utf8))
    let relative = try ZipArchive(bytes: ZipFixtures.relative)
    #expect(relative.prefixLength == 130)
    #expect(Array(try relative.contents(named: "x.txt")) == Array("relative\n".utf8))
    #expect(Array(try relative.contents(named: "y.txt")) == Array("second\n".utf8))
    #expect(relative.entries.first?.localHeaderOffset == 130)
  }

  @Test func duplicateNamesKeepTheFirstEntry() throws {
    let archive = try ZipArchive(bytes: ZipFixtures.duplicates)
    #expect(archive.entries.map(\.name) == ["dup.txt", "other.txt"])
    #expect(Array(try archive.contents(named: "dup.txt")) == Array("first\n".utf8))
  }

  @Test func emptyArchiveHasNoEntries() throws {
    let archive = try ZipArchive(bytes: ZipFixtures.empty)
    #expect(archive.entries.isEmpty)
    #expect(archive.entry(named: "anything") == nil)
  }

  @Test func utf8NamesAndLocalOnlyExtraFields() throws {
    let plain = try ZipArchive(bytes: ZipFixtures.utf8)
    let extra = try ZipArchive(bytes: ZipFixtures.localExtra)
    for archive in [plain, extra] {
      #expect(archive.entries.map(\.name) == ["données/étiquettes.txt"])
      #expect(
        Array(try archive.contents(named: "données/étiquettes.txt")) == Array("chat\nchien\n".utf8))
    }
    let entry = try #require(extra.entries.first)
    #expect(
      entry.dataOffset == entry.localHeaderOffset + 30 + "données/étiquettes.txt".utf8.count + 12)
  }

  @Test func deflatedEntryLongerThanDeclaredIsAZipBomb() throws {
    let bytes = ZipFixtures.zeros
    let archive = try ZipArchive(bytes: bytes)
    let entry = try #require(archive.entry(named: "zeros.bin"))
    let data = try archive.contents(of: entry)
    #expect(data.count == 200_000)
    #expect(data.allSatisfy { $0 == 0 })
    let lying = patch(bytes, at: entry.centralRecordOffset + 24, width: 4, value: 1000)
    #expect(
      zipError { () throws(ZipError) in try readAllEntries(lying) }
        == .inflateFailed(entry: "zeros.bin", error: .outputLongerThanExpected(expected: 1000)))
    let short = patch(bytes, at: entry.centralRecordOffset + 24, width: 4, value: 200_001)
    #expect(
      zipError { () throws(ZipError) in try readAllEntries(short) }
        == .inflateFailed(
          entry: "zeros.bin", error: .outputShorterThanExpected(expected: 200_001, actual: 200_000))
    )
    // A declared size above the cap is refused before anything is allocated.
    let huge = patch(bytes, at: entry.centralRecordOffset + 24, width: 4, value: 0xFFFF_FFFE)
    #expect(
      zipError { () throws(ZipError) in try readAllEntries(huge) }
        == .entryTooLarge(entry: "zeros.bin", size: 0xFFFF_FFFE, limit: 64 << 20))
    let crc = patch(bytes, at: entry.centralRecordOffset + 16, width: 4, value: 7)
    #expect(
      zipError { () throws(ZipError) in try readAllEntries(crc) }
        == .crcMismatch(entry: "zeros.bin", expected: 7, actual: entry.crc32))
    // Corrupt deflate data is reported with the inflate error.
    var corrupt = bytes
    corrupt[entry.dataOffset] = 0xFF
    let corruptError = zipError { () throws(ZipError) in try readAllEntries(corrupt) }
    guard case .inflateFailed(let name, _) = corruptError else {
      Issue.record("expected an inflate failure, got \(String(describing: corruptError))")
      return
    }
    #expect(name == "zeros.bin")
  }

  @Test func zip64EndRecordIsUnsupported() throws {
    let bytes = ZipFixtures.absolute
    let end = bytes.count - 22
    // Insert a Zip64 locator before the end record and mark the directory offset.
    let locator: [UInt8] = [0x50, 0x4B, 0x06, 0x07] + [UInt8](repeating: 0, count: 16)
    var record = Array(bytes[end...])
    record = patch(record, at: 16, width: 4, value: 0xFFFF_FFFF)
    let zip64 = Array(bytes[..<end]) + locator + record
    #expect(
      zipError { () throws(ZipError) in try ZipArchive(bytes: zip64) }
        == .zip64Unsupported(entry: nil, offset: end + 20))
    // Without the locator the marked record is not trusted: no archive.
    let marked = Array(bytes[..<end]) + record
    #expect(zipError { () throws(ZipError) in try ZipArchive(bytes: marked) } == .noArchive)
  }

  @Test func randomCorruptionNeverCrashes() {
    var state: UInt64 = 42
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    for fixture in [
      ZipFixtures.deflated, ZipFixtures.duplicates, ZipFixtures.relative, ZipFixtures.zeros,
    ] {
      for _ in 0..<400 {
        var bytes = fixture
        for _ in 0..<(1 + next() % 4) {
          bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next())
        }
        if let archive = try? ZipArchive(bytes: bytes) {
          for entry in archive.entries {
            if let data = try? archive.contents(of: entry) {
              #expect(CRC32.checksum(data) == entry.crc32)
            }
          }
        }
      }
    }
  }
}
