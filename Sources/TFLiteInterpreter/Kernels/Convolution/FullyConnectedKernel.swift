import TFLiteModel

/// FULLY_CONNECTED on float32 tensors: `output[i][j] = activation(sum_k input[i][k] ×
/// weights[j][k] + bias[j])`, with weights `[N][K]`, the input flattened to `[M][K]`
/// (`M = elements / K`), an optional bias and `keep_num_dims`.
///
/// The output shape is `[M, N]`, or with `keep_num_dims` the input's shape with its last
/// dimension (which must be K) replaced by N — as TFLite computes it. Constant weights are
/// packed once at load; weights computed at run time are packed into scratch. uint8 and int8
/// models run ``QuantizedFullyConnectedKernel`` (same factory); shuffled weights, hybrid
/// (float input, quantized weights) and int16 models are rejected at load.
final class FullyConnectedKernel: Kernel {
  static let factories: [BuiltinOperator: KernelFactory] = [.fullyConnected: { try make(&$0) }]

  private let rows: Int
  private let units: Int
  private let depth: Int
  private let activation: FusedActivation
  private let kernels: KernelSet
  private let hasBias: Bool
  /// The weights packed at load; nil for the reference build or weights known only at run time.
  private let packed: PackedWeights?
  let scratchBytes: Int

  /// Bytes of packed weights this kernel holds beyond the model.
  var packedWeightBytes: Int { packed?.byteCount ?? 0 }

  private init(
    rows: Int, units: Int, depth: Int, activation: FusedActivation, kernels: KernelSet,
    hasBias: Bool, weights: ArraySlice<UInt8>?
  ) {
    self.rows = rows
    self.units = units
    self.depth = depth
    self.activation = activation
    self.kernels = kernels
    self.hasBias = hasBias
    if kernels.variant == .reference || rows == 0 || units == 0 {
      packed = nil
      scratchBytes = 0
    } else if let weights {
      packed = PackedWeights(kernels: kernels, weights: weights, columns: units, depth: depth)
      scratchBytes = 0
    } else {
      packed = nil
      scratchBytes = kernels.packedCount(depth, units) * MemoryLayout<Float>.size
    }
  }

  private static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, 3, outputs: 1)
    let input = try node.input(0)
    let weights = try node.input(1)
    let bias = node.inputs.count > 2 ? node.inputs[2] : nil
    let quantized = try QuantizedSupport.isQuantized(input: input, filter: weights, node: node)
    if !quantized {
      for (position, tensor) in [(0, input), (1, weights)] + (bias.map { [(2, $0)] } ?? [])
      where tensor.type != .float32 {
        throw node.unsupported(
          "input \(position) is \(tensor.type); only float32, uint8 and int8 fully-connected are supported"
        )
      }
      guard node.outputs[0].type == .float32 else {
        throw node.unsupported("output is \(node.outputs[0].type) for a float32 input")
      }
    }
    var fused = ActivationFunction.none
    var keepNumDims = false
    switch node.options {
    case .fullyConnected(let options):
      guard options.weightsFormat == .default else {
        throw node.unsupported("weights format \(options.weightsFormat) is not supported")
      }
      fused = options.activation
      keepNumDims = options.keepNumDims
    case .none: break  // An absent options table means the defaults.
    default:
      throw node.invalid("options are \(node.options.typeName), not FullyConnectedOptions")
    }
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
    if let bias, ConvolutionGeometry.product(bias.shape) != units {
      throw node.invalid("bias of shape \(bias.shape) is not \(units) values")
    }
    let shape: [Int]
    if keepNumDims {
      guard let last = input.shape.last, last == depth else {
        throw node.invalid(
          "keep_num_dims needs the input's last dimension to be \(depth), found shape \(input.shape)"
        )
      }
      shape = input.shape.dropLast() + [units]
    } else {
      shape = [rows, units]
    }
    if quantized {
      let quantization = try ConvolutionQuantization(
        .fullyConnected, input: input, filter: weights, bias: bias, output: node.outputs[0],
        channels: units, activation: fused, node: node)
      try node.setOutputShape(0, shape)
      return QuantizedFullyConnectedKernel(
        rows: rows, units: units, depth: depth, quantization: quantization,
        kernels: KernelSet.current, weights: weights.constant, bias: bias)
    }
    let activation = try FusedActivation(fused, node: node)
    try node.setOutputShape(0, shape)
    return FullyConnectedKernel(
      rows: rows, units: units, depth: depth, activation: activation,
      kernels: KernelSet.current, hasBias: bias != nil, weights: weights.constant)
  }

  func run(_ io: KernelIO) {
    guard rows > 0, units > 0 else { return }
    let input = io.input(0, as: Float.self)
    let bias = hasBias ? io.input(2, as: Float.self) : nil
    let output = io.output(0, as: Float.self)
    if kernels.variant == .reference {
      ConvolutionReference.fullyConnected(
        rows: rows, units: units, depth: depth, input: input,
        weights: io.input(1, as: Float.self), bias: bias, activation: activation, output: output)
      return
    }
    let weights: UnsafePointer<Float>
    if let packed {
      weights = packed.pointer
    } else {
      guard
        let scratch = io.scratch?.bindMemory(
          to: Float.self, capacity: scratchBytes / MemoryLayout<Float>.size)
      else { return }
      kernels.pack(io.input(1, as: Float.self), units, depth, depth, scratch)
      weights = UnsafePointer(scratch)
    }
    GEMM.multiply(
      kernels: kernels, m: rows, n: units, k: depth, a: input, lda: depth, packed: weights,
      bias: bias, activation: activation, c: output, ldc: units, pool: io.pool)
  }
}
