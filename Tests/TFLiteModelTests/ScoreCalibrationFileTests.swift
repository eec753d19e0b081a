import Foundation
import OcellusTestSupport
import TFLiteModel
import Testing

/// The shared models folder.
private func modelsDirectory() -> URL { SharedData.root.appendingPathComponent("models") }

/// The data of a stored (uncompressed) member of the zip appended to a model file, found
/// by scanning for its local header. Test scaffolding only; the returned slice does not
/// start at index 0.
private func storedZipMember(_ name: String, inModel model: String) throws -> ArraySlice<UInt8> {
  let data = [UInt8](try Data(contentsOf: modelsDirectory().appendingPathComponent(model)))
  let nameBytes = Array(name.utf8)
  func le(_ at: Int, _ size: Int) -> Int {
    (0..<size).reduce(0) { $0 | Int(data[at + $1]) << (8 * $1) }
  }
  var offset = data.count - 30
  while offset >= 0 {
    if data[offset] == 0x50, data[offset + 1] == 0x4B, data[offset + 2] == 3,
      data[offset + 3] == 4, le(offset + 26, 2) == nameBytes.count,
      offset + 30 + nameBytes.count <= data.count,
      Array(data[(offset + 30)..<(offset + 30 + nameBytes.count)]) == nameBytes
    {
      try #require(le(offset + 8, 2) == 0, "member is compressed")
      let start = offset + 30 + nameBytes.count + le(offset + 28, 2)
      let size = le(offset + 18, 4)
      try #require(start + size <= data.count)
      return data[start..<(start + size)]
    }
    offset -= 1
  }
  throw CocoaError(.fileReadCorruptFile)
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite("Score calibration files")
struct ScoreCalibrationFileTests {
  static let detectorModel = "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29_score_calibration.tflite"

  // MARK: Real data

  @Test func detectorDummyCalibration() throws {
    let csv = try storedZipMember("score_calibration_dummy.csv", inModel: Self.detectorModel)
    let labels = try LabelFile.parse(storedZipMember("labelmap.txt", inModel: Self.detectorModel))
    #expect(labels.count == 90)
    // 89 newline-terminated lines; the trailing empty line makes 90, matching the labels.
    #expect(csv.filter { $0 == 0x0A }.count == 89)
    let file = try ScoreCalibrationFile.parse(csv, labelCount: labels.count)
    #expect(file.count == 90)
    let emptyLines = file.sigmoids.indices.filter { file.sigmoids[$0] == nil }
    #expect(emptyLines == [3, 42, 59, 80, 89])
    let expected = SigmoidParameters(scale: 1, slope: 1, offset: 0, minScore: -99)
    #expect(file.sigmoids.compactMap { $0 }.allSatisfy { $0 == expected })
    #expect(file.sigmoids.compactMap { $0 }.count == 85)

    // Calibration with these parameters is the logistic function (identity transform).
    let calibrated = file.calibratedScore(
      0.6, classIndex: 0, transformation: .identity, defaultScore: 0.125)
    #expect(calibrated == Float(bitPattern: 0x3F25_49BB))  // Python: 0.6456562876701355
    #expect(
      file.calibratedScore(0.6, classIndex: 3, transformation: .identity, defaultScore: 0.125)
        == 0.125)
    #expect(
      file.calibratedScore(0.6, classIndex: 90, transformation: .identity, defaultScore: 0.25)
        == 0.25)
    #expect(
      file.calibratedScore(-100, classIndex: 0, transformation: .identity, defaultScore: 0.5)
        == 0.5)

    #expect(throws: ScoreCalibrationError.lineCountMismatch(labels: 89, lines: 90)) {
      try ScoreCalibrationFile.parse(csv, labelCount: 89)
    }
  }

  // MARK: Line structure

  @Test func trailingEmptyLineIsKept() throws {
    let text = String(repeating: "1.0,2.0,3.0\n", count: 89)
    let file = try ScoreCalibrationFile.parse(bytes(text), labelCount: 90)
    #expect(file.count == 90)
    #expect(file.sigmoid(at: 88) == SigmoidParameters(scale: 1, slope: 2, offset: 3))
    #expect(file.sigmoid(at: 89) == nil)
    #expect(throws: ScoreCalibrationError.lineCountMismatch(labels: 89, lines: 90)) {
      try ScoreCalibrationFile.parse(bytes(text), labelCount: 89)
    }
    #expect(try ScoreCalibrationFile.parse(bytes(text), labelCount: nil).count == 90)
  }

  @Test func threeAndFourFieldLinesAndEmptyLines() throws {
    let text = "0.5,1.5,-2\n\n1,2,3,0.25\n  2.5 ,\t-1e-2, +.5 ,1.\n\n"
    let file = try ScoreCalibrationFile.parse(bytes(text), labelCount: 6)
    #expect(
      file.sigmoids == [
        SigmoidParameters(scale: 0.5, slope: 1.5, offset: -2),
        nil,
        SigmoidParameters(scale: 1, slope: 2, offset: 3, minScore: 0.25),
        SigmoidParameters(scale: 2.5, slope: -0.01, offset: 0.5, minScore: 1),
        nil,
        nil,
      ])
  }

  @Test func crlfAndByteOrderMark() throws {
    let text = [0xEF, 0xBB, 0xBF] + bytes("1,2,3\r\n\r\n4,5,6,7\r\n")
    let file = try ScoreCalibrationFile.parse(text, labelCount: 4)
    #expect(
      file.sigmoids == [
        SigmoidParameters(scale: 1, slope: 2, offset: 3), nil,
        SigmoidParameters(scale: 4, slope: 5, offset: 6, minScore: 7), nil,
      ])
  }

  @Test func numberForms() throws {
    let text = "1e3,-2.5E-3,0.000001,1e-50\n3.4028234e38,-0,1.,.25\n"
    let file = try ScoreCalibrationFile.parse(bytes(text), labelCount: nil)
    #expect(
      file.sigmoid(at: 0)
        == SigmoidParameters(scale: 1000, slope: -0.0025, offset: 1e-6, minScore: 0))
    let second = try #require(file.sigmoid(at: 1))
    #expect(second.scale == Float.greatestFiniteMagnitude)
    #expect(second.slope == 0 && second.slope.sign == .minus)
    #expect(second.offset == 1 && second.minScore == 0.25)
  }

  @Test func negativeScaleIsRejected() throws {
    #expect(throws: ScoreCalibrationError.negativeScale(line: 2, scale: -1)) {
      try ScoreCalibrationFile.parse(bytes("1,1,0\n-1,1,0\n"), labelCount: nil)
    }
    // Negative zero is not below zero.
    #expect(try ScoreCalibrationFile.parse(bytes("-0,1,0"), labelCount: 1).count == 1)
  }

  @Test func garbageNamesLineAndField() throws {
    let text = "1,1,0\n\n1.0,abc,0\n"
    let error = #expect(throws: ScoreCalibrationError.self) {
      try ScoreCalibrationFile.parse(bytes(text), labelCount: 4)
    }
    #expect(error == .invalidNumber(line: 3, field: 2, text: "abc"))
    #expect(error?.description.contains("Line 3") == true)
    #expect(error?.description.contains("slope") == true)

    let bad: [(String, Int, String)] = [
      ("1,,0", 2, ""), ("inf,1,0", 1, "inf"), ("1,nan,0", 2, "nan"), ("0x10,1,0", 1, "0x10"),
      ("1,1,1e", 3, "1e"), ("1,1,0,1.2.3", 4, "1.2.3"), ("--1,1,0", 1, "--1"),
      ("1 2,1,0", 1, "1 2"), ("1,1,.", 3, "."), ("1,1,+", 3, "+"), ("1,1,e5", 3, "e5"),
      ("1,1,0\r\r", 3, "0\r"),
    ]
    for (line, field, text) in bad {
      #expect(throws: ScoreCalibrationError.invalidNumber(line: 1, field: field, text: text)) {
        try ScoreCalibrationFile.parse(bytes(line), labelCount: nil)
      }
    }
  }

  @Test func wrongFieldCounts() throws {
    #expect(throws: ScoreCalibrationError.wrongFieldCount(line: 2, fieldCount: 2)) {
      try ScoreCalibrationFile.parse(bytes("1,2,3\n1,2\n"), labelCount: nil)
    }
    #expect(throws: ScoreCalibrationError.wrongFieldCount(line: 1, fieldCount: 5)) {
      try ScoreCalibrationFile.parse(bytes("1,2,3,4,5"), labelCount: nil)
    }
    #expect(throws: ScoreCalibrationError.wrongFieldCount(line: 1, fieldCount: 1)) {
      try ScoreCalibrationFile.parse(bytes(" "), labelCount: nil)
    }
  }

  @Test func outOfRangeValues() throws {
    #expect(throws: ScoreCalibrationError.valueOutOfRange(line: 1, field: 2, text: "1e39")) {
      try ScoreCalibrationFile.parse(bytes("1,1e39,0"), labelCount: nil)
    }
    let long = String(repeating: "9", count: 100)
    #expect(
      throws: ScoreCalibrationError.valueOutOfRange(
        line: 1, field: 1, text: String(repeating: "9", count: 40))
    ) {
      try ScoreCalibrationFile.parse(bytes(long + ",1,0"), labelCount: nil)
    }
  }

  @Test func emptyFileAndLineLimit() throws {
    #expect(throws: ScoreCalibrationError.emptyFile) {
      try ScoreCalibrationFile.parse([UInt8](), labelCount: 0)
    }
    #expect(throws: ScoreCalibrationError.emptyFile) {
      try ScoreCalibrationFile.parse([0xEF, 0xBB, 0xBF], labelCount: nil)
    }
    // A lone newline is two empty lines.
    #expect(try ScoreCalibrationFile.parse(bytes("\n"), labelCount: 2).sigmoids == [nil, nil])
    #expect(throws: ScoreCalibrationError.tooManyLines(limit: 2)) {
      try ScoreCalibrationFile.parse(bytes("\n\n"), labelCount: 3, maxLines: 2)
    }
    #expect(try ScoreCalibrationFile.parse(bytes("\n\n"), labelCount: 3, maxLines: 3).count == 3)
    let huge = [UInt8](repeating: 0x0A, count: ScoreCalibrationFile.defaultMaxLines)
    #expect(throws: ScoreCalibrationError.tooManyLines(limit: 1_000_000)) {
      try ScoreCalibrationFile.parse(huge, labelCount: nil)
    }
  }

  @Test func slicesAndNonContiguousCollections() throws {
    let all = bytes("xx1,2,3\n\n")
    let expected: [SigmoidParameters?] = [
      SigmoidParameters(scale: 1, slope: 2, offset: 3), nil, nil,
    ]
    #expect(try ScoreCalibrationFile.parse(all[2...], labelCount: 3).sigmoids == expected)
    #expect(
      try ScoreCalibrationFile.parse(AnyCollection(all[2...]), labelCount: 3).sigmoids == expected)
  }

  // MARK: Arithmetic (expected values from Python, mirroring upstream float/double use)

  @Test func clampedLogMatchesReference() {
    let cases: [(Float, UInt32)] = [
      (0.0, 0xC216_2356), (9.999999682655225e-21, 0xC216_2349),
      (5.0000000843119176e-17, 0xC214_FCC0), (1.0000000168623835e-16, 0xC213_5D8E),
      (1.0000000830368325e-16, 0xC213_5D8E), (2.000000033724767e-16, 0xC210_97C5),
      (9.99999993922529e-09, 0xC193_5D8E), (0.25, 0xBFB1_7218), (0.5, 0xBF31_7218),
      (0.75, 0xBE93_4B11), (0.9999989867210388, 0xB588_0005), (1.0, 0x0000_0000),
      (-0.5, 0xC291_FAAA), (3.0, 0x3F8C_9F54),
    ]
    for (x, bits) in cases {
      #expect(ScoreCalibration.clampedLog(x) == Float(bitPattern: bits), "x = \(x)")
      #expect(ScoreCalibration.transform(x, .log) == Float(bitPattern: bits), "x = \(x)")
      #expect(ScoreCalibration.transform(x, .identity) == x)
    }
    // Continuous across the threshold.
    let t = ScoreCalibration.logScoreMinimum
    #expect(abs(ScoreCalibration.clampedLog(t.nextDown) - ScoreCalibration.clampedLog(t)) < 1e-5)
  }

  @Test func inverseLogisticMatchesReference() {
    let cases: [(Float, UInt32)] = [
      (0.0, 0xC216_2356), (9.999999682655225e-21, 0xC216_2349),
      (5.0000000843119176e-17, 0xC214_FCC0), (1.0000000168623835e-16, 0xC213_5D8E),
      (2.000000033724767e-16, 0xC210_97C5), (9.99999993922529e-09, 0xC193_5D8E),
      (0.25, 0xBF8C_9F54), (0.5, 0x0000_0000), (0.75, 0x3F8C_9F54),
      (0.9999989867210388, 0x415C_D64B), (1.0, 0x4216_2356), (-0.5, 0xC292_CA43),
      (3.0, 0x4296_F2EF),
    ]
    for (x, bits) in cases {
      #expect(
        ScoreCalibration.transform(x, .inverseLogistic) == Float(bitPattern: bits), "x = \(x)")
    }
  }

  @Test func calibrateMatchesReference() {
    typealias Case = (
      x: Float, sigmoid: SigmoidParameters, type: ScoreTransformationType, bits: UInt32
    )
    let cases: [Case] = [
      (0.5, SigmoidParameters(scale: 1, slope: 1, offset: 0), .identity, 0x3F1F_597F),
      (
        0.3, SigmoidParameters(scale: 0.9, slope: 2.5, offset: -1.25, minScore: 0.2), .identity,
        0x3EAD_F882
      ),
      // Strictly below min_score: the default score.
      (
        0.1, SigmoidParameters(scale: 0.9, slope: 2.5, offset: -1.25, minScore: 0.2), .identity,
        0x3E00_0000
      ),
      // Equal to min_score: calibrated.
      (
        0.2, SigmoidParameters(scale: 0.9, slope: 2.5, offset: -1.25, minScore: 0.2), .identity,
        0x3E93_D59F
      ),
      (0.7, SigmoidParameters(scale: 1, slope: 0.8, offset: 0.1), .log, 0x3EE8_581B),
      (1e-20, SigmoidParameters(scale: 1, slope: 0.8, offset: 0.1), .log, 0x29E2_8B4B),
      (5e-17, SigmoidParameters(scale: 1, slope: 0.5, offset: 0), .inverseLogistic, 0x320C_45E8),
      (1e-16, SigmoidParameters(scale: 1, slope: 0.5, offset: 0), .inverseLogistic, 0x322B_CC74),
      (0.999, SigmoidParameters(scale: 2, slope: 1.5, offset: -0.5), .inverseLogistic, 0x3FFF_FC94),
      (0.25, SigmoidParameters(scale: 3, slope: -4, offset: 0.5), .inverseLogistic, 0x403E_92AF),
      (
        -100, SigmoidParameters(scale: 1, slope: 1, offset: 0, minScore: -99), .identity,
        0x3E00_0000
      ),
      (
        0.6, SigmoidParameters(scale: 1, slope: 1, offset: 0, minScore: -99), .identity, 0x3F25_49BB
      ),
      (0.6, SigmoidParameters(scale: 0, slope: 1, offset: 0), .identity, 0x0000_0000),
    ]
    for c in cases {
      let result = ScoreCalibration.calibrate(
        c.x, sigmoid: c.sigmoid, transformation: c.type, defaultScore: 0.125)
      #expect(result == Float(bitPattern: c.bits), "x = \(c.x), \(c.sigmoid), \(c.type)")
    }
    // No parameters: the default score, unchanged.
    #expect(
      ScoreCalibration.calibrate(0.9, sigmoid: nil, transformation: .log, defaultScore: 0.75)
        == 0.75)
  }

  @Test func calibrateStaysWithinZeroAndScale() {
    let steep = SigmoidParameters(scale: 0.5, slope: 1000, offset: 0)
    #expect(
      ScoreCalibration.calibrate(10, sigmoid: steep, transformation: .identity, defaultScore: 0)
        == 0.5)
    #expect(
      ScoreCalibration.calibrate(-10, sigmoid: steep, transformation: .identity, defaultScore: 0)
        == 0)
    #expect(
      ScoreCalibration.calibrate(.nan, sigmoid: steep, transformation: .identity, defaultScore: 0.3)
        == 0)
    #expect(
      ScoreCalibration.calibrate(.infinity, sigmoid: steep, transformation: .log, defaultScore: 0)
        == 0.5)
    let nanScale = SigmoidParameters(scale: .nan, slope: 1, offset: 0)
    #expect(
      ScoreCalibration.calibrate(0.5, sigmoid: nanScale, transformation: .identity, defaultScore: 0)
        == 0)
  }

  @Test func transformationRawValues() {
    #expect(ScoreTransformationType(rawValue: 0) == .identity)
    #expect(ScoreTransformationType(rawValue: 1) == .log)
    #expect(ScoreTransformationType(rawValue: 2) == .inverseLogistic)
    #expect(ScoreTransformationType(rawValue: 3) == nil)
  }
}
