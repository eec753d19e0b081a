/// Options for the base object detector, whose labels are coarse categories: ML Kit's
/// `ObjectDetectorOptions`.
///
/// Objects are proposed by a detector model — ``detectorModel``, else the built-in object
/// localizer of ``builtInModels`` — an SSD used class-agnostically (boxes scoring strictly above
/// ``proposalScoreThreshold``, class-agnostic non-maximum suppression, ranked by score) or a
/// YOLO model (per-class suppression, BEHAVIOR.md C.6); at most ``maxObjectCount`` are kept.
/// With classification on, the built-in classifier runs on each object's upright crop and its
/// probabilities are summed per ``CoarseCategory`` (``CoarseCategoryMap/label(scores:threshold:)``):
/// the best category is the label when its sum reaches ``coarseCategoryThreshold``; otherwise
/// the labels are empty ("unknown").
public struct ObjectDetectorOptions: Sendable {
  /// `.stream` (the default) tracks objects across frames; `.singleImage` does not.
  public var detectorMode: DetectorMode
  /// True returns up to ``maxObjectCount`` objects; false (the default)
  /// only the most prominent one (area × centrality, BEHAVIOR.md D-3).
  public var shouldEnableMultipleObjects: Bool
  /// True fills ``DetectedObject/labels``; false (the default) leaves them empty.
  public var shouldEnableClassification: Bool
  /// The most objects returned for one image with multiple objects on (at least 1; default 5,
  /// ML Kit's fixed cap).
  public var maxObjectCount: Int
  /// The detector model proposing boxes (SSD or YOLO); nil uses the built-in object localizer
  /// of ``builtInModels``.
  public var detectorModel: LocalModel?
  /// The built-in models: the box model when ``detectorModel`` is nil, and the coarse
  /// classifier when classification is on. nil (the default) fails such a detector with
  /// ``VisionError/builtInModelsUnavailable(needed:)``; the `OcellusDefaultModels` product has them
  /// (`DefaultModels.builtInModels()`).
  public var builtInModels: BuiltInModels?
  /// The smallest summed probability (INCLUSIVE, in [0, 1]) that makes a coarse category an
  /// object's label (default 0.5: more than all other classes together).
  public var coarseCategoryThreshold: Float
  /// Overrides for the detector model's metadata (labels, normalization), the detector's class
  /// allow/deny list, and YOLO decoding (layout, box unit, fit, suppression).
  public var detectorModelOptions: DetectorModelOptions
  /// Proposals must score strictly above this; nil uses the built-in localizer's threshold
  /// (``BuiltInModels/objectLocalizerScoreThreshold``) when it proposes the boxes, else the
  /// model metadata's threshold, else ``defaultProposalScoreThreshold`` (SSD) or
  /// ``YOLOHead/defaultScoreThreshold`` (YOLO).
  public var proposalScoreThreshold: Float?
  /// SSD proposals: class-agnostic NMS drops a proposal whose IoU with a better one is strictly
  /// above this (in [0, 1]; default 0.5). YOLO models use
  /// ``DetectorModelOptions/nmsIoUThreshold`` instead.
  public var proposalIoUThreshold: Float
  /// The space of ``DetectedObject/frame`` (default ``BoxCoordinateSpace/display``).
  public var coordinateSpace: BoxCoordinateSpace
  /// How stream-mode tracking associates objects (IoU, missed frames, time gap).
  public var trackerConfiguration: TrackerConfiguration
  /// Interpreter threads (at least 1). Results do not depend on it.
  public var threadCount: Int

  /// The proposal threshold used when neither the options nor the model give one.
  public static let defaultProposalScoreThreshold: Float = 0.5

  /// Options with ML Kit's defaults: stream mode, one object, no classification.
  public init(
    detectorMode: DetectorMode = .stream, shouldEnableMultipleObjects: Bool = false,
    shouldEnableClassification: Bool = false, maxObjectCount: Int = 5,
    detectorModel: LocalModel? = nil, builtInModels: BuiltInModels? = nil,
    coarseCategoryThreshold: Float = 0.5,
    detectorModelOptions: DetectorModelOptions = DetectorModelOptions(),
    proposalScoreThreshold: Float? = nil, proposalIoUThreshold: Float = 0.5,
    coordinateSpace: BoxCoordinateSpace = .display,
    trackerConfiguration: TrackerConfiguration = TrackerConfiguration(), threadCount: Int = 1
  ) {
    self.detectorMode = detectorMode
    self.shouldEnableMultipleObjects = shouldEnableMultipleObjects
    self.shouldEnableClassification = shouldEnableClassification
    self.maxObjectCount = maxObjectCount
    self.detectorModel = detectorModel
    self.builtInModels = builtInModels
    self.coarseCategoryThreshold = coarseCategoryThreshold
    self.detectorModelOptions = detectorModelOptions
    self.proposalScoreThreshold = proposalScoreThreshold
    self.proposalIoUThreshold = proposalIoUThreshold
    self.coordinateSpace = coordinateSpace
    self.trackerConfiguration = trackerConfiguration
    self.threadCount = threadCount
  }
}
