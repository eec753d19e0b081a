import Imaging
import TFLiteModel

extension ClassifierModelDescription {
  /// Validates `model` as an image classifier and describes it.
  ///
  /// Checks, in BEHAVIOR.md A.5 order: the metadata's tensor counts and the input (A.2: one 4-D
  /// `[1, H, W, 3]` uint8, int8 or float32 tensor, RGB if ImageProperties say so, float32 needs
  /// a normalization); that the model is not a detector (G.2); then each output: its label file,
  /// shape (`[1, N]` or `[1, 1, 1, N]`), label count, type (uint8, int8, float32) and
  /// quantization, and that all or none are quantized (A.3); then the allow/deny lists (C.1);
  /// then score calibration (C.3).
  ///
  /// - Parameters:
  ///   - model: The parsed `.tflite` file (a `ModelFile`), with its metadata if any.
  ///   - options: Overrides (normalization, labels), the display-names locale and lists.
  ///   - labelsFile: An AutoML bundle's labels and their path; they win over the model's own
  ///     labels (BEHAVIOR.md D-6) but not over `options.labels`.
  ///   - outputShapes: Output shapes as an interpreter computed them, for models whose file
  ///     leaves output shapes to the runtime; nil uses the file's shapes.
  /// - Throws: every broken rule, as one ``ModelValidationError`` (``ModelValidationError/several(_:)``
  ///   when more than one).
  public static func validated(
    model: ModelFile, options: ClassifierModelOptions = ClassifierModelOptions(),
    labelsFile: (labels: [String], path: String)? = nil, outputShapes: [[Int]]? = nil
  ) throws(ModelValidationError) -> ClassifierModelDescription {
    var problems: [ModelValidationError] = []
    var notes = model.warnings.map(\.description)
    let subgraph = model.mainSubgraph
    let metadata = model.mainSubgraphMetadata
    if metadata == nil {
      notes.append(
        model.metadata == nil
          ? "the model has no metadata: labels, thresholds and normalization come from the options or defaults"
          : "the model metadata describes no subgraph: its tensors have no metadata")
    }
    let input = ImageInputDescription.validated(
      model: model, normalization: options.normalization, problems: &problems)

    let outputs = ModelOutputs(model: model, computedShapes: outputShapes)
    if let kind = detectorKind(model: model, shapes: outputs.shapes) {
      problems.append(.detectionModelAsClassifier(kind: kind, outputShapes: outputs.shapes))
      throw ModelValidationError.combined(problems) ?? .several([])
    }
    if let problem = ModelValidationError.metadataTensorCountProblem(.output, in: model) {
      problems.append(problem)
    }
    if subgraph.outputs.isEmpty { problems.append(.noOutputs) }

    var heads: [ClassificationHeadDescription] = []
    var calibrationProblems: [ModelValidationError] = []
    let override: (labels: [String], source: LabelSource)? =
      options.labels.map { ($0, LabelSource.options) }
      ?? labelsFile.map { ($0.labels, LabelSource.labelsFile(path: $0.path)) }
    for position in subgraph.outputs.indices {
      let labels = LabelMap.load(
        model: model, metadata: outputs.metadata[position], type: .tensorAxisLabels,
        locale: options.displayNamesLocale, override: override,
        tensor: outputs.references[position], problems: &problems)
      let head = head(
        at: position, model: model, outputs: outputs, labels: labels, problems: &problems)
      let calibration = ScoreCalibrator.load(
        model: model, metadata: outputs.metadata[position], labels: labels,
        tensor: outputs.references[position], problems: &calibrationProblems)
      if var head {
        head.calibration = calibration
        heads.append(head)
      }
    }
    let types = subgraph.outputs.map { subgraph.tensors[$0].type }
    let quantized = outputs.references.indices.filter { types[$0] == .uint8 || types[$0] == .int8 }
    let unquantized = outputs.references.indices.filter { types[$0] == .float32 }
    if !quantized.isEmpty && !unquantized.isEmpty {
      problems.append(
        .mixedOutputQuantization(
          quantized: quantized.map { outputs.references[$0] },
          float: unquantized.map { outputs.references[$0] }))
    }
    if options.allowList?.isEmpty == false && options.denyList?.isEmpty == false {
      problems.append(.allowAndDenyList)
    } else {
      for head in heads {
        problems += ClassFilter.problems(
          labels: head.labels, tensor: head.tensor, allowList: options.allowList,
          denyList: options.denyList)
      }
    }
    problems += calibrationProblems
    if let error = ModelValidationError.combined(problems) { throw error }
    guard let input else { throw .inputCount(count: subgraph.inputs.count) }
    if heads.contains(where: { $0.labels.isEmpty }) {
      notes.append("an output has no labels: results carry their class index and empty text")
    }
    return ClassifierModelDescription(input: input, heads: heads, notes: notes)
  }

  /// The head of output `position` (without calibration), or nil when its shape, label count,
  /// type or quantization breaks a rule (each added to `problems`).
  static func head(
    at position: Int, model: ModelFile, outputs: ModelOutputs, labels: LabelMap,
    problems: inout [ModelValidationError]
  ) -> ClassificationHeadDescription? {
    let tensor = model.mainSubgraph.tensors[model.mainSubgraph.outputs[position]]
    let reference = outputs.references[position]
    let shape = outputs.shapes[position]
    var valid = true
    let classCount = scoreCount(shape)
    if classCount == nil {
      problems.append(.outputShape(reference, shape: shape))
      valid = false
    } else if let classCount, !labels.isEmpty && labels.count != classCount {
      problems.append(
        .labelCount(
          reference, classes: classCount, labels: labels.count,
          source: Self.sourceName(labels.source)))
      valid = false
    }
    var dequantization: TensorQuantization?
    switch tensor.type {
    case .float32:
      break
    case .uint8, .int8:
      if let q = tensor.quantization, let scale = q.scales.first, scale.isFinite, scale > 0 {
        dequantization = TensorQuantization(
          scale: scale, zeroPoint: Int(clamping: q.zeroPoints.first ?? 0))
      } else {
        problems.append(.missingOutputQuantization(reference))
        valid = false
      }
    default:
      problems.append(.outputType(reference, tensor.type))
      valid = false
    }
    guard valid, let classCount else { return nil }
    return ClassificationHeadDescription(
      tensor: reference, classCount: classCount, elementType: tensor.type,
      dequantization: dequantization, labels: labels,
      metadataScoreThreshold: outputs.metadata[position]?.scoreThreshold, calibration: nil)
  }

  /// The number of scores of a `[1, N]` or `[1, 1, 1, N]` output (N > 0), else nil.
  static func scoreCount(_ shape: [Int]) -> Int? {
    if shape.count == 2 && shape[0] == 1 && shape[1] > 0 { return shape[1] }
    if shape.count == 4 && shape[0] == 1 && shape[1] == 1 && shape[2] == 1 && shape[3] > 0 {
      return shape[3]
    }
    return nil
  }

  /// What kind of detection model this is, or nil if it does not look like one.
  static func detectorKind(model: ModelFile, shapes: [[Int]]) -> String? {
    let subgraph = model.mainSubgraph
    let hasPostProcess = subgraph.operators.contains {
      let code = model.operatorCode(of: $0)
      return code.isCustom && code.customCode == DetectionPostProcessOptions.customCode
    }
    if hasPostProcess {
      return
        "an SSD object detection model (\(subgraph.outputs.count) outputs from TFLite_Detection_PostProcess)"
    }
    if shapes.contains(where: { $0.count == 3 && $0.last == 4 }) {
      return "an object detection model (a [1, N, 4] box output)"
    }
    // A single 3-D integer output is a per-pixel class map (segmentation), not boxes.
    let outputType = subgraph.outputs.first.map { subgraph.tensors[$0].type }
    let isIndexMap = outputType == .int32 || outputType == .int64
    if shapes.count == 1, let shape = shapes.first, shape.count == 3, !isIndexMap {
      return "a YOLO-style object detection model (one 3-D output of boxes and class scores)"
    }
    return nil
  }

  static func sourceName(_ source: LabelSource) -> String {
    switch source {
    case .none: return "no labels"
    case .metadata(let file): return "\"\(file)\""
    case .labelsFile(let path): return path
    case .options: return "options"
    }
  }
}
