import Foundation
import Imaging

/// Detects, tracks and classifies objects: ML Kit's `ObjectDetector`.
///
/// Per image: the detector model (``ObjectDetectorOptions/detectorModel``, else the built-in
/// object localizer) proposes boxes on the whole upright image (an SSD
/// class-agnostically: boxes scoring strictly above the threshold, class-agnostic NMS, ranked
/// by score; a YOLO model letterboxed, with per-class NMS, BEHAVIOR.md C.6); the best
/// ``ObjectDetectorOptions/maxObjectCount`` (5 by default) are candidates. With multiple objects enabled all
/// candidates are returned, best first; otherwise only the most prominent (area × centrality,
/// BEHAVIOR.md D-3; in stream mode with hysteresis). With classification on, labels come from the custom
/// classifier run on each object's upright crop, or, for the base detector, from the coarse
/// category of the built-in classifier's scores on that crop (BEHAVIOR.md D.5).
///
/// In ``DetectorMode/stream`` mode the candidates go through the deterministic
/// ``ObjectTracker`` (BEHAVIOR.md D-4) with the frame's ``VisionImage/timestampMilliseconds``: IDs stay
/// while an object is matched, an object that leaves or is hidden and comes back within the
/// re-identification window gets its ID back (matched by a color signature of its box), and a
/// change of frame size or orientation or a time gap resets the tracks. Labels are computed when a track first
/// appears and carried with it, recomputed as
/// ``CustomObjectDetectorOptions/trackReclassification`` says (the default rule for the base
/// detector). In single-image mode ``DetectedObject/trackingID`` is nil.
///
/// An ``ObjectDetector`` is `Sendable`: calls from several threads are serialized (the models'
/// interpreters and the stream state sit behind one lock), and results never depend on
/// timing or thread counts.
public final class ObjectDetector: VisionProcessor, @unchecked Sendable {
  /// The mode, object count, classification switch and proposal settings in effect.
  public let options: ObjectDetectorOptions
  /// The custom-classifier options, nil for the base detector.
  public let customOptions: CustomObjectDetectorOptions?

  private let lock = NSLock()
  private let detector: DetectorRunner
  /// The custom classifier, or the built-in one when coarse categories are on.
  private let classifier: ClassifierRunner?
  /// The built-in classifier's coarse categories; nil unless the base detector classifies.
  private let coarseCategories: CoarseCategoryMap?
  private var tracker: ObjectTracker
  private var selector = ProminenceSelector()
  private var trackLabels: [Int: TrackLabels] = [:]
  /// Stream frames processed since creation or the last reset.
  private var streamFrame = 0

  /// A base detector (coarse-category labels).
  ///
  /// - Throws: ``VisionError/builtInModelsUnavailable(needed:)`` when the options need the
  ///   built-in models (no detector model, or coarse categories) and have none;
  ///   ``VisionError/invalidOption(name:value:reason:)`` for an out-of-range option;
  ///   ``VisionError/model(_:)`` when the detector model does not fit (BEHAVIOR.md C.2).
  public convenience init(options: ObjectDetectorOptions) throws(VisionError) {
    try self.init(base: options, custom: nil)
  }

  /// A detector whose labels come from a custom classifier.
  ///
  /// - Throws: as ``init(options:)-(ObjectDetectorOptions)``, and ``VisionError/model(_:)``
  ///   when the classifier does not fit (BEHAVIOR.md A.2–A.5).
  public convenience init(options: CustomObjectDetectorOptions) throws(VisionError) {
    try self.init(base: options.base, custom: options)
  }

  /// A base detector; the ML Kit spelling of ``init(options:)-(ObjectDetectorOptions)``.
  public static func objectDetector(options: ObjectDetectorOptions) throws(VisionError)
    -> ObjectDetector
  {
    try ObjectDetector(options: options)
  }

  /// A custom-classifier detector; the ML Kit spelling of
  /// ``init(options:)-(CustomObjectDetectorOptions)``.
  public static func objectDetector(options: CustomObjectDetectorOptions) throws(VisionError)
    -> ObjectDetector
  {
    try ObjectDetector(options: options)
  }

  private init(base: ObjectDetectorOptions, custom: CustomObjectDetectorOptions?)
    throws(VisionError)
  {
    try Self.validate(base, custom: custom)
    detector = try Self.boxModel(base)
    if let custom {
      var threshold = custom.classificationConfidenceThreshold
      if let value = threshold, !(0...1).contains(value) { threshold = nil }
      let count = custom.maxPerObjectLabelCount > 0 ? custom.maxPerObjectLabelCount : 10
      classifier = try ClassifierRunner(
        source: custom.localModel, modelOptions: custom.classifierModelOptions,
        threshold: threshold, maxResults: count, activation: custom.scoreActivation,
        threadCount: base.threadCount)
      coarseCategories = nil
    } else if base.shouldEnableClassification {
      (classifier, coarseCategories) = try Self.coarseClassifier(base)
    } else {
      (classifier, coarseCategories) = (nil, nil)
    }
    options = base
    customOptions = custom
    tracker = ObjectTracker(configuration: base.trackerConfiguration)
  }

  /// Throws ``VisionError/invalidOption(name:value:reason:)`` for the first option out of range.
  private static func validate(_ base: ObjectDetectorOptions, custom: CustomObjectDetectorOptions?)
    throws(VisionError)
  {
    guard base.proposalIoUThreshold.isFinite, (0...1).contains(base.proposalIoUThreshold) else {
      throw .invalidOption(
        name: "proposalIoUThreshold", value: "\(base.proposalIoUThreshold)",
        reason: "it must be in [0, 1]")
    }
    guard base.maxObjectCount >= 1 else {
      throw .invalidOption(
        name: "maxObjectCount", value: "\(base.maxObjectCount)", reason: "it must be at least 1")
    }
    if let threshold = base.proposalScoreThreshold, threshold.isNaN {
      throw .invalidOption(
        name: "proposalScoreThreshold", value: "nan", reason: "it must be a number")
    }
    guard (0...1).contains(base.coarseCategoryThreshold) else {
      throw .invalidOption(
        name: "coarseCategoryThreshold", value: "\(base.coarseCategoryThreshold)",
        reason: "it must be in [0, 1]")
    }
    guard let padding = custom?.cropPadding else { return }
    for (side, value) in [
      ("left", padding.left), ("top", padding.top), ("right", padding.right),
      ("bottom", padding.bottom),
    ] where !(value.isFinite && value >= 0) {
      throw .invalidOption(
        name: "cropPadding.\(side)", value: "\(value)", reason: "it must be a finite fraction >= 0")
    }
  }

  /// The box model: `detectorModel`, else the built-in localizer with its threshold.
  private static func boxModel(_ base: ObjectDetectorOptions) throws(VisionError)
    -> DetectorRunner
  {
    if let model = base.detectorModel {
      return try DetectorRunner(
        model: model, options: base.detectorModelOptions, threshold: base.proposalScoreThreshold,
        threadCount: base.threadCount)
    }
    guard let builtIn = base.builtInModels else {
      throw .builtInModelsUnavailable(needed: "an object detector without a detectorModel")
    }
    return try DetectorRunner(
      model: builtIn.objectLocalizer, options: base.detectorModelOptions,
      threshold: base.proposalScoreThreshold ?? builtIn.objectLocalizerScoreThreshold,
      threadCount: base.threadCount)
  }

  /// The built-in classifier (every class's score) and its coarse categories. The map's names
  /// are the classifier's labels, so validation already refuses a map of another class count
  /// (``ModelValidationError/labelCount(_:classes:labels:source:)``).
  private static func coarseClassifier(_ base: ObjectDetectorOptions) throws(VisionError)
    -> (ClassifierRunner, CoarseCategoryMap)
  {
    guard let builtIn = base.builtInModels else {
      throw .builtInModelsUnavailable(
        needed: "the base detector's coarse categories (shouldEnableClassification)")
    }
    let runner = try ClassifierRunner(
      source: builtIn.imageClassifier, modelOptions: builtIn.imageClassifierOptions,
      threshold: 0, maxResults: nil, activation: .none, threadCount: base.threadCount)
    return (runner, builtIn.coarseCategories)
  }

  /// The detector model as validated.
  public var detectorModelDescription: DetectorModelDescription { detector.description }
  /// The proposal threshold in effect (strict).
  public var proposalScoreThreshold: Float { detector.threshold }
  /// The classifier's label threshold in effect (inclusive), nil for the base detector.
  public var classificationConfidenceThreshold: Float? { classifier?.head.threshold }

  /// The objects in `image`, best first (synchronous; blocks while another call runs).
  ///
  /// - Throws: ``VisionError/timestampNotIncreasing(previous:given:)`` in stream mode when
  ///   the image's timestamp is not after the previous frame's; ``VisionError`` when the image
  ///   cannot be packed or a model output is unusable.
  public func results(in image: VisionImage) throws(VisionError) -> [DetectedObject] {
    lock.lock()
    defer { lock.unlock() }
    return try detect(image)
  }

  /// Forgets every track (stream mode); IDs keep counting up, so none is reused.
  public func resetTracking() {
    lock.lock()
    defer { lock.unlock() }
    tracker.reset()
    selector = ProminenceSelector()
    trackLabels.removeAll()
    streamFrame = 0
  }

  // MARK: The pipeline (called with the lock held)

  private func detect(_ image: VisionImage) throws(VisionError) -> [DetectedObject] {
    let streaming = options.detectorMode == .stream
    let timestamp = image.timestampMilliseconds ?? tracker.nextDefaultTimestamp
    if streaming {
      do {
        try tracker.checkTimestamp(timestamp)
      } catch {
        switch error {
        case .timestampNotIncreasing(let previous, let given):
          throw .timestampNotIncreasing(previous: previous, given: given)
        }
      }
    }
    let proposals = try detector.proposals(
      for: image, iouThreshold: Double(options.proposalIoUThreshold))
    let candidates = Array(proposals.prefix(options.maxObjectCount))
    let boxes = candidates.map(\.rect)
    var ids: [Int]?
    if streaming {
      let context = ObjectTracker.FrameContext(
        width: image.rawWidth, height: image.rawHeight, orientation: image.orientation.rawValue)
      var appearances: [AppearanceSignature]?
      if options.trackerConfiguration.reidentifies {
        appearances = try boxes.map { (box) throws(VisionError) in
          try AppearanceSignature(of: box, in: image)
        }
      }
      ids = tracker.associate(
        boxes, appearances: appearances, timestampMilliseconds: timestamp, context: context)
      let live = Set((tracker.tracks + tracker.absentTracks).map(\.id))
      trackLabels = trackLabels.filter { live.contains($0.key) }
    }
    var chosen = Array(candidates.indices)
    if !options.shouldEnableMultipleObjects {
      let pick: Int?
      if let ids {
        pick = selector.select(boxes, ids: ids, width: image.width, height: image.height)
      } else {
        pick = ProminenceSelector.mostProminent(boxes, width: image.width, height: image.height)
      }
      chosen = pick.map { [$0] } ?? []
    }
    var objects: [DetectedObject] = []
    for position in chosen {
      let proposal = candidates[position]
      let id = ids?[position]
      let objectLabels = try labels(for: proposal, id: id, image: image)
      let display = CGRect(proposal.rect)
      let raw = image.rawRect(fromDisplay: display)
      objects.append(
        DetectedObject(
          frame: options.coordinateSpace == .display ? display : raw, displayFrame: display,
          rawFrame: raw, labels: objectLabels, trackingID: id, detectionConfidence: proposal.score,
          detectorClassIndex: proposal.classIndex, detectorClassName: proposal.className))
    }
    if streaming { streamFrame += 1 }
    return objects
  }

  /// The labels of one object: none when classification is off; else the custom classifier's
  /// labels, or the coarse category of the built-in classifier's scores, for the upright crop
  /// (in stream mode carried per track and recomputed when due).
  private func labels(for proposal: ObjectProposal, id: Int?, image: VisionImage)
    throws(VisionError) -> [ObjectLabel]
  {
    guard options.shouldEnableClassification, let classifier else { return [] }
    let rect = proposal.rect
    let area = rect.area
    if let id, let carried = trackLabels[id],
      !(customOptions?.trackReclassification ?? TrackReclassification()).isDue(
        age: streamFrame - carried.frame, classifiedArea: carried.area, area: area)
    {
      return carried.labels
    }
    let crop = TensorCrop(rect, padding: customOptions?.cropPadding ?? .zero)
    let labels: [ObjectLabel]
    if let coarseCategories {
      let scores = try classifier.scores(
        image: image.image, orientation: image.orientation, crop: crop)
      labels =
        coarseCategories.label(scores: scores, threshold: options.coarseCategoryThreshold)
        .map { [$0] } ?? []
    } else {
      labels = try classifier.classify(
        image: image.image, orientation: image.orientation, crop: crop)
    }
    if let id { trackLabels[id] = TrackLabels(labels: labels, frame: streamFrame, area: area) }
    return labels
  }
}
