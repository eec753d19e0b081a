/// What the metadata says about one input or output tensor (`TensorMetadata`).
public struct TensorMetadata: Sendable, Equatable {
  /// The tensor's metadata name. Detectors find their outputs by it
  /// (`location`, `category`, `score`, `number of detections`).
  public internal(set) var name, description: String?
  /// Names of the dimensions, e.g. `["batch", "height", "width", "channels"]`.
  public internal(set) var dimensionNames: [String]
  /// What the tensor holds.
  public internal(set) var content: TensorContent?
  /// Processing steps: normalization (inputs), calibration and thresholds (outputs).
  public internal(set) var processUnits: [ProcessUnit]
  /// Observed value range.
  public internal(set) var stats: TensorStats?
  /// Files for this tensor: labels, calibration.
  public internal(set) var associatedFiles: [AssociatedFile]

  /// The normalization process unit, if any.
  public var normalization: NormalizationOptions? {
    for case .normalization(let options) in processUnits { return options }
    return nil
  }

  /// The score calibration process unit, if any.
  public var scoreCalibration: ScoreCalibrationOptions? {
    for case .scoreCalibration(let options) in processUnits { return options }
    return nil
  }

  /// The score threshold from a `ScoreThresholdingOptions` process unit, if any.
  public var scoreThreshold: Float? {
    for case .scoreThresholding(let threshold) in processUnits { return threshold }
    return nil
  }

  /// The image properties of the content, if the tensor is an image.
  public var imageProperties: ImageProperties? {
    if case .image(let properties) = content?.properties { return properties }
    return nil
  }

  /// The bounding-box properties of the content, if the tensor holds boxes.
  public var boundingBoxProperties: BoundingBoxProperties? {
    if case .boundingBox(let properties) = content?.properties { return properties }
    return nil
  }

  /// The first associated file of `type`, choosing by locale as the Task Library does.
  ///
  /// With `locale` nil: the first file of that type whatever its locale (label names). With a
  /// locale: the first file of that type whose locale equals it exactly; failing that, the
  /// locale's language alone (`en-US` → `en`); failing that, nil (display names).
  public func associatedFile(ofType type: AssociatedFileType, locale: String? = nil)
    -> AssociatedFile?
  {
    let candidates = associatedFiles.filter { $0.type == type }
    guard let locale else { return candidates.first }
    if let exact = candidates.first(where: { $0.locale == locale }) { return exact }
    let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init)
    guard let language, language != locale else { return nil }
    return candidates.first(where: { $0.locale == language })
  }

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    name = try t.string(0, "name")
    description = try t.string(1, "description")
    dimensionNames = try t.strings(2, "dimension_names") ?? []
    content = try t.child(3, "content", TensorContent.init)
    processUnits = try ProcessUnit.list(t, 4, "process_units")
    stats = try t.child(5, "stats", TensorStats.init)
    associatedFiles = try t.tables(6, "associated_files", AssociatedFile.init)
  }
}
