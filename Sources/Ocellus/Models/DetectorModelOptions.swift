import Imaging

/// Options that change how a detector model is validated and decoded: overrides for what its
/// metadata lacks, the label locale, class allow/deny lists, and for YOLO models the output
/// layout, box unit, image fit and non-maximum suppression.
public struct DetectorModelOptions: Sendable, Equatable {
  /// Input normalization to use instead of the metadata's (float models without metadata).
  public var normalization: ImageNormalization?
  /// Category names to use instead of the model's `TENSOR_VALUE_LABELS` file; name `v` for
  /// category value `v`. One name more than the model has classes means the first row is
  /// the background (AutoML `dict.txt`, TF `???` label maps): it is skipped.
  public var labels: [String]?
  /// Class names (label names or displayed texts) to keep; mutually exclusive with `denyList`.
  public var allowList: [String]?
  /// Class names to drop.
  public var denyList: [String]?
  /// A YOLO model's output layout; nil recognizes it from the output shape and labels.
  public var yoloLayout: YOLOOutputLayout?
  /// The unit of a YOLO model's boxes (default ``YOLOBoxCoordinates/automatic``).
  public var yoloBoxCoordinates: YOLOBoxCoordinates
  /// How the image is fitted to the model input: nil letterboxes YOLO models as Ultralytics
  /// does (aspect kept, centred, gray 114 border) and stretches SSD models (BEHAVIOR.md D-1).
  public var fit: ImageFit?
  /// YOLO non-maximum suppression: a box is dropped when its IoU with a better box is strictly
  /// above this (default 0.7, Ultralytics').
  public var nmsIoUThreshold: Float
  /// YOLO non-maximum suppression across classes too (default false: per class, Ultralytics').
  public var classAgnosticNMS: Bool
  /// The most YOLO candidates kept after suppression (default 300, Ultralytics' `max_det`).
  public var maxCandidates: Int
  /// The locale of the display names to show, as in ``ClassifierModelOptions/displayNamesLocale``
  /// (default `"en"`; nil shows label names).
  public var displayNamesLocale: String?

  /// Creates options; every override is off by default.
  public init(
    normalization: ImageNormalization? = nil, labels: [String]? = nil,
    displayNamesLocale: String? = "en", allowList: [String]? = nil, denyList: [String]? = nil,
    yoloLayout: YOLOOutputLayout? = nil, yoloBoxCoordinates: YOLOBoxCoordinates = .automatic,
    fit: ImageFit? = nil, nmsIoUThreshold: Float = 0.7, classAgnosticNMS: Bool = false,
    maxCandidates: Int = 300
  ) {
    self.normalization = normalization
    self.labels = labels
    self.displayNamesLocale = displayNamesLocale
    self.allowList = allowList
    self.denyList = denyList
    self.yoloLayout = yoloLayout
    self.yoloBoxCoordinates = yoloBoxCoordinates
    self.fit = fit
    self.nmsIoUThreshold = nmsIoUThreshold
    self.classAgnosticNMS = classAgnosticNMS
    self.maxCandidates = maxCandidates
  }
}
