/// The transformation applied to a raw score before sigmoid calibration: the TFLite
/// metadata enum `ScoreTransformationType` (raw values match the schema).
///
/// See ``ScoreCalibration/transform(_:_:)`` for the formulas.
public enum ScoreTransformationType: UInt8, Sendable, CaseIterable, CustomStringConvertible {
  /// `g(x) = x`.
  case identity = 0
  /// `g(x) = log(x)`, with small values clamped (see ``ScoreCalibration/clampedLog(_:)``).
  case log = 1
  /// `g(x) = log(x) - log(1 - x)` (the logit), with the same clamping.
  case inverseLogistic = 2

  /// The schema name, e.g. `INVERSE_LOGISTIC`.
  public var description: String { Self.schemaNames[Int(rawValue)] }

  /// The schema names, by raw value.
  private static let schemaNames: [String] = ["IDENTITY", "LOG", "INVERSE_LOGISTIC"]
}
