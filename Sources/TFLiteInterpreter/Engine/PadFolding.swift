import TFLiteModel

/// Folds an explicit PAD into the VALID convolution that reads it, at load: the padding
/// converters write as a PAD before each CONV_2D or DEPTHWISE_CONV_2D (PyTorch's and ONNX's
/// symmetric padding). The convolution then reads the unpadded input and treats the padding
/// as its own (``FoldedPadding``), whose taps read zero — the input zero point when
/// quantized — as they read the PAD's fill.
///
/// Applies only when the PAD pads height and width alone (rank 4, NHWC, by 0 ...
/// ``ConvolutionGeometry/maximumStep`` on each side), fills with exactly that zero (PAD, or
/// PADV2 whose constant is +0.0 or the zero point), keeps its input's type and quantization,
/// and its output has the convolution as its one reader (as input 0) and is no subgraph output
/// or variable. Integer results are byte-identical with and without it.
struct PadFolding {
  let graph: OperatorGraph

  /// `operators` after the rewrite (a folded PAD nil, its convolution reading the PAD's
  /// input), and the padding each rewired convolution takes over, by position.
  func apply(to operators: [Operator?]) -> (operators: [Operator?], paddings: [Int: FoldedPadding])
  {
    var operators = operators
    var paddings: [Int: FoldedPadding] = [:]
    let readers = OperatorGraph.readers(operators)
    for position in operators.indices {
      guard let pad = operators[position], let padding = padding(of: pad),
        let next = graph.soleReader(of: pad.outputs[0], readers),
        let convolution = operators[next], takesPadding(convolution, from: pad.outputs[0])
      else { continue }
      operators[position] = nil
      operators[next] = convolution.rewired(
        inputs: [pad.inputs[0]] + convolution.inputs.dropFirst(), outputs: convolution.outputs)
      paddings[next] = padding
    }
    return (operators, paddings)
  }

  /// The height and width padding of a PAD or PADV2 that fits the rule, or nil.
  private func padding(of op: Operator) -> FoldedPadding? {
    let name = graph.name(of: op)
    guard name == "PAD" || name == "PADV2", op.inputs.count == (name == "PAD" ? 2 : 3),
      op.outputs.count == 1, op.inputs[0] >= 0, graph.same(op.inputs[0], op.outputs[0]),
      graph.tensors[op.inputs[0]].description.shape.count == 4,
      let amounts = graph.constantIntegers(op.inputs[1]), amounts.count == 8,
      amounts[0] == 0, amounts[1] == 0, amounts[6] == 0, amounts[7] == 0,
      amounts.allSatisfy({ (0...ConvolutionGeometry.maximumStep).contains($0) }),
      name == "PAD" || fillsWithZero(op.inputs[2], like: op.inputs[0])
    else { return nil }
    return FoldedPadding(top: amounts[2], bottom: amounts[3], left: amounts[4], right: amounts[5])
  }

  /// True when PADV2's constant `value` is what the convolution's own padding reads for
  /// `input`: +0.0 for floats, the zero point for 8-bit integers.
  private func fillsWithZero(_ value: Int, like input: Int) -> Bool {
    guard value >= 0, let constant = graph.tensors[value].description.constant,
      graph.tensors[value].description.type == graph.tensors[input].description.type
    else { return false }
    let zeroPoint = graph.tensors[input].description.quantization?.perTensor?.zeroPoint ?? 0
    switch graph.tensors[input].description.type {
    case .float32: return constant.count == 4 && constant.allSatisfy { $0 == 0 }
    case .int8:
      return constant.count == 1 && constant.first.map { Int(Int8(bitPattern: $0)) } == zeroPoint
    case .uint8: return constant.count == 1 && constant.first.map(Int.init) == zeroPoint
    default: return false
    }
  }

  /// True when `op` is a VALID CONV_2D or DEPTHWISE_CONV_2D reading `tensor` as its input.
  private func takesPadding(_ op: Operator, from tensor: Int) -> Bool {
    guard op.inputs.first == tensor, !op.inputs.dropFirst().contains(tensor) else { return false }
    switch graph.name(of: op) {
    case "CONV_2D": return op.builtinOptions.decoded(as: Conv2DOptions.self)?.padding == .valid
    case "DEPTHWISE_CONV_2D":
      return op.builtinOptions.decoded(as: DepthwiseConv2DOptions.self)?.padding == .valid
    default: return false
    }
  }
}
