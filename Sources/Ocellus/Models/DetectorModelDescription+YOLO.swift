import Imaging
import TFLiteModel

extension DetectorModelDescription {
  /// Whether `model` is to be read as a YOLO detector: a layout is named in the options, or it
  /// has one output of rank 3 and no SSD post-processing operator.
  static func looksLikeYOLO(_ model: ModelFile, options: DetectorModelOptions) -> Bool {
    if options.yoloLayout != nil { return true }
    let subgraph = model.mainSubgraph
    let hasPostProcess = subgraph.operators.contains {
      let code = model.operatorCode(of: $0)
      return code.isCustom && code.customCode == DetectionPostProcessOptions.customCode
    }
    guard !hasPostProcess, subgraph.outputs.count == 1 else { return false }
    return subgraph.tensors[subgraph.outputs[0]].shape.count == 3
  }

  /// Validates `model` as a YOLO detector (BEHAVIOR.md C.6): the input as for any detector
  /// (normalization pixel / 255 when neither the metadata nor the options give one), one
  /// output whose shape fits the layout (named, else recognized from the shape and the label
  /// count), float32 or quantized 8-bit, and labels (options, else metadata, else the names in
  /// Ultralytics' packed `metadata.json`) that count the classes, or one more with a
  /// background first row.
  static func validatedYOLO(
    model: ModelFile, options: DetectorModelOptions, outputShapes: [[Int]]?
  ) throws(ModelValidationError) -> DetectorModelDescription {
    var problems: [ModelValidationError] = []
    var notes = model.warnings.map(\.description)
    let input = ImageInputDescription.validated(
      model: model, normalization: options.normalization,
      fallback: (ImageNormalization(mean: 0, std: 255), .yoloConvention), problems: &problems)
    if input?.normalizationSource == .yoloConvention {
      notes.append(
        "no input normalization in the model: pixels are divided by 255, as YOLO models expect")
    }
    let outputs = ModelOutputs(model: model, computedShapes: outputShapes)
    guard outputs.references.count == 1 else {
      problems.append(.detectorOutputCount(count: outputs.references.count, shapes: outputs.shapes))
      throw ModelValidationError.combined(problems) ?? .several([])
    }
    var allLabels = LabelMap.load(
      model: model, metadata: outputs.metadata[0], type: .tensorValueLabels,
      locale: options.displayNamesLocale,
      override: options.labels.map { ($0, LabelSource.options) }, tensor: outputs.references[0],
      problems: &problems)
    if allLabels.isEmpty, let ultralytics = UltralyticsMetadata.read(from: model) {
      allLabels = LabelMap(names: ultralytics.names, source: .metadata(file: ultralytics.fileName))
      notes.append(
        "class names from Ultralytics' \(ultralytics.fileName) (\(ultralytics.names.count) names)")
    }
    let output = yoloOutput(
      model: model, outputs: outputs, layout: options.yoloLayout, labelCount: allLabels.count,
      problems: &problems, notes: &notes)
    let labels = allLabels.droppingBackground(classCount: output?.classCount)
    if let output, !labels.isEmpty, labels.count != output.classCount {
      problems.append(
        .labelCount(
          outputs.references[0], classes: output.classCount, labels: labels.count,
          source: ClassifierModelDescription.sourceName(labels.source)))
    }
    if let error = ModelValidationError.combined(problems) { throw error }
    guard let input, let output else { throw .inputCount(count: model.mainSubgraph.inputs.count) }
    if labels.isEmpty {
      notes.append("the detector has no labels: detections carry their class index and empty text")
    }
    return DetectorModelDescription(
      input: input, outputs: outputs.references,
      mapping: DetectionOutputMapping(
        location: nil, category: nil, score: nil, count: nil, method: .runtime),
      labels: labels, classCount: output.classCount, maxDetections: output.boxCount,
      notes: notes, yolo: output, fit: options.fit ?? .letterbox(border: 114))
  }

  /// The YOLO output: its layout (named, else recognized), sizes and quantization; nil with
  /// the problem recorded when it fits no layout.
  static func yoloOutput(
    model: ModelFile, outputs: ModelOutputs, layout named: YOLOOutputLayout?, labelCount: Int,
    problems: inout [ModelValidationError], notes: inout [String]
  ) -> YOLOOutputDescription? {
    let reference = outputs.references[0]
    let shape = outputs.shapes[0]
    let tensor = model.mainSubgraph.tensors[model.mainSubgraph.outputs[0]]
    var dequantization: TensorQuantization?
    switch tensor.type {
    case .float32: break
    case .int8, .uint8:
      guard let q = tensor.quantization?.perTensor, q.scale.isFinite, q.scale > 0 else {
        problems.append(.missingOutputQuantization(reference))
        return nil
      }
      dequantization = q
    default:
      problems.append(.outputType(reference, tensor.type))
      return nil
    }
    let recognized: (YOLOOutputLayout, boxes: Int, classes: Int)
    switch YOLOLayoutRecognizer.recognize(shape: shape, named: named, labelCount: labelCount) {
    case .success(let found): recognized = found
    case .failure(let reason):
      problems.append(.yoloOutputLayout(reference, shape: shape, reason: reason.text))
      return nil
    }
    if named == nil {
      notes.append(
        "the output was read as \(recognized.0) (\(recognized.boxes) boxes, \(recognized.classes) classes); name the layout to override"
      )
    }
    return YOLOOutputDescription(
      tensor: reference, layout: recognized.0, boxCount: recognized.boxes,
      classCount: recognized.classes, elementType: tensor.type, dequantization: dequantization)
  }
}
