/// Score calibration (`ScoreCalibrationOptions`): per-class sigmoid parameters come from a
/// `TENSOR_AXIS_SCORE_CALIBRATION` file beside it.
public struct ScoreCalibrationOptions: Sendable, Equatable {
  /// The transform applied to a score before the sigmoid.
  public var scoreTransformation: ScoreTransformationType
  /// The score given to classes without parameters, or below their `min_score`.
  public var defaultScore: Float

  /// Creates calibration options.
  public init(scoreTransformation: ScoreTransformationType, defaultScore: Float) {
    self.scoreTransformation = scoreTransformation
    self.defaultScore = defaultScore
  }

  init(_ t: FlatBufferTable?) throws(FlatBufferError) {
    let raw = try t?.integer(0, "score_transformation", default: UInt8(0)) ?? 0
    guard let transformation = ScoreTransformationType(rawValue: raw) else {
      throw FlatBufferError(
        path: ["score_transformation"], offset: t?.position ?? 0,
        problem: .invalidEnumValue(Int64(raw), enumName: "ScoreTransformationType"))
    }
    scoreTransformation = transformation
    defaultScore = try t?.float(1, "default_score", default: 0) ?? 0
  }
}
