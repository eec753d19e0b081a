/// Score calibration (`ScoreCalibrationOptions`): per-class sigmoid parameters come from a
/// `TENSOR_AXIS_SCORE_CALIBRATION` file beside it.
public struct ScoreCalibrationOptions: Sendable, Equatable {
  /// The transform applied to a score before the sigmoid.
  public internal(set) var scoreTransformation: ScoreTransformationType
  /// The score given to classes without parameters, or below their `min_score`.
  public internal(set) var defaultScore: Float

  /// Creates calibration options.
  public init(scoreTransformation: ScoreTransformationType, defaultScore: Float) {
    self.scoreTransformation = scoreTransformation
    self.defaultScore = defaultScore
  }

  init(_ t: FlatBufferTable?) throws(FlatBufferError) {
    scoreTransformation =
      try t?.enumeration(0, "score_transformation", "ScoreTransformationType") {
        ScoreTransformationType(rawValue: UInt8(bitPattern: $0))
      } ?? .identity
    defaultScore = try t?.float(1, "default_score", default: 0) ?? 0
  }
}
