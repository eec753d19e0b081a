/// Options that change how a custom classifier is validated and read: overrides for what the
/// metadata lacks (BEHAVIOR.md G.1), the label locale and the allow/deny lists.
public struct ClassifierModelOptions: Sendable, Equatable {
  /// Input normalization to use instead of (or in the absence of) the metadata's
  /// `NormalizationOptions`. Needed for float models without metadata.
  public var normalization: ImageNormalization?
  /// Class names to use instead of the model's label file, one per class, for every output.
  public var labels: [String]?
  /// The locale of the display names to show as label text, e.g. `"en"`; matched exactly, then
  /// by language (`en-US` → `en`). nil shows the label names of the first label file
  /// (BEHAVIOR.md D-2). The default is `"en"`, the Task Library's default, so that models packing
  /// an English display-names file (ML Kit's object labeler and bird classifier) show those
  /// names; when no display-names file matches, the label names are shown.
  public var displayNamesLocale: String?
  /// Only these class names may be returned (label names or displayed texts, exact match).
  public var allowList: [String]?
  /// These class names are never returned. Mutually exclusive with ``allowList``.
  public var denyList: [String]?

  /// Creates options; every override is off by default.
  public init(
    normalization: ImageNormalization? = nil, labels: [String]? = nil,
    displayNamesLocale: String? = "en", allowList: [String]? = nil, denyList: [String]? = nil
  ) {
    self.normalization = normalization
    self.labels = labels
    self.displayNamesLocale = displayNamesLocale
    self.allowList = allowList
    self.denyList = denyList
  }
}
