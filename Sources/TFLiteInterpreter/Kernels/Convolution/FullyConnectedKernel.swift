internal import OcellusKernels
import TFLiteModel

/// FULLY_CONNECTED on float32 tensors: `output[i][j] = activation(sum_k input[i][k] ×
/// weights[j][k] + bias[j])`, with weights `[N][K]`, the input flattened to `[M][K]`
/// (`M = elements / K`), an optional bias and `keep_num_dims`.
///
/// The output shape is `[M, N]`, or with `keep_num_dims` the input's shape with its last
/// dimension (which must be K) replaced by N — as TFLite computes it. Constant weights are
/// packed once at load; weights computed at run time are packed into scratch. uint8 and int8
/// models run ``QuantizedFullyConnectedKernel``, 16x8 ones (int16 activations)
/// ``Int16x8ConvolutionKernel``, hybrid ones (float input, int8 weights)
/// ``HybridFullyConnectedKernel`` (same factory); shuffled weights are rejected at load.
final class FullyConnectedKernel: Kernel {
  static let sourceFile = #filePath

  /// GEMM sizes: `rows` (M) × `units` (N), summing over `depth` (K).
  struct Shape {
    let rows, units, depth: Int
  }

  private let shape: Shape
  private let activation: FusedActivation
  private let kernels: KernelSet
  private let hasBias: Bool
  /// The weights in GEMM panels; nil for the reference build or an empty output.
  private let weights: PackedWeights?
  let scratchBytes: Int

  private init(
    _ shape: Shape, activation: FusedActivation, kernels: KernelSet, hasBias: Bool,
    weights: ModelBytes?
  ) {
    self.shape = shape
    self.activation = activation
    self.kernels = kernels
    self.hasBias = hasBias
    if kernels.isReference || shape.rows == 0 || shape.units == 0 {
      self.weights = nil
      scratchBytes = 0
    } else {
      let packed = PackedWeights(
        kernels: kernels, constant: weights, columns: shape.units, depth: shape.depth)
      self.weights = packed
      scratchBytes = packed.scratchFloats * MemoryLayout<Float>.size
    }
  }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let operands = try ConvolutionOperands(node, operation: "fully-connected")
    let options = try node.options(FullyConnectedOptions.self, noneMeansDefaults: true)
    guard options.weightsFormat == .default else {
      throw node.unsupported("weights format \(options.weightsFormat) is not supported")
    }
    let fused = options.activation
    let keepNumDims = options.keepNumDims
    let asymmetric = options.asymmetricQuantizeInputs
    let biasType = options.quantizedBiasType
    let (shape, outputShape) = try Self.shape(operands, keepNumDims: keepNumDims, node)
    if operands.hybrid {
      try node.setOutputShape(0, outputShape)
      return try HybridFullyConnectedKernel(
        shape, operands: operands, activation: fused, asymmetric: asymmetric, node: node)
    }
    if operands.int16x8 {
      let quantization = try Int16x8Quantization(
        .fullyConnected, operands, output: node.outputs[0], channels: shape.units,
        activation: fused, biasType: biasType, node: node)
      try node.setOutputShape(0, outputShape)
      return Int16x8ConvolutionKernel(
        operation: .fullyConnected(shape), quantization: quantization)
    }
    if operands.quantized {
      let quantization = try ConvolutionQuantization(
        .fullyConnected, operands, output: node.outputs[0], channels: shape.units,
        activation: fused, node: node)
      try node.setOutputShape(0, outputShape)
      return QuantizedFullyConnectedKernel(
        shape, quantization: quantization, kernels: node.kernels,
        weights: operands.filter.constant, bias: operands.bias)
    }
    let activation = try FusedActivation(fused, node: node)
    try node.setOutputShape(0, outputShape)
    return FullyConnectedKernel(
      shape, activation: activation, kernels: node.kernels, hasBias: operands.bias != nil,
      weights: operands.filter.constant)
  }

  /// The GEMM sizes and the output shape, checked: weights `[N, K]`, the input a whole number
  /// of rows of K, the bias N values.
  private static func shape(
    _ operands: ConvolutionOperands, keepNumDims: Bool, _ node: NodeContext
  ) throws(InterpreterError) -> (Shape, output: [Int]) {
    let (input, weights) = (operands.input, operands.filter)
    guard weights.shape.count == 2 else {
      throw node.invalid("weights must have rank 2 ([N, K]), found shape \(weights.shape)")
    }
    let units = weights.shape[0]
    let depth = weights.shape[1]
    guard let elements = ConvolutionGeometry.product(input.shape),
      ConvolutionGeometry.product([units, depth]) != nil,
      ConvolutionGeometry.product([elements, max(units, 1)]) != nil
    else {
      throw node.invalid("tensor sizes overflow")
    }
    guard depth > 0, elements % depth == 0 else {
      throw node.invalid(
        "input of \(elements) values (shape \(input.shape)) is not a whole number of rows of \(depth)"
      )
    }
    let rows = elements / depth
    try operands.checkBias(channels: units, node)
    guard keepNumDims else {
      return (Shape(rows: rows, units: units, depth: depth), [rows, units])
    }
    guard let last = input.shape.last, last == depth else {
      throw node.invalid(
        "keep_num_dims needs the input's last dimension to be \(depth), found shape \(input.shape)"
      )
    }
    return (Shape(rows: rows, units: units, depth: depth), input.shape.dropLast() + [units])
  }

  func run(_ io: KernelIO) {
    let (rows, units, depth) = (shape.rows, shape.units, shape.depth)
    guard rows > 0, units > 0 else { return }
    let input = io.input(0, as: Float.self)
    let bias = hasBias ? io.input(2, as: Float.self) : nil
    let output = io.output(0, as: Float.self)
    guard let weights else {
      ConvolutionReference.fullyConnected(
        rows: rows, units: units, depth: depth, input: input,
        weights: io.input(1, as: Float.self), bias: bias, activation: activation, output: output)
      return
    }
    let scratch = io.scratch?.bindMemory(
      to: Float.self, capacity: scratchBytes / MemoryLayout<Float>.size)
    GEMM.multiply(
      kernels: kernels, m: rows, n: units, k: depth, a: input, lda: depth,
      packed: weights.pointer(io, scratch: scratch), bias: bias, activation: activation,
      c: output, ldc: units, pool: io.pool)
  }
}
