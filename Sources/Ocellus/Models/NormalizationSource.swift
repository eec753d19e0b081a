/// Where an input's normalization came from.
public enum NormalizationSource: String, Sendable, Equatable {
  /// The input tensor's `NormalizationOptions` metadata.
  case metadata
  /// The caller's options (an override; it wins over metadata).
  case options
}
