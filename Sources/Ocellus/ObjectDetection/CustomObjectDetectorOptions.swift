import Imaging

/// Options for object detection with a custom classifier: ML Kit's
/// `CustomObjectDetectorOptions(localModel:)`.
///
/// Boxes come from the detector model as with ``ObjectDetectorOptions`` (in ``base``); with
/// classification on, the classifier runs on each object's upright crop (optionally padded,
/// BEHAVIOR.md D-10) and its labels with `confidence >= threshold` (INCLUSIVE), best first, at
/// most ``maxPerObjectLabelCount``, become the object's labels. In stream mode each track is
/// classified when it first appears and keeps its labels until ``trackReclassification``
/// says to classify it again.
public struct CustomObjectDetectorOptions: Sendable {
  /// The custom classifier: a ``LocalModel`` or an ``AutoMLImageLabelerLocalModel``.
  public var localModel: any ClassifierModelSource
  /// Mode, object count, classification switch, detector model and proposal settings.
  public var base: ObjectDetectorOptions
  /// The smallest label confidence kept (inclusive); nil, NaN or a value outside [0, 1] falls
  /// back to the classifier metadata's threshold, else 0.0.
  public var classificationConfidenceThreshold: Float?
  /// The most labels per object (default 10); a value below 1 means 10, as in ML Kit.
  public var maxPerObjectLabelCount: Int
  /// Padding added around each object's box before it is cropped for the classifier, as a
  /// fraction of the box size on each side (default none, BEHAVIOR.md D-10).
  public var cropPadding: CropPadding
  /// A function applied to classifier scores before thresholding (default none).
  public var scoreActivation: ScoreActivation
  /// Overrides for the classifier's metadata, display-name locale and allow/deny lists.
  public var classifierModelOptions: ClassifierModelOptions
  /// When a track's labels are recomputed in stream mode (default: every 15 frames, or when
  /// its box has grown by half; ``TrackReclassification/never`` classifies once per track).
  public var trackReclassification: TrackReclassification

  /// Options with ML Kit's defaults for `localModel`.
  public init(
    localModel: any ClassifierModelSource, base: ObjectDetectorOptions = ObjectDetectorOptions(),
    classificationConfidenceThreshold: Float? = nil, maxPerObjectLabelCount: Int = 10,
    cropPadding: CropPadding = .zero, scoreActivation: ScoreActivation = .none,
    classifierModelOptions: ClassifierModelOptions = ClassifierModelOptions(),
    trackReclassification: TrackReclassification = TrackReclassification()
  ) {
    self.localModel = localModel
    self.base = base
    self.classificationConfidenceThreshold = classificationConfidenceThreshold
    self.maxPerObjectLabelCount = maxPerObjectLabelCount
    self.cropPadding = cropPadding
    self.scoreActivation = scoreActivation
    self.classifierModelOptions = classifierModelOptions
    self.trackReclassification = trackReclassification
  }

  /// ``ObjectDetectorOptions/detectorMode`` of ``base``.
  public var detectorMode: DetectorMode {
    get { base.detectorMode }
    set { base.detectorMode = newValue }
  }
  /// ``ObjectDetectorOptions/shouldEnableMultipleObjects`` of ``base``.
  public var shouldEnableMultipleObjects: Bool {
    get { base.shouldEnableMultipleObjects }
    set { base.shouldEnableMultipleObjects = newValue }
  }
  /// ``ObjectDetectorOptions/shouldEnableClassification`` of ``base``.
  public var shouldEnableClassification: Bool {
    get { base.shouldEnableClassification }
    set { base.shouldEnableClassification = newValue }
  }
  /// ``ObjectDetectorOptions/detectorModel`` of ``base``.
  public var detectorModel: LocalModel? {
    get { base.detectorModel }
    set { base.detectorModel = newValue }
  }
}
