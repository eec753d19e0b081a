internal import OcellusKernels
import TFLiteModel

/// LOGISTIC, TANH, RELU, RELU6, RELU_N1_TO_1, RELU_0_TO_1, HARD_SWISH and LEAKY_RELU on float32
/// tensors of any shape. The uint8 and int8 versions are built by the same factories as
/// ``QuantizedLookupKernel``s (tables from ``QuantizedActivationTable``), as are int16 LOGISTIC
/// (``Int16Logistic``) and RELU; other int16 activations are rejected.
struct ActivationKernel: Kernel {
  static let sourceFile = #filePath
  /// The kernels of the operators registered with `floatOrLookup`.
  static let floatOrLookup = [
    KernelVariant(ActivationKernel.self, [.float32]),
    KernelVariant(QuantizedLookupKernel.self, [.int8, .uint8, .int16]),
  ]
  /// The kernels of the operators registered with `floatOr8BitLookup`.
  static let floatOr8BitLookup = [
    KernelVariant(ActivationKernel.self, [.float32]),
    KernelVariant(QuantizedLookupKernel.self, [.int8, .uint8]),
  ]

  private let function: FloatFunction
  private let count: Int
  /// The kernel build that runs the function.
  private let kernels: KernelSet

  static func make(
    _ node: inout NodeContext,
    _ activation: (BuiltinOptions) throws(InterpreterError) -> UnaryActivation
  ) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 1, outputs: 1)
    let input = try node.inputMatchingOutput()
    switch input.type {
    case .float32:
      try node.setOutputShape(0, input.shape)
      return ActivationKernel(
        function: try activation(node.options).function, count: input.elementCount,
        kernels: node.kernels)
    case .uint8, .int8:
      let table = try QuantizedActivationTable.make(
        try activation(node.options), input: PerTensorQuantization.eightBit(input, "input", node),
        output: PerTensorQuantization.eightBit(node.outputs[0], "output", node), node: node)
      try node.setOutputShape(0, input.shape)
      return QuantizedLookupKernel(table: table, count: input.elementCount, kernels: node.kernels)
    case .int16:
      let element = try int16Element(try activation(node.options), input: input, node)
      try node.setOutputShape(0, input.shape)
      return QuantizedLookupKernel(count: input.elementCount, int16: element)
    default:
      throw node.unsupported("\(input.type) is not supported (only float32, uint8 and int8)")
    }
  }

  /// The int16 activations TFLite has: LOGISTIC (``Int16Logistic``) and RELU
  /// (`QuantizedReluX<int16_t>`), as a function of one stored value.
  private static func int16Element(
    _ activation: UnaryActivation, input: TensorDescription, _ node: NodeContext
  ) throws(InterpreterError) -> (Int16) -> Int16 {
    let inputParameters = try PerTensorQuantization(input, "the input", node)
    let output = try PerTensorQuantization(node.outputs[0], "the output", node)
    switch activation {
    case .logistic:
      return try Int16Logistic(input: inputParameters, output: output, node).callAsFunction
    case .relu:
      try output.requireScale("the output", node)
      let relu = QuantizedActivationTable.reluElement(
        lower: 0, upper: .infinity, input: inputParameters, output: output)
      return { Int16(truncatingIfNeeded: relu(Int32($0))) }
    default:
      throw node.unsupported("int16 is supported for LOGISTIC and RELU only")
    }
  }

  func run(_ io: KernelIO) {
    let (input, output) = (io.input(0, as: Float.self), io.output(0, as: Float.self))
    let (run, function) = (kernels.entry.floatFunction, function)
    io.pool.parallelFor(count, minimumChunk: 16_384) { range in
      run((function, input + range.lowerBound, output + range.lowerBound, range.count))
    }
  }
}
