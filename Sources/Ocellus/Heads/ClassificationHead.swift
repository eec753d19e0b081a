import Imaging
import TFLiteInterpreter
import TFLiteModel

/// Turns one classifier output into labels, exactly as the Task Library's ImageClassifier does
/// (BEHAVIOR.md C.1), with a documented tie order.
///
/// Per call: dequantize (uint8/int8: `scale * (q - zeroPoint)`), apply the optional
/// ``ScoreActivation``, calibrate by label NAME if the model has calibration (C.3), drop NaN
/// scores, then keep classes with `score >= threshold` (INCLUSIVE) that the allow/deny list
/// admits, highest score first, at most ``maxResults``.
///
/// Tie order: equal scores are returned by ascending class index. (Upstream uses a
/// non-stable partial sort there, so its order among ties is unspecified.)
public struct ClassificationHead: Sendable {
  /// The output this head reads.
  public let output: ClassificationHeadDescription
  /// The threshold in effect: the one given, else the metadata's, else 0. Inclusive.
  public let threshold: Float
  /// The most labels returned; nil returns all that pass.
  public let maxResults: Int?
  /// The activation applied before calibration.
  public let activation: ScoreActivation
  /// The classes the allow/deny list admits.
  let filter: ClassFilter

  /// Creates a head.
  ///
  /// - Parameters:
  ///   - description: The validated classifier output to read: class count, dequantization,
  ///     labels, metadata threshold and calibration.
  ///   - threshold: The score threshold; nil or NaN falls back to the metadata threshold, else
  ///     0 (ML Kit's "must be in [0, 1]" check is the caller's).
  ///   - maxResults: Positive, or nil for all.
  ///   - allowList: Class names to keep; entries match a label name or its displayed text.
  ///     Unknown and duplicate entries are ignored, but at least one must match.
  ///   - denyList: Class names to drop; same matching. Mutually exclusive with `allowList`.
  ///   - activation: Applied to the dequantized scores before calibration; `.none` (the
  ///     default) uses them as the model gives them.
  /// - Throws: ``ModelValidationError/invalidMaxResults(_:)``,
  ///   ``ModelValidationError/allowAndDenyList``, ``ModelValidationError/listWithoutLabels(_:)``,
  ///   ``ModelValidationError/noListedLabelMatches(_:list:)``.
  public init(
    _ description: ClassificationHeadDescription, threshold: Float? = nil,
    maxResults: Int? = nil, allowList: [String]? = nil, denyList: [String]? = nil,
    activation: ScoreActivation = .none
  ) throws(ModelValidationError) {
    filter = try ClassFilter(
      labels: description.labels, tensor: description.tensor, allowList: allowList,
      denyList: denyList, maxResults: maxResults)
    self.output = description
    if let threshold, !threshold.isNaN {
      self.threshold = threshold
    } else {
      self.threshold = description.metadataScoreThreshold ?? 0
    }
    self.maxResults = maxResults
    self.activation = activation
  }

  // MARK: Labels

  /// The labels for real-valued `scores` (one per class, already dequantized), best first.
  ///
  /// - Throws: ``ModelValidationError/outputSize(_:role:expected:actual:)`` when `scores` does
  ///   not hold one value per class.
  public func labels(scores: [Float]) throws(ModelValidationError) -> [ImageLabel] {
    let classCount = output.classCount
    guard scores.count == classCount else {
      throw .outputSize(output.tensor, role: "scores", expected: classCount, actual: scores.count)
    }
    var values = activated(scores)
    if let calibration = output.calibration {
      for index in values.indices {
        values[index] = calibration.calibrate(values[index], label: output.labels.name(at: index))
      }
    }
    let threshold = self.threshold
    var kept: [Int] = []
    for index in values.indices where values[index] >= threshold && filter.admits(index) {
      kept.append(index)
    }
    kept.sort { values[$0] > values[$1] || (values[$0] == values[$1] && $0 < $1) }
    if let maxResults, kept.count > maxResults { kept.removeLast(kept.count - maxResults) }
    let labels = output.labels
    return kept.map { ImageLabel(text: labels.text(at: $0), index: $0, confidence: values[$0]) }
  }

  /// The labels for the raw bytes of the output tensor (e.g. an interpreter's output or a
  /// `.npy` file's data), dequantized with the head's parameters.
  public func labels(rawOutput bytes: [UInt8]) throws(ModelValidationError) -> [ImageLabel] {
    try labels(scores: scores(rawOutput: bytes))
  }

  /// The labels for the interpreter's current output of this head (after `invoke()`).
  public func labels(from interpreter: ModelInterpreter) throws(ModelValidationError)
    -> [ImageLabel]
  {
    try labels(scores: scores(from: interpreter))
  }

  // MARK: Scores

  /// The real-valued scores in raw output bytes: float32 read little-endian, uint8 and int8
  /// dequantized as `scale * (q - zeroPoint)`.
  ///
  /// - Throws: ``ModelValidationError/outputSize(_:role:expected:actual:)`` when the byte count
  ///   is not one element per class.
  public func scores(rawOutput bytes: [UInt8]) throws(ModelValidationError) -> [Float] {
    var result: Result<[Float], ModelValidationError> = .success([])
    bytes.withUnsafeBytes { raw in
      result = Result { () throws(ModelValidationError) in try scores(raw: raw) }
    }
    return try result.get()
  }

  /// ``scores(rawOutput:)`` for bytes read in place (e.g. an interpreter's output buffer).
  func scores(raw: UnsafeRawBufferPointer) throws(ModelValidationError) -> [Float] {
    let classCount = output.classCount
    let width = output.elementType == .float32 ? 4 : 1
    guard raw.count % width == 0, raw.count / width == classCount else {
      let (expected, overflow) = classCount.multipliedReportingOverflow(by: width)
      throw .outputSize(
        output.tensor, role: "scores", expected: overflow ? Int.max : expected,
        actual: raw.count)
    }
    let q = output.dequantization ?? TensorQuantization(scale: 1, zeroPoint: 0)
    switch output.elementType {
    case .float32:
      return (0..<classCount).map {
        Float(
          bitPattern: UInt32(
            littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)))
      }
    case .int8:
      return raw.map { q.dequantize(Int(Int8(bitPattern: $0))) }
    default:
      return raw.map { q.dequantize(Int($0)) }
    }
  }

  /// The real-valued scores of this head's output in `interpreter` (after `invoke()`), read
  /// in place.
  public func scores(from interpreter: ModelInterpreter) throws(ModelValidationError) -> [Float] {
    let position = output.tensor.position
    let spec: TensorSpec
    let raw: UnsafeRawBufferPointer
    do {
      spec = try interpreter.output(at: position)
      raw = try interpreter.unsafeOutputBuffer(at: position)
    } catch {
      throw .outputUnavailable(position: position, error)
    }
    guard spec.type == output.elementType else {
      throw .outputType(output.tensor, spec.type)
    }
    return try scores(raw: raw)
  }

  /// `scores` after ``activation``.
  func activated(_ scores: [Float]) -> [Float] {
    switch activation {
    case .none:
      return scores
    case .sigmoid:
      return scores.map { Float(1 / (1 + CMath.exp(-Double($0)))) }
    case .softmax:
      let finite = scores.filter { $0.isFinite }
      guard let maximum = finite.max() else { return scores }
      let exps = scores.map { CMath.exp(Double($0) - Double(maximum)) }
      let sum = exps.reduce(0, +)
      return exps.map { Float($0 / sum) }
    }
  }
}
