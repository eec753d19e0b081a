import TFLiteModel

extension ConvolutionOperands {
  /// The tensors of a quantized TRANSPOSE_CONV node: weights (input 1), input (input 2) and
  /// optional bias (input 3), for the quantization checks the convolutions share.
  init(transposeConvolution node: NodeContext) throws(InterpreterError) {
    filter = try node.input(1)
    input = try node.input(2)
    bias = node.inputs.count > 3 ? node.inputs[3] : nil
    quantized = true
    hybrid = false
    guard [.uint8, .int8, .int16].contains(input.type) else {
      throw node.unsupported(
        "the input is \(input.type); TRANSPOSE_CONV runs float32, uint8, int8 and int16 models")
    }
  }
}
