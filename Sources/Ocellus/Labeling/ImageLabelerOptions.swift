/// Options an ``ImageLabeler`` can be created with: ``CustomImageLabelerOptions`` (the ML Kit
/// and Firebase compatibility modules build them from their own option classes).
public protocol ImageLabelerOptions: Sendable {
  /// The equivalent custom-model options the labeler runs with.
  var customImageLabelerOptions: CustomImageLabelerOptions { get }
}
