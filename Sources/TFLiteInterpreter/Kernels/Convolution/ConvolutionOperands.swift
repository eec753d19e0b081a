import TFLiteModel

/// The tensors of a CONV_2D, DEPTHWISE_CONV_2D or FULLY_CONNECTED node — input, filter
/// (weights) and optional bias — and which path runs it: the float kernels, the quantized
/// (uint8/int8, or int16 activations with int8 weights: 16x8) ones, or the hybrid ones
/// (float32 activations, int8 weights). Checked the same way for the three operators.
struct ConvolutionOperands {
  let input, filter: TensorDescription
  let bias: TensorDescription?
  /// True when the uint8/int8/int16 kernels run, false for float32 (whose types are checked
  /// here; the quantized ones check theirs in ``ConvolutionQuantization`` and
  /// ``Int16x8Quantization``).
  let quantized: Bool
  /// True for float32 activations with quantized weights (hybrid, "dynamic-range" quantization):
  /// the hybrid kernels check the weights' type and scales (``HybridFilter``).
  let hybrid: Bool

  /// Reads and checks the node's tensors; `operation` names the operator in errors
  /// ("convolution", "depthwise convolution", "fully-connected").
  init(_ node: NodeContext, operation: String) throws(InterpreterError) {
    try node.expect(inputs: 2, 3, outputs: 1)
    input = try node.input(0)
    filter = try node.input(1)
    bias = node.inputs.count > 2 ? node.inputs[2] : nil
    switch input.type {
    case .uint8, .int8, .int16:
      (quantized, hybrid) = (true, false)
      return
    case .float32 where [.uint8, .int8, .int4, .int2, .int16].contains(filter.type):
      (quantized, hybrid) = (false, true)
    default:
      (quantized, hybrid) = (false, false)
    }
    let floats = hybrid ? [(0, input)] : [(0, input), (1, filter)]
    for (position, tensor) in floats + (bias.map { [(2, $0)] } ?? [])
    where tensor.type != .float32 {
      throw node.unsupported(
        "input \(position) is \(tensor.type); only float32, uint8, int8 and int16 \(operation) are supported"
      )
    }
    guard node.outputs[0].type == .float32 else {
      throw node.unsupported("output is \(node.outputs[0].type) for a float32 input")
    }
  }

  /// True for int16 activations (16x8 quantization): ``Int16x8ConvolutionKernel`` runs.
  var int16x8: Bool { quantized && input.type == .int16 }

  /// Throws unless the bias, if any, holds `channels` values.
  func checkBias(channels: Int, _ node: NodeContext) throws(InterpreterError) {
    if let bias, ConvolutionGeometry.product(bias.shape) != channels {
      throw node.invalid("bias of shape \(bias.shape) is not \(channels) values")
    }
  }
}
