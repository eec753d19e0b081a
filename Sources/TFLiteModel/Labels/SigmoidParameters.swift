/// The sigmoid calibration parameters of one class: one non-empty line of a score
/// calibration file, `scale,slope,offset[,min_score]`.
///
/// The calibrated score is `scale / (1 + exp(-(slope * g(x) + offset)))`; see
/// ``ScoreCalibration/calibrate(_:sigmoid:transformation:defaultScore:)``.
public struct SigmoidParameters: Hashable, Sendable {
  /// The upper bound of the calibrated score; at least 0 when parsed from a file.
  public var scale: Float
  /// Multiplies the transformed score.
  public var slope: Float
  /// Added after the slope.
  public var offset: Float
  /// Raw scores strictly below this get the default score instead; `nil` if the line
  /// has only three values.
  public var minScore: Float?

  /// Creates parameters; the values are not checked.
  public init(scale: Float, slope: Float, offset: Float, minScore: Float? = nil) {
    self.scale = scale
    self.slope = slope
    self.offset = offset
    self.minScore = minScore
  }
}
