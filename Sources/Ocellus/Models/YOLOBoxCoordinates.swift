/// The unit of a YOLO model's box values.
public enum YOLOBoxCoordinates: String, Sendable, Equatable, CaseIterable {
  /// Fractions of the input width and height (Ultralytics' TFLite exports).
  case normalized
  /// Input pixels.
  case pixels
  /// Decided per image: pixels when a candidate above the score threshold reaches past 2
  /// (no normalized box does), else normalized.
  case automatic
}
