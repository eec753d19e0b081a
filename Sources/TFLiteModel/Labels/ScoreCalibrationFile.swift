/// A score calibration file (TENSOR_AXIS_SCORE_CALIBRATION associated file): per-class
/// sigmoid parameters, one CSV line per class, in label order.
///
/// Format rules (the Task Library's `score_calibration.cc`, plus fixes):
/// - A UTF-8 byte order mark at the very start is removed. A file that is then empty is
///   an error, as upstream.
/// - The text is split on "\n" and, unlike label files, a trailing empty piece is NOT
///   dropped: a file of 89 newline-terminated lines has 90 lines, the last empty. The line
///   count must equal the label count.
/// - One trailing "\r" is removed from every line (upstream does not do this).
/// - An empty line means the class has no parameters (it gets the default score).
///   Otherwise the line is `scale,slope,offset` or `scale,slope,offset,min_score`.
/// - Each value is a decimal number: optional spaces or tabs, optional sign, digits with
///   an optional "." (at least one digit in all, e.g. "1", "-2.", ".5"), an optional
///   exponent ("e-3"), optional spaces or tabs. "inf", "nan", hex and empty values are
///   rejected, and so are values beyond `Float` range; values are rounded to the nearest
///   `Float`. `scale` must be at least 0.
public struct ScoreCalibrationFile: Equatable, Sendable {
  /// The default for `maxLines`: one million.
  public static let defaultMaxLines = 1_000_000

  /// One entry per line, i.e. per class index: the class's parameters, or `nil` for an
  /// empty line.
  public var sigmoids: [SigmoidParameters?]

  /// Creates a calibration table from already-parsed entries.
  public init(sigmoids: [SigmoidParameters?]) {
    self.sigmoids = sigmoids
  }

  /// The number of lines (classes).
  public var count: Int { sigmoids.count }

  /// The parameters for class `index`, or `nil` if that line is empty or `index` is out
  /// of range.
  public func sigmoid(at index: Int) -> SigmoidParameters? {
    guard index >= 0 && index < sigmoids.count else { return nil }
    return sigmoids[index]
  }

  /// Calibrates `score` of class `classIndex` with
  /// ``ScoreCalibration/calibrate(_:sigmoid:transformation:defaultScore:)``; a class
  /// without parameters (or out of range) gets `defaultScore`.
  ///
  /// Classes are matched by index. (Upstream matches by label name, so classes whose
  /// labels repeat, like the "???" entries of the COCO label map, share the parameters of
  /// the last such line; by index each class keeps its own line.)
  public func calibratedScore(
    _ score: Float, classIndex: Int, transformation: ScoreTransformationType,
    defaultScore: Float
  ) -> Float {
    ScoreCalibration.calibrate(
      score, sigmoid: sigmoid(at: classIndex), transformation: transformation,
      defaultScore: defaultScore)
  }

  /// Parses a score calibration file's bytes (see the type's documentation).
  ///
  /// - Parameters:
  ///   - bytes: The file's contents (any byte collection, e.g. an `ArraySlice`).
  ///   - labelCount: The number of labels the file must match, or `nil` to skip that
  ///     check (e.g. to inspect a file on its own).
  ///   - maxLines: The most lines accepted (default ``defaultMaxLines``).
  /// - Throws: ``ScoreCalibrationError``; the line count is checked (limit, then label
  ///   count) before any line is parsed, and line errors name the first bad line.
  public static func parse(
    _ bytes: some Collection<UInt8>, labelCount: Int?, maxLines: Int = defaultMaxLines
  ) throws(ScoreCalibrationError) -> ScoreCalibrationFile {
    let body = {
      (buffer: UnsafeBufferPointer<UInt8>) -> Result<ScoreCalibrationFile, ScoreCalibrationError>
      in
      Result { () throws(ScoreCalibrationError) -> ScoreCalibrationFile in
        try parse(buffer: buffer, labelCount: labelCount, maxLines: maxLines)
      }
    }
    if let result = bytes.withContiguousStorageIfAvailable(body) {
      return try result.get()
    }
    return try Array(bytes).withUnsafeBufferPointer(body).get()
  }

  private static func parse(
    buffer: UnsafeBufferPointer<UInt8>, labelCount: Int?, maxLines: Int
  ) throws(ScoreCalibrationError) -> ScoreCalibrationFile {
    let hasBOM =
      buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
    let start = hasBOM ? 3 : 0
    guard start < buffer.count else { throw .emptyFile }

    // Count lines first: bounded by the limit, and checked against the labels.
    var lineCount = 1
    for offset in start..<buffer.count where buffer[offset] == 0x0A {
      guard lineCount < maxLines else { throw .tooManyLines(limit: maxLines) }
      lineCount += 1
    }
    guard lineCount <= maxLines else { throw .tooManyLines(limit: maxLines) }
    if let labelCount, labelCount != lineCount {
      throw .lineCountMismatch(labels: labelCount, lines: lineCount)
    }

    var sigmoids: [SigmoidParameters?] = []
    sigmoids.reserveCapacity(lineCount)
    var lineStart = start
    var lineNumber = 1
    while lineStart <= buffer.count {
      var lineEnd = lineStart
      while lineEnd < buffer.count && buffer[lineEnd] != 0x0A {
        lineEnd += 1
      }
      var contentEnd = lineEnd
      if contentEnd > lineStart && buffer[contentEnd - 1] == 0x0D {
        contentEnd -= 1
      }
      sigmoids.append(
        try parseLine(buffer, lineStart..<contentEnd, lineNumber: lineNumber))
      lineStart = lineEnd + 1
      lineNumber += 1
    }
    return ScoreCalibrationFile(sigmoids: sigmoids)
  }

  /// Parses one line (without its line ending); `nil` for an empty line.
  private static func parseLine(
    _ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, lineNumber: Int
  ) throws(ScoreCalibrationError) -> SigmoidParameters? {
    guard !line.isEmpty else { return nil }
    var fieldCount = 1
    for offset in line where buffer[offset] == UInt8(ascii: ",") {
      fieldCount += 1
    }
    guard fieldCount == 3 || fieldCount == 4 else {
      throw .wrongFieldCount(line: lineNumber, fieldCount: fieldCount)
    }
    var values: [Float] = []
    values.reserveCapacity(4)
    var fieldStart = line.lowerBound
    for field in 1...fieldCount {
      var fieldEnd = fieldStart
      while fieldEnd < line.upperBound && buffer[fieldEnd] != UInt8(ascii: ",") {
        fieldEnd += 1
      }
      values.append(
        try parseFloat(buffer, fieldStart..<fieldEnd, lineNumber: lineNumber, field: field))
      fieldStart = fieldEnd + 1
    }
    let sigmoid = SigmoidParameters(
      scale: values[0], slope: values[1], offset: values[2],
      minScore: fieldCount == 4 ? values[3] : nil)
    guard sigmoid.scale >= 0 else {
      throw .negativeScale(line: lineNumber, scale: sigmoid.scale)
    }
    return sigmoid
  }

  /// Checks one value against the decimal grammar, then converts it to the nearest
  /// `Float` (with the standard library's correctly rounded conversion).
  private static func parseFloat(
    _ buffer: UnsafeBufferPointer<UInt8>, _ field: Range<Int>, lineNumber: Int, field number: Int
  ) throws(ScoreCalibrationError) -> Float {
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    var lower = field.lowerBound
    var upper = field.upperBound
    while lower < upper && isBlank(buffer[lower]) { lower += 1 }
    while upper > lower && isBlank(buffer[upper - 1]) { upper -= 1 }

    let fieldText = { () -> String in
      let shown = UnsafeBufferPointer(rebasing: buffer[lower..<min(upper, lower + 40)])
      return String(decoding: shown, as: UTF8.self)
    }
    var cursor = lower
    /// Steps over an optional `+` or `-`.
    func skipSign() {
      if cursor < upper
        && (buffer[cursor] == UInt8(ascii: "+") || buffer[cursor] == UInt8(ascii: "-"))
      {
        cursor += 1
      }
    }
    /// Steps over a run of digits and returns its length.
    func skipDigits() -> Int {
      let start = cursor
      while cursor < upper && isDigit(buffer[cursor]) { cursor += 1 }
      return cursor - start
    }
    skipSign()
    var digits = skipDigits()
    if cursor < upper && buffer[cursor] == UInt8(ascii: ".") {
      cursor += 1
      digits += skipDigits()
    }
    var valid = digits > 0
    if valid && cursor < upper && (buffer[cursor] | 0x20) == UInt8(ascii: "e") {
      cursor += 1
      skipSign()
      valid = skipDigits() > 0
    }
    guard valid && cursor == upper else {
      throw .invalidNumber(line: lineNumber, field: number, text: fieldText())
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[lower..<upper]), as: UTF8.self)
    guard let value = Float(text) else {
      throw .invalidNumber(line: lineNumber, field: number, text: fieldText())
    }
    guard value.isFinite else {
      throw .valueOutOfRange(line: lineNumber, field: number, text: fieldText())
    }
    return value
  }
}
