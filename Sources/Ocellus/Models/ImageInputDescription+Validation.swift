import Imaging
import TFLiteModel

extension ImageInputDescription {
  /// Checks input 0 of `model` against BEHAVIOR.md A.2 and describes it, appending every broken rule to
  /// `problems` (in rule order). Returns nil when the input cannot be described at all.
  ///
  /// - Parameters:
  ///   - normalization: The options' override, which wins over the metadata.
  ///   - fallback: Used when neither the options nor the metadata give one (YOLO models'
  ///     pixel / 255), with its source.
  static func validated(
    model: ModelFile, normalization override: ImageNormalization?,
    fallback: (ImageNormalization, NormalizationSource)? = nil,
    problems: inout [ModelValidationError]
  ) -> ImageInputDescription? {
    let subgraph = model.mainSubgraph
    let metadata = model.mainSubgraphMetadata
    if let problem = ModelValidationError.metadataTensorCountProblem(.input, in: model) {
      problems.append(problem)
    }
    guard subgraph.inputs.count == 1 else {
      problems.append(.inputCount(count: subgraph.inputs.count))
      return nil
    }
    let tensor = subgraph.tensors[subgraph.inputs[0]]
    let tensorMetadata = metadata?.inputTensors.first
    let reference = TensorReference(
      role: .input, position: 0, name: tensor.name, metadataName: tensorMetadata?.name)
    let shape = tensor.shape
    guard shape.count == 4 else {
      problems.append(.inputRank(reference, shape: shape))
      return nil
    }
    var valid = true
    if shape[0] != 1 {
      problems.append(.inputBatch(reference, batch: shape[0]))
      valid = false
    }
    if shape[3] != 3 {
      problems.append(.inputChannels(reference, channels: shape[3]))
      valid = false
    }
    if let properties = tensorMetadata?.imageProperties, properties.colorSpace != .rgb {
      problems.append(.inputColorSpace(reference, properties.colorSpace))
      valid = false
    }
    let type = tensor.type
    guard type == .uint8 || type == .int8 || type == .float32 else {
      problems.append(.inputType(reference, type))
      return nil
    }
    if shape[1] <= 0 || shape[2] <= 0 {
      problems.append(.inputSize(reference, shape: shape))
      valid = false
    }
    let (normalization, source) = checkedNormalization(
      normalization: override, tensorMetadata: tensorMetadata, fallback: fallback, type: type,
      reference: reference, problems: &problems, valid: &valid)
    let quantization = inputQuantization(
      of: tensor, type: type, reference: reference, problems: &problems, valid: &valid)
    guard valid else { return nil }
    let signature = tensor.shapeSignature ?? []
    let dynamic = signature.count == 4 && (signature[1] == -1 || signature[2] == -1)
    return ImageInputDescription(
      tensor: reference, width: shape[2], height: shape[1], channels: shape[3],
      elementType: type, normalization: normalization, normalizationSource: source,
      quantization: quantization, hasDynamicSize: dynamic)
  }

  /// The normalization (the override, else the metadata's, else `fallback`) and its source;
  /// appends a problem and clears `valid` when it is unusable, or missing for float32.
  private static func checkedNormalization(
    normalization override: ImageNormalization?, tensorMetadata: TensorMetadata?,
    fallback: (ImageNormalization, NormalizationSource)?, type: TensorType,
    reference: TensorReference, problems: inout [ModelValidationError], valid: inout Bool
  ) -> (normalization: ImageNormalization?, source: NormalizationSource?) {
    var normalization: ImageNormalization?
    var source: NormalizationSource?
    if let override {
      (normalization, source) = (override, .options)
    } else if let fromMetadata = tensorMetadata?.normalization {
      (normalization, source) = (
        ImageNormalization(mean: fromMetadata.mean, std: fromMetadata.std), .metadata
      )
    } else if let fallback {
      (normalization, source) = (fallback.0, fallback.1)
    }
    if let normalization, let reason = normalization.problem {
      problems.append(
        .invalidNormalization(
          reference, normalization, fromOptions: source == .options, reason: reason))
      valid = false
    } else if normalization == nil && type == .float32 {
      problems.append(.missingNormalization(reference))
      valid = false
    }
    return (normalization, source)
  }

  /// The input's quantization (nil for float32 or without a usable scale); appends a problem
  /// and clears `valid` when an int8 input has none.
  private static func inputQuantization(
    of tensor: ModelTensor, type: TensorType, reference: TensorReference,
    problems: inout [ModelValidationError], valid: inout Bool
  ) -> TensorQuantization? {
    var quantization: TensorQuantization?
    if type != .float32 {
      if let q = tensor.quantization, let scale = q.scales.first, scale.isFinite, scale > 0 {
        quantization = TensorQuantization(
          scale: scale, zeroPoint: Int(clamping: q.zeroPoints.first ?? 0))
      } else if type == .int8 {
        problems.append(.missingInputQuantization(reference))
        valid = false
      }
    }
    return quantization
  }
}
