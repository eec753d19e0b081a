/// Options an ``ImageLabeler`` can be created with: ``CustomImageLabelerOptions``, or the
/// legacy ``VisionOnDeviceAutoMLImageLabelerOptions``, which turn into them.
public protocol ImageLabelerOptions: Sendable {
  /// The equivalent custom-model options the labeler runs with.
  var customImageLabelerOptions: CustomImageLabelerOptions { get }
}
