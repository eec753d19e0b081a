import TFLiteModel

/// Sigmoid score calibration for one output (BEHAVIOR.md C.3): per-class parameters keyed by label
/// NAME, as upstream.
///
/// Built from a `TENSOR_AXIS_SCORE_CALIBRATION` file and the label names: line `i` belongs to
/// label `i`. Empty lines add nothing. Because the key is the name, classes whose names repeat
/// (e.g. the COCO "???" entries) share parameters, and the last non-empty line for a name wins
/// (upstream's insert-or-assign). A class whose name has no parameters gets ``defaultScore``.
public struct ScoreCalibrator: Sendable, Equatable {
  /// The transformation applied to a raw score before the sigmoid.
  public var transformation: ScoreTransformationType
  /// The score given to classes without parameters, or below their `min_score`.
  public var defaultScore: Float
  /// The parameters by label name.
  public var parameters: [String: SigmoidParameters]

  /// Creates a calibrator from parameters by name.
  public init(
    transformation: ScoreTransformationType, defaultScore: Float,
    parameters: [String: SigmoidParameters]
  ) {
    self.transformation = transformation
    self.defaultScore = defaultScore
    self.parameters = parameters
  }

  /// Creates a calibrator from a parsed file and the labels its lines belong to (extra lines or
  /// labels beyond the shorter list are ignored; validation has checked the counts match).
  public init(
    file: ScoreCalibrationFile, labels: [String], transformation: ScoreTransformationType,
    defaultScore: Float
  ) {
    var parameters: [String: SigmoidParameters] = [:]
    for (line, label) in zip(file.sigmoids, labels) {
      if let line { parameters[label] = line }
    }
    self.init(transformation: transformation, defaultScore: defaultScore, parameters: parameters)
  }

  /// The calibrated score of a class with label `name`: ``defaultScore`` when the name has no
  /// parameters, else `ScoreCalibration.calibrate(_:sigmoid:transformation:defaultScore:)`.
  @inlinable
  public func calibrate(_ score: Float, label name: String) -> Float {
    ScoreCalibration.calibrate(
      score, sigmoid: parameters[name], transformation: transformation, defaultScore: defaultScore)
  }
}
