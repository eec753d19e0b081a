/// COMPATIBILITY SURFACE (legacy Firebase ML Vision). Options of the legacy base object
/// detector (`FIRVisionObjectDetectorOptions`), with the same defaults: stream mode, one
/// object, no classification.
public struct VisionObjectDetectorOptions: Sendable {
  /// `.stream` (default) or `.singleImage`.
  public var detectorMode: DetectorMode
  /// True returns up to 5 objects; false the most prominent one.
  public var shouldEnableMultipleObjects: Bool
  /// True fills ``VisionObject/classificationCategory``.
  public var shouldEnableClassification: Bool
  /// The detector model; nil uses the default (see
  /// ``ObjectDetectorOptions/defaultDetectorModelPaths``).
  public var detectorModel: LocalModel?

  /// Options with the legacy defaults.
  public init(
    detectorMode: DetectorMode = .stream, shouldEnableMultipleObjects: Bool = false,
    shouldEnableClassification: Bool = false, detectorModel: LocalModel? = nil
  ) {
    self.detectorMode = detectorMode
    self.shouldEnableMultipleObjects = shouldEnableMultipleObjects
    self.shouldEnableClassification = shouldEnableClassification
    self.detectorModel = detectorModel
  }

  /// The equivalent current options.
  public var objectDetectorOptions: ObjectDetectorOptions {
    ObjectDetectorOptions(
      detectorMode: detectorMode, shouldEnableMultipleObjects: shouldEnableMultipleObjects,
      shouldEnableClassification: shouldEnableClassification, detectorModel: detectorModel)
  }
}
