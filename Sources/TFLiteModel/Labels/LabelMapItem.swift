/// One class of a label map: its name and, if the model ships one, a display name.
///
/// Built by ``LabelFile/labelMapItems(displayNames:)``; mirrors the TFLite Task Library's
/// `LabelMapItem` (without the label-hierarchy children).
public struct LabelMapItem: Hashable, Sendable {
  /// The label name, e.g. "tulips" (may be empty: an empty line in the file).
  public var name: String
  /// The display name from the display-names file (often localized), or `nil` if the
  /// model has no display-names file.
  public var displayName: String?

  /// Creates an item.
  public init(name: String, displayName: String? = nil) {
    self.name = name
    self.displayName = displayName
  }
}
