import Imaging
import TFLiteInterpreter
import TFLiteModel

/// Why a custom model cannot be used as an image classifier or object detector, or why its
/// outputs could not be read.
///
/// Every case names the tensor (``TensorReference``: input or output, position, name, metadata
/// name) or the metadata field involved; ``rule`` quotes the compatibility rule that was broken
/// (BEHAVIOR.md A.2, A.3, C.1–C.3) and ``fixHint`` says how to repair the model or which option works
/// around it. Validation collects every broken rule, not just the first (BEHAVIOR.md G.1): when more
/// than one rule fails, the error is ``several(_:)`` holding them in the order of BEHAVIOR.md A.5
/// (input, then each output's labels, shape, type and quantization, then allow/deny lists,
/// then score calibration). ``all`` flattens either form.
public indirect enum ModelValidationError: Error, Equatable, Sendable, CustomStringConvertible {
  // MARK: Loading

  /// The model file could not be read or is not a valid TFLite model.
  case unreadableModel(path: String?, ModelError)
  /// The AutoML bundle (manifest, model or labels file) could not be loaded.
  case autoMLBundle(manifestPath: String, AutoMLBundleError)

  // MARK: Inputs (BEHAVIOR.md A.2)

  /// The model has `count` inputs; an image model has exactly 1.
  case inputCount(count: Int)
  /// The metadata describes `metadataCount` tensors of this role but the model has `modelCount`.
  case metadataTensorCount(role: TensorRole, metadataCount: Int, modelCount: Int)
  /// The input is not 4-D `[batch, height, width, channels]`.
  case inputRank(TensorReference, shape: [Int])
  /// The input's batch dimension is not 1.
  case inputBatch(TensorReference, batch: Int)
  /// The input does not have 3 (RGB) channels.
  case inputChannels(TensorReference, channels: Int)
  /// The input's `ImageProperties.color_space` is not RGB (an absent field reads as UNKNOWN).
  case inputColorSpace(TensorReference, ColorSpaceType)
  /// The input's element type is not uint8, int8 or float32.
  case inputType(TensorReference, TensorType)
  /// The input's height or width is not positive.
  case inputSize(TensorReference, shape: [Int])
  /// A float32 input has no `NormalizationOptions` metadata and the options give none.
  case missingNormalization(TensorReference)
  /// The normalization (from metadata, or from the options when `fromOptions`) is unusable.
  case invalidNormalization(TensorReference, ImageNormalization, fromOptions: Bool, reason: String)
  /// An int8 input has no quantization parameters, so pixels cannot be quantized.
  case missingInputQuantization(TensorReference)

  // MARK: Classifier outputs (BEHAVIOR.md A.3)

  /// The model is an object detector (or another non-classifier) given where an image
  /// classifier is expected (BEHAVIOR.md G.2). `kind` says what it was recognized as.
  case detectionModelAsClassifier(kind: String, outputShapes: [[Int]])
  /// The model has no outputs, so there are no scores to read.
  case noOutputs
  /// A classifier output is not `[1, N]` or `[1, 1, 1, N]` with N > 0.
  case outputShape(TensorReference, shape: [Int])
  /// An output's element type is not accepted (uint8, int8 or float32 for classifiers,
  /// float32 for detector outputs).
  case outputType(TensorReference, TensorType)
  /// Some outputs are quantized and others are not; all or none must be.
  case mixedOutputQuantization(quantized: [TensorReference], float: [TensorReference])
  /// A quantized output has no scale, so its scores cannot be dequantized.
  case missingOutputQuantization(TensorReference)
  /// An associated file named by the metadata (labels, display names, calibration) could
  /// not be read.
  case associatedFile(TensorReference, file: String, ModelError)
  /// The number of labels (from `source`: a file name, a path or "options") differs from the
  /// number of classes the tensor has (classifiers), or is below the number of classes the
  /// detector emits (detectors).
  case labelCount(TensorReference, classes: Int, labels: Int, source: String)
  /// The display-names file for the requested locale does not have one line per label.
  case displayNameCount(TensorReference, file: String, labels: Int, displayNames: Int)

  // MARK: Options (BEHAVIOR.md C.1)

  /// Both an allow list and a deny list were given; they are mutually exclusive.
  case allowAndDenyList
  /// An allow or deny list was given but the head has no labels to match it against.
  case listWithoutLabels(TensorReference)
  /// No name in the allow or deny list matches any label of the head.
  case noListedLabelMatches(TensorReference, list: [String])
  /// The maximum result count is not positive (0 is an error at creation upstream).
  case invalidMaxResults(Int)
  /// A non-maximum suppression IoU threshold outside [0, 1] (or NaN).
  case invalidIoUThreshold(Float)

  // MARK: Score calibration (BEHAVIOR.md C.3)

  /// `ScoreCalibrationOptions` is present but the tensor has no labels to key it by.
  case calibrationWithoutLabels(TensorReference)
  /// `ScoreCalibrationOptions` is present but no `TENSOR_AXIS_SCORE_CALIBRATION` file is.
  case calibrationFileMissing(TensorReference)
  /// The calibration file is malformed or its line count differs from the label count.
  case calibrationFile(TensorReference, file: String, ScoreCalibrationError)

  // MARK: Detector outputs (BEHAVIOR.md C.2, G.3, G.4)

  /// The detector does not have the 4 post-processed SSD outputs. `shapes` are the output
  /// shapes as known (empty when the file leaves them to the runtime).
  case detectorOutputCount(count: Int, shapes: [[Int]])
  /// The detector's outputs could not be told apart (by metadata name, by the
  /// `TFLite_Detection_PostProcess` operator, or by shape and values).
  case detectorOutputMapping(reason: String)
  /// A detector output has the wrong rank or batch for its role (`role` is e.g. "location").
  case detectorOutputShape(TensorReference, role: String, shape: [Int], expected: String)
  /// A YOLO-style output (one output, no post-processing operator) whose shape fits no YOLO
  /// layout (or not the one asked for); `reason` says why.
  case yoloOutputLayout(TensorReference, shape: [Int], reason: String)
  /// The location tensor's `BoundingBoxProperties` cannot be used.
  case boundingBoxProperties(TensorReference, reason: String)

  // MARK: Reading outputs

  /// An output could not be read from the interpreter.
  case outputUnavailable(position: Int, InterpreterError)
  /// An output holds a different number of values (or bytes) than its description says.
  case outputSize(TensorReference?, role: String, expected: Int, actual: Int)
  /// A detection's class index is negative, not finite, or beyond the label map
  /// ("Label map does not contain enough elements" upstream). `row` is the detection's row.
  case classIndexOutOfRange(row: Int, classValue: Float, labelCount: Int)

  // MARK: Collections

  /// More than one rule failed; in BEHAVIOR.md A.5 order.
  case several([ModelValidationError])

  /// Every failed rule: the cases inside ``several(_:)``, or this error alone.
  public var all: [ModelValidationError] {
    if case .several(let errors) = self { return errors.flatMap(\.all) }
    return [self]
  }

  /// Wraps a list of failures: nil for none, the error itself for one, ``several(_:)`` for more.
  static func combined(_ errors: [ModelValidationError]) -> ModelValidationError? {
    let flat = errors.flatMap(\.all)
    if flat.isEmpty { return nil }
    return flat.count == 1 ? flat[0] : .several(flat)
  }

  /// ``metadataTensorCount(role:metadataCount:modelCount:)`` when the metadata of `model`'s main
  /// subgraph describes tensors of `role` but not as many as the subgraph has; nil otherwise.
  static func metadataTensorCountProblem(_ role: TensorRole, in model: ModelFile)
    -> ModelValidationError?
  {
    guard let metadata = model.mainSubgraphMetadata else { return nil }
    let subgraph = model.mainSubgraph
    let (described, actual) =
      role == .input
      ? (metadata.inputTensors.count, subgraph.inputs.count)
      : (metadata.outputTensors.count, subgraph.outputs.count)
    guard described != 0, described != actual else { return nil }
    return .metadataTensorCount(role: role, metadataCount: described, modelCount: actual)
  }

  /// The tensor the failure is about, if it is about one.
  public var tensor: TensorReference? {
    switch self {
    case .inputRank(let t, _), .inputBatch(let t, _), .inputChannels(let t, _),
      .inputColorSpace(let t, _), .inputType(let t, _), .inputSize(let t, _),
      .missingNormalization(let t), .invalidNormalization(let t, _, _, _),
      .missingInputQuantization(let t), .outputShape(let t, _), .outputType(let t, _),
      .missingOutputQuantization(let t), .associatedFile(let t, _, _), .labelCount(let t, _, _, _),
      .displayNameCount(let t, _, _, _), .listWithoutLabels(let t), .noListedLabelMatches(let t, _),
      .calibrationWithoutLabels(let t), .calibrationFileMissing(let t),
      .calibrationFile(let t, _, _), .detectorOutputShape(let t, _, _, _),
      .boundingBoxProperties(let t, _), .yoloOutputLayout(let t, _, _):
      return t
    case .outputSize(let t, _, _, _): return t
    default: return nil
    }
  }

  /// The model or metadata field involved, in schema spelling (e.g.
  /// `TensorMetadata.process_units[NormalizationOptions]`), or an options name.
  public var field: String {
    switch self {
    case .unreadableModel: return "model file"
    case .autoMLBundle: return "manifest.json"
    case .inputCount: return "SubGraph.inputs"
    case .metadataTensorCount(let role, _, _):
      return role == .input
        ? "SubGraphMetadata.input_tensor_metadata" : "SubGraphMetadata.output_tensor_metadata"
    case .inputRank, .inputBatch, .inputChannels, .inputSize, .outputShape, .detectorOutputShape,
      .yoloOutputLayout:
      return "Tensor.shape"
    case .inputColorSpace: return "ImageProperties.color_space"
    case .inputType, .outputType, .mixedOutputQuantization: return "Tensor.type"
    case .missingNormalization, .invalidNormalization(_, _, false, _):
      return "TensorMetadata.process_units[NormalizationOptions]"
    case .invalidNormalization: return "options.normalization"
    case .missingInputQuantization, .missingOutputQuantization: return "Tensor.quantization"
    case .detectionModelAsClassifier, .noOutputs, .detectorOutputCount: return "SubGraph.outputs"
    case .associatedFile: return "TensorMetadata.associated_files"
    case .labelCount(_, _, _, let source):
      return source == "options" ? "options.labels" : "TensorMetadata.associated_files[labels]"
    case .displayNameCount: return "TensorMetadata.associated_files[display names]"
    case .allowAndDenyList, .listWithoutLabels, .noListedLabelMatches:
      return "options.allowList / options.denyList"
    case .invalidMaxResults: return "options.maxResults"
    case .invalidIoUThreshold: return "options.nmsIoUThreshold"
    case .calibrationWithoutLabels, .calibrationFileMissing:
      return "TensorMetadata.process_units[ScoreCalibrationOptions]"
    case .calibrationFile: return "TensorMetadata.associated_files[TENSOR_AXIS_SCORE_CALIBRATION]"
    case .detectorOutputMapping: return "TensorMetadata.name"
    case .boundingBoxProperties: return "Content.content_properties[BoundingBoxProperties]"
    case .outputUnavailable, .outputSize, .classIndexOutOfRange: return "output data"
    case .several: return "several fields"
    }
  }

  /// What went wrong, with the values found.
  public var problem: String {
    switch self {
    case .unreadableModel(let path, let error):
      return path.map { "cannot load \($0): \(error)" } ?? "cannot load the model: \(error)"
    case .autoMLBundle(let path, let error):
      return "cannot load the AutoML bundle \(path): \(error)"
    case .inputCount(let count): return "the model has \(count) input tensors"
    case .metadataTensorCount(let role, let metadataCount, let modelCount):
      return
        "the metadata describes \(metadataCount) \(role.rawValue) tensor(s) but the model has \(modelCount)"
    case .inputRank(let t, let shape): return "\(t) has shape \(shape) (rank \(shape.count))"
    case .inputBatch(let t, let batch): return "\(t) has batch size \(batch)"
    case .inputChannels(let t, let channels): return "\(t) has \(channels) channel(s)"
    case .inputColorSpace(let t, let space): return "\(t) declares color space \(space)"
    case .inputType(let t, let type): return "\(t) is \(type)"
    case .inputSize(let t, let shape): return "\(t) has shape \(shape): height or width is 0"
    case .missingNormalization(let t):
      return "\(t) is float32 but has no NormalizationOptions metadata"
    case .invalidNormalization(let t, let n, let fromOptions, let reason):
      return
        "\(t): the normalization \(fromOptions ? "given in the options" : "in the metadata") (mean \(n.mean), std \(n.std)) is unusable: \(reason)"
    case .missingInputQuantization(let t): return "\(t) is int8 but has no quantization scale"
    case .noOutputs: return "the model has no outputs"
    case .detectionModelAsClassifier(let kind, let shapes):
      let known = shapes.contains { !$0.isEmpty }
      let listed = shapes.map { $0.isEmpty ? "?" : "\($0)" }.joined(separator: ", ")
      return
        "this is \(kind), not an image classifier\(known ? " (output shapes \(listed))" : ""): its box output is 3D, expected 2D or 4D scores"
    case .outputShape(let t, let shape):
      return shape.isEmpty
        ? "\(t) has no static shape in the model file"
        : "\(t) has shape \(shape) (\(shape.count)D)"
    case .outputType(let t, let type): return "\(t) is \(type)"
    case .mixedOutputQuantization(let quantized, let float):
      return
        "outputs \(quantized.map(\.description).joined(separator: ", ")) are quantized but \(float.map(\.description).joined(separator: ", ")) are not"
    case .missingOutputQuantization(let t):
      return "\(t) is quantized but has no quantization scale"
    case .associatedFile(let t, let file, let error):
      return "\(t): cannot read the associated file \"\(file)\": \(error)"
    case .labelCount(let t, let classes, let labels, let source):
      return
        "Got \(classes) class(es) for \(t), expected \(labels) according to the label map (\(source))"
    case .displayNameCount(let t, let file, let labels, let displayNames):
      return
        "\(t): Mismatch between number of labels (\(labels)) and display names (\(displayNames)) in \"\(file)\""
    case .allowAndDenyList: return "both an allow list and a deny list were given"
    case .listWithoutLabels(let t): return "an allow/deny list was given but \(t) has no labels"
    case .noListedLabelMatches(let t, let list):
      return "none of the listed names \(list.prefix(10)) matches a label of \(t)"
    case .invalidMaxResults(let value): return "maxResults is \(value)"
    case .invalidIoUThreshold(let value): return "the NMS IoU threshold is \(value)"
    case .calibrationWithoutLabels(let t):
      return "\(t) has ScoreCalibrationOptions but no label file"
    case .calibrationFileMissing(let t):
      return "\(t) has ScoreCalibrationOptions but no TENSOR_AXIS_SCORE_CALIBRATION file"
    case .calibrationFile(let t, let file, let error):
      return "\(t): score calibration file \"\(file)\": \(error)"
    case .detectorOutputCount(let count, let shapes):
      let known = shapes.contains(where: { !$0.isEmpty }) ? " with shapes \(shapes)" : ""
      return "the model has \(count) output(s)\(known)"
    case .detectorOutputMapping(let reason):
      return "cannot tell the detector outputs apart: \(reason)"
    case .detectorOutputShape(let t, let role, let shape, let expected):
      return "\(t) (the \(role) output) has shape \(shape), expected \(expected)"
    case .yoloOutputLayout(let t, let shape, let reason):
      return
        "\(t) has shape \(shape), which fits no YOLO layout (\(YOLOOutputLayout.expectedShapes)): \(reason)"
    case .boundingBoxProperties(let t, let reason): return "\(t): \(reason)"
    case .outputUnavailable(let position, let error):
      return "cannot read output \(position): \(error)"
    case .outputSize(let t, let role, let expected, let actual):
      return
        "\(t.map { "\($0)" } ?? "the \(role) output") holds \(actual) values, expected \(expected)"
    case .classIndexOutOfRange(let row, let value, let labelCount):
      return
        "detection \(row) has class \(value), outside the label map of \(labelCount) entries (Label map does not contain enough elements)"
    case .several(let errors): return "\(errors.count) problems"
    }
  }

  /// The compatibility rule that was broken, with its section in Docs/BEHAVIOR.md.
  public var rule: String {
    inputAndClassifierRule ?? optionsAndDetectorRule ?? "several rules (see each)"
  }

  /// ``rule`` for the loading, input and classifier-output cases; else nil.
  private var inputAndClassifierRule: String? {
    switch self {
    case .unreadableModel: return "A.5.1: the file parses as a TFLite flatbuffer (TFL3)"
    case .autoMLBundle:
      return
        "E.1: manifest.json names modelType, modelFile and labelsFile, resolved beside it; BEHAVIOR.md D-6: dict.txt wins and counts must agree"
    case .inputCount: return "A.2 Count: exactly 1 input tensor"
    case .metadataTensorCount:
      return
        "A.2/A.3 Count: if metadata exists, it describes exactly as many tensors as the model has"
    case .inputRank: return "A.2 Rank / layout: 4-D, [batch, height, width, channels] (BHWC)"
    case .inputBatch: return "A.2 Batch: must be 1"
    case .inputChannels: return "A.2 Channels: must be 3 (RGB)"
    case .inputColorSpace:
      return
        "A.2 Channels: if the metadata has an ImageProperties, its color_space must be RGB; an absent color_space reads as UNKNOWN and is rejected"
    case .inputType:
      return "A.2 Element type: uint8 or float32 (Ocellus also accepts int8, BEHAVIOR.md G.9)"
    case .inputSize: return "A.2 H, W: must be > 0"
    case .missingNormalization:
      return
        "A.2 float32: requires a NormalizationOptions process unit on the input tensor metadata"
    case .invalidNormalization:
      return
        "A.2 float32: mean and std must have equal length, 1 or 3; any std with absolute value < FLT_EPSILON is an error"
    case .missingInputQuantization:
      return "G.9: int8 inputs are quantized with q = clamp(round(((p - mean)/std)/scale + zp))"
    case .noOutputs:
      return "A.3: a classifier has at least one scores output"
    case .detectionModelAsClassifier:
      return
        "A.1: the custom model is an image classifier; SSD, EfficientDet and YOLO detection models fail the output-rank check (G.2)"
    case .outputShape:
      return
        "A.3 Shape: [1, N] or [1, 1, 1, N]; a 4-D shape needs dims 1 and 2 to be 1; batch must be 1"
    case .outputType:
      return
        "A.3 Type: uint8 or float32 (Ocellus also accepts int8, BEHAVIOR.md G.9); C.2: detector outputs are float32"
    case .mixedOutputQuantization:
      return "A.3 Type: a mix is an error: either all outputs are quantized or none are"
    case .missingOutputQuantization:
      return
        "A.3 Dequantization: score = scale * (q - zero_point), from the tensor's TensorQuantization"
    case .associatedFile:
      return "B.2: associated files are entries of the zip appended to the model"
    case .labelCount:
      return
        "A.3 Label map: the label count must equal N (\"Got N class(es) for output index i, expected M according to the label map\"); G.7: a detector's labels must cover every class index"
    case .displayNameCount:
      return "B.4: the display-names file must have the same number of lines as the labels file"
    default: return nil
    }
  }

  /// ``rule`` for the option, calibration, detector and output-reading cases; else nil.
  private var optionsAndDetectorRule: String? {
    switch self {
    case .allowAndDenyList:
      return "C.1: class_name_whitelist / class_name_blacklist are mutually exclusive"
    case .listWithoutLabels: return "C.1: non-empty allow/deny lists need labels"
    case .noListedLabelMatches:
      return
        "C.1.7: unknown or duplicate names in the list are ignored; if none match, creation fails"
    case .invalidMaxResults: return "C.1: max_results must be positive (0 is an error at creation)"
    case .invalidIoUThreshold: return "C.6: the IoU threshold is a ratio in [0, 1]"
    case .calibrationWithoutLabels:
      return
        "A.3 Calibration: a TENSOR_AXIS_LABELS file is required whenever calibration is present"
    case .calibrationFileMissing:
      return
        "A.3 Calibration: ScoreCalibrationOptions plus a TENSOR_AXIS_SCORE_CALIBRATION file"
    case .calibrationFile:
      return
        "C.3: one line per label (a trailing empty line counts), each empty or scale,slope,offset[,min_score] with scale >= 0"
    case .detectorOutputCount:
      return
        "C.2 Model: exactly 4 outputs (an SSD with TFLite_Detection_PostProcess): location, category, score, number of detections; or C.6: one YOLO output of rank 3"
    case .detectorOutputMapping:
      return
        "G.4: outputs are mapped by metadata name, then by the post-processing operator or by shape and values, never by position alone"
    case .detectorOutputShape: return "C.2 Model: expected ranks are 3, 2, 2, 1; batch must be 1"
    case .yoloOutputLayout:
      return
        "C.6: a YOLO output is [1, 4 + C, N], [1, N, 4 + C] or [1, N, 5 + C] with C ≥ 1 classes"
    case .boundingBoxProperties:
      return
        "C.2 Location metadata: BoundingBoxProperties with a known type (BOUNDARIES upstream) and an index of 4 distinct entries 0...3"
    case .outputUnavailable, .outputSize:
      return "A.3/C.2: outputs hold exactly the values their shapes declare"
    case .classIndexOutOfRange:
      return "C.2.4: a class index >= the label count is an error, checked before calibration"
    default: return nil
    }
  }

  /// How to repair the model, or which option avoids the problem.
  public var fixHint: String {
    inputAndClassifierFixHint ?? optionsAndDetectorFixHint ?? "fix each problem listed"
  }

  /// ``fixHint`` for the loading, input and classifier-output cases; else nil.
  private var inputAndClassifierFixHint: String? {
    switch self {
    case .unreadableModel:
      return "check the path and that the file is a .tflite model (not a SavedModel or a zip)"
    case .autoMLBundle:
      return
        "keep manifest.json, the model and dict.txt together with their exported names; dict.txt needs one label per class"
    case .inputCount:
      return "export the model with a single image input (ML Kit custom models take one image)"
    case .metadataTensorCount:
      return "regenerate the metadata with the tflite_support metadata writer for this model"
    case .inputRank, .inputBatch, .inputSize:
      return "export the model with an input of shape [1, height, width, 3]"
    case .inputChannels:
      return "export an RGB model (3 channels); grayscale models are not supported"
    case .inputColorSpace:
      return "set ImageProperties.color_space to RGB in the input tensor metadata"
    case .inputType: return "quantize the model with uint8 or int8 inputs, or keep float32 inputs"
    case .missingNormalization:
      return
        "add NormalizationOptions metadata (e.g. mean 127.5, std 127.5 for inputs in [-1, 1]), or pass `normalization:` in the options"
    case .invalidNormalization(_, _, let fromOptions, _):
      return fromOptions
        ? "pass 1 or 3 finite means and as many nonzero stds in `normalization:`"
        : "fix NormalizationOptions in the metadata (1 or 3 means and as many nonzero stds), or override it with `normalization:` in the options"
    case .missingInputQuantization:
      return "re-export the int8 model with its input quantization parameters"
    case .noOutputs:
      return "export the classifier with its scores output marked as a subgraph output"
    case .detectionModelAsClassifier:
      return
        "this is a detection model; use it as the detector (ObjectDetector with this model as its detector model) instead, or give an image classifier as the custom model"
    case .outputShape:
      return "export the classifier with a single [1, N] scores output (add a Reshape if needed)"
    case .outputType:
      return
        "export scores as float32 or quantize them to uint8/int8; detector outputs must be float32"
    case .mixedOutputQuantization: return "quantize all outputs or none"
    case .missingOutputQuantization:
      return "re-export the quantized model with its output quantization parameters"
    case .associatedFile:
      return "repack the associated files with the tflite_support MetadataPopulator"
    case .labelCount(_, let classes, let labels, _):
      if labels == classes + 1 {
        return
          "the label file has one extra line: remove the background/\"???\" first line (labels are 0-based), or pass `labels:` in the options"
      }
      if labels + 1 == classes {
        return
          "the model has a background class: add a first line (e.g. \"background\") to the label file, or pass `labels:` in the options"
      }
      return "pack a label file with one line per class, or pass `labels:` in the options"
    case .displayNameCount:
      return "give the display-names file one line per label, or choose another displayNamesLocale"
    default: return nil
    }
  }

  /// ``fixHint`` for the option, calibration, detector and output-reading cases; else nil.
  private var optionsAndDetectorFixHint: String? {
    switch self {
    case .allowAndDenyList: return "pass either an allow list or a deny list, not both"
    case .listWithoutLabels:
      return "add a label file to the model, or pass `labels:` in the options"
    case .noListedLabelMatches:
      return "list names exactly as the label file spells them (case-sensitive)"
    case .invalidMaxResults: return "pass a positive maxResults, or nil for all results"
    case .invalidIoUThreshold: return "pass an IoU threshold in [0, 1] (Ultralytics uses 0.7)"
    case .calibrationWithoutLabels:
      return "pack a TENSOR_AXIS_LABELS file beside the calibration (parameters are keyed by label)"
    case .calibrationFileMissing:
      return "pack the TENSOR_AXIS_SCORE_CALIBRATION file, or remove ScoreCalibrationOptions"
    case .calibrationFile:
      return "write exactly one CSV line per label (empty lines for classes without parameters)"
    case .detectorOutputCount(let count, let shapes):
      if count == 1, let shape = shapes.first, shape.count == 2 {
        return
          "this is an image classifier; use it as the custom classifier (CustomObjectDetectorOptions or ImageLabeler) instead"
      }
      if count == 2 {
        return
          "the model outputs raw SSD boxes and scores without TFLite_Detection_PostProcess; re-export it with the post-processing op (e.g. TF1 export_tflite_ssd_graph with add_postprocessing_op)"
      }
      if count == 1 {
        return
          "a YOLO model has one output of rank 3, \(YOLOOutputLayout.expectedShapes); an SSD ends in TFLite_Detection_PostProcess"
      }
      return
        "export an SSD detector with TFLite_Detection_PostProcess (4 float32 outputs) or a YOLO model with one output, \(YOLOOutputLayout.expectedShapes)"
    case .detectorOutputMapping:
      return
        "name the output tensor metadata \"location\", \"category\", \"score\" and \"number of detections\""
    case .detectorOutputShape:
      return "export with batch 1: boxes [1, N, 4], classes [1, N], scores [1, N], count [1]"
    case .yoloOutputLayout:
      return
        "export the YOLO model without NMS, batch 1 (Ultralytics: format=tflite, nms=False), or name the layout (DetectorModelOptions.yoloLayout, --layout) and give as many labels as it has classes"
    case .boundingBoxProperties:
      return
        "set BoundingBoxProperties {type: BOUNDARIES, coordinate_type: RATIO, index: [1, 0, 3, 2]} for TF SSD boxes"
    case .outputUnavailable, .outputSize:
      return "run the interpreter on this model before reading its outputs"
    case .classIndexOutOfRange:
      return "pack a label file that covers every class index the model emits"
    default: return nil
    }
  }

  /// An English sentence: what, where, the rule and the fix; several problems are numbered.
  public var description: String {
    if case .several(let errors) = self {
      var text = "The model breaks \(errors.count) rules:"
      for (number, error) in errors.enumerated() {
        text += "\n\(number + 1). \(error.description)"
      }
      return text
    }
    return "\(problem) [\(field)]. Rule (Docs/BEHAVIOR.md \(rule)). Fix: \(fixHint)."
  }
}
