import TFLiteModel

extension DetectorModelDescription {
  /// Validates `model` as an SSD detector and describes it.
  ///
  /// Checks, in order: the input (BEHAVIOR.md A.2, as for classifiers); exactly 4 outputs (C.2, with a
  /// diagnosis of 1, 2 or other counts, G.3); the output mapping (G.4); each output's type
  /// (float32) and, where the file records shapes, ranks 3, 2, 2, 1 with batch 1; the box
  /// encoding; the category labels (which must cover `num_classes`); then score calibration.
  ///
  /// - Parameters:
  ///   - model: The parsed `.tflite` file (a `ModelFile`), with its metadata if any.
  ///   - options: Overrides (normalization, labels, fit), the display-names locale and the YOLO
  ///     layout. With a layout named, or for one rank-3 output and no SSD post-processing
  ///     operator, the model is validated as a YOLO detector instead.
  ///   - outputShapes: Output shapes as an interpreter computed them; nil uses the file's (SSD
  ///     files usually leave them to the runtime).
  /// - Throws: every broken rule, as one ``ModelValidationError``.
  public static func validated(
    model: ModelFile, options: DetectorModelOptions = DetectorModelOptions(),
    outputShapes: [[Int]]? = nil
  ) throws(ModelValidationError) -> DetectorModelDescription {
    if Self.looksLikeYOLO(model, options: options) {
      return try validatedYOLO(model: model, options: options, outputShapes: outputShapes)
    }
    var problems: [ModelValidationError] = []
    var notes = model.warnings.map(\.description)
    let subgraph = model.mainSubgraph
    if model.mainSubgraphMetadata == nil {
      notes.append(
        "the model has no tensor metadata (the Task Library requires it): boxes are read as [ymin, xmin, ymax, xmax] ratios and outputs mapped by the post-processing operator"
      )
    }
    let input = ImageInputDescription.validated(
      model: model, normalization: options.normalization, problems: &problems)
    let outputs = ModelOutputs(model: model, computedShapes: outputShapes)
    guard subgraph.outputs.count == 4 else {
      problems.append(.detectorOutputCount(count: subgraph.outputs.count, shapes: outputs.shapes))
      throw ModelValidationError.combined(problems) ?? .several([])
    }
    let postProcess = subgraph.operators.first {
      let code = model.operatorCode(of: $0)
      return code.isCustom && code.customCode == DetectionPostProcessOptions.customCode
    }
    let mapping = Self.mapping(
      metadataNames: outputs.metadata.map { $0?.name }, outputs: subgraph.outputs,
      postProcessOutputs: postProcess?.outputs, shapes: outputs.shapes)
    if mapping.method != .metadataNames && model.mainSubgraphMetadata != nil {
      notes.append(
        "the output metadata names are not location/category/score/number of detections; outputs were mapped by \(mapping.method.rawValue)"
      )
    }
    problems += typeAndShapeProblems(model: model, outputs: outputs, mapping: mapping)
    let encoding = boxEncoding(outputs, mapping, problems: &problems, notes: &notes)
    let categoryPosition =
      mapping.category
      ?? outputs.firstPosition { $0.associatedFile(ofType: .tensorValueLabels) != nil }
    let categoryReference = outputs.references[categoryPosition ?? 0]
    let allLabels = LabelMap.load(
      model: model, metadata: categoryPosition.flatMap { outputs.metadata[$0] },
      type: .tensorValueLabels, locale: options.displayNamesLocale,
      override: options.labels.map { ($0, LabelSource.options) }, tensor: categoryReference,
      problems: &problems)
    let limits = postProcessLimits(postProcess, notes: &notes)
    let labels = allLabels.droppingBackground(classCount: limits.classCount)
    if labels.count != allLabels.count {
      notes.append(
        "the labels' first row (\"\(allLabels.name(at: 0))\") is the background: skipped")
    }
    if let classCount = limits.classCount, !labels.isEmpty, labels.count < classCount {
      problems.append(
        .labelCount(
          categoryReference, classes: classCount, labels: labels.count,
          source: ClassifierModelDescription.sourceName(labels.source)))
    }
    let scorePosition =
      mapping.score
      ?? outputs.firstPosition { $0.scoreThreshold != nil || $0.scoreCalibration != nil }
    let scoreMetadata = scorePosition.flatMap { outputs.metadata[$0] }
    let calibration = ScoreCalibrator.load(
      model: model, metadata: scoreMetadata, labels: labels,
      tensor: outputs.references[scorePosition ?? 0], problems: &problems)

    if let error = ModelValidationError.combined(problems) { throw error }
    guard let input else { throw .inputCount(count: subgraph.inputs.count) }
    if labels.isEmpty {
      notes.append(
        "the detector has no category labels: detections carry their class index and empty text")
    }
    return DetectorModelDescription(
      input: input, outputs: outputs.references, mapping: mapping, boxEncoding: encoding,
      labels: labels, metadataScoreThreshold: scoreMetadata?.scoreThreshold,
      calibration: calibration, classCount: limits.classCount,
      maxDetections: limits.maxDetections, notes: notes, fit: options.fit ?? .stretch)
  }

  /// Every output must be float32; where a shape is known, boxes are `[1, N, 4]`, categories
  /// and scores `[1, N]`, the count `[1]`.
  static func typeAndShapeProblems(
    model: ModelFile, outputs: ModelOutputs, mapping: DetectionOutputMapping
  ) -> [ModelValidationError] {
    let subgraph = model.mainSubgraph
    var problems: [ModelValidationError] = []
    for position in subgraph.outputs.indices {
      let type = subgraph.tensors[subgraph.outputs[position]].type
      if type != .float32 { problems.append(.outputType(outputs.references[position], type)) }
    }
    for role in DetectionOutputRole.allCases {
      guard let position = mapping.position(of: role) else { continue }
      let shape = outputs.shapes[position]
      guard !shape.isEmpty else { continue }
      let expected: String
      let fits: Bool
      switch role {
      case .location:
        expected = "[1, N, 4]"
        fits = shape.count == 3 && shape[0] == 1 && shape[2] == 4
      case .category, .score:
        expected = "[1, N]"
        fits = shape.count == 2 && shape[0] == 1
      case .count:
        expected = "[1]"
        fits = shape == [1]
      }
      if !fits {
        problems.append(
          .detectorOutputShape(
            outputs.references[position], role: role.rawValue, shape: shape, expected: expected))
      }
    }
    return problems
  }

  /// The box encoding from the location output's metadata (or any output declaring boxes);
  /// TensorFlow SSD's `[ymin, xmin, ymax, xmax]` ratios when none is declared.
  static func boxEncoding(
    _ outputs: ModelOutputs, _ mapping: DetectionOutputMapping,
    problems: inout [ModelValidationError], notes: inout [String]
  ) -> BoxEncoding {
    let position = mapping.location ?? outputs.firstPosition { $0.boundingBoxProperties != nil }
    guard let position, let metadata = outputs.metadata[position] else { return .tensorFlowSSD }
    guard let properties = metadata.boundingBoxProperties else {
      notes.append(
        "the location output has no BoundingBoxProperties; boxes are read as [ymin, xmin, ymax, xmax] ratios"
      )
      return .tensorFlowSSD
    }
    let encoding = BoxEncoding(
      type: properties.type, index: properties.index.isEmpty ? [0, 1, 2, 3] : properties.index,
      coordinateType: properties.coordinateType)
    if let reason = encoding.problem {
      problems.append(.boundingBoxProperties(outputs.references[position], reason: reason))
    }
    return encoding
  }

  /// The post-processing operator's `num_classes` and the rows it emits
  /// (`max_detections × max_classes_per_detection`), when its options can be read.
  static func postProcessLimits(_ postProcess: Operator?, notes: inout [String]) -> (
    classCount: Int?, maxDetections: Int?
  ) {
    guard let postProcess, let customOptions = postProcess.customOptions else { return (nil, nil) }
    do {
      let parsed = try DetectionPostProcessOptions(customOptions: customOptions)
      return (parsed.numClasses, parsed.maxDetections * parsed.maxClassesPerDetection)
    } catch {
      notes.append("the TFLite_Detection_PostProcess options could not be read: \(error)")
      return (nil, nil)
    }
  }

  /// Maps outputs to roles: by metadata names when all four are recognized and distinct; else
  /// by the post-processing operator's outputs; else boxes and count by shape, the rest at run
  /// time.
  static func mapping(
    metadataNames: [String?], outputs: [Int], postProcessOutputs: [Int]?, shapes: [[Int]]
  ) -> DetectionOutputMapping {
    var byName: [DetectionOutputRole: Int] = [:]
    for (position, name) in metadataNames.enumerated() {
      if let name, let role = DetectionOutputRole.role(metadataName: name), byName[role] == nil {
        byName[role] = position
      }
    }
    if byName.count == 4 {
      return DetectionOutputMapping(
        location: byName[.location], category: byName[.category], score: byName[.score],
        count: byName[.count], method: .metadataNames)
    }
    if let op = postProcessOutputs, op.count >= 4 {
      let found = op.prefix(4).map { outputs.firstIndex(of: $0) }
      if found.allSatisfy({ $0 != nil }), Set(found.compactMap { $0 }).count == 4 {
        return DetectionOutputMapping(
          location: found[0], category: found[1], score: found[2], count: found[3],
          method: .postProcessOperator)
      }
    }
    let boxes = shapes.indices.filter { shapes[$0].count == 3 && shapes[$0].last == 4 }
    let counts = shapes.indices.filter { shapes[$0] == [1] }
    if boxes.count == 1 && counts.count == 1 {
      return DetectionOutputMapping(
        location: boxes[0], category: nil, score: nil, count: counts[0], method: .shapesAndValues)
    }
    return DetectionOutputMapping(
      location: nil, category: nil, score: nil, count: nil, method: .runtime)
  }
}
