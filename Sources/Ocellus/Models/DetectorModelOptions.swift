/// Options that change how an SSD detector model is validated: overrides for what its metadata
/// lacks, and the label locale.
public struct DetectorModelOptions: Sendable, Equatable {
  /// Input normalization to use instead of the metadata's (float models without metadata).
  public var normalization: ImageNormalization?
  /// Category names to use instead of the model's `TENSOR_VALUE_LABELS` file; name `v` for
  /// category value `v`.
  public var labels: [String]?
  /// The locale of the display names to show, as in ``ClassifierModelOptions/displayNamesLocale``
  /// (default `"en"`; nil shows label names).
  public var displayNamesLocale: String?

  /// Creates options; every override is off by default.
  public init(
    normalization: ImageNormalization? = nil, labels: [String]? = nil,
    displayNamesLocale: String? = "en"
  ) {
    self.normalization = normalization
    self.labels = labels
    self.displayNamesLocale = displayNamesLocale
  }
}
