/// Where an input's normalization came from.
public enum NormalizationSource: String, Sendable, Equatable {
  /// The input tensor's `NormalizationOptions` metadata.
  case metadata
  /// The caller's options (an override; it wins over metadata).
  case options
  /// The YOLO convention, pixel / 255 (mean 0, std 255), for a YOLO model with no
  /// normalization metadata and none in the options.
  case yoloConvention
}
