/// Options of the base object detector (coarse-category labels): ML Kit's
/// `ObjectDetectorOptions()`, with ML Kit's defaults and settable properties.
public final class ObjectDetectorOptions: CommonObjectDetectorOptions {
  /// Options with ML Kit's defaults: stream mode, one object, no classification.
  public override init() {}
}
