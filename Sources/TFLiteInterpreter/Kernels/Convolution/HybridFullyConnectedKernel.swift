import TFLiteModel

/// FULLY_CONNECTED with float32 activations and int8 weights `[N][K]` (hybrid quantization),
/// as TFLite's `EvalHybridDense`: each input row of K values is quantized on its own
/// (``HybridQuantization``; asymmetrically when the options' `asymmetric_quantize_inputs` is
/// set), then `out[i][j] = bias[j] + Float(Σ w[j][k] · (q[i][k] − zeroPoint[i])) · scale`,
/// with `scale = rowScale[i] · weightScale[j]` (per channel) or `rowScale[i] · weightScale`
/// computed first (per tensor), then the fused activation. Sums are `Int32`, wrapping as in C++.
///
/// Constant weights run on ``HybridGEMM`` (exact integer sums on the float GEMM) except on
/// the reference kernel build, which keeps the scalar loop; both give identical outputs.
final class HybridFullyConnectedKernel: Kernel {
  static let sourceFile = #filePath
  private let shape: FullyConnectedKernel.Shape
  private let filter: HybridFilter
  private let activation: FusedActivation
  private let hasBias: Bool
  private let input: HybridInputRows
  /// The fast path; nil for the reference build or weights computed at run time.
  private let gemm: HybridGEMM?
  let scratchBytes: Int

  /// Checks the weights' quantization for `operands` (hybrid) and prepares the kernel.
  init(
    _ shape: FullyConnectedKernel.Shape, operands: ConvolutionOperands,
    activation: ActivationFunction, asymmetric: Bool, node: NodeContext
  ) throws(InterpreterError) {
    self.shape = shape
    filter = try HybridFilter(operands.filter, channels: shape.units, channelDimension: 0, node)
    self.activation = try FusedActivation(activation, node: node)
    hasBias = operands.bias != nil
    input = HybridInputRows(
      rows: shape.rows, length: shape.depth, asymmetric: asymmetric, kernels: node.kernels)
    if let weights = operands.filter.constant, !node.kernels.isReference, shape.rows > 0,
      shape.units > 0
    {
      let gemm = HybridGEMM(
        kernels: node.kernels, weights: weights, columns: shape.units, depth: shape.depth,
        bytesWhenFast: false)
      self.gemm = gemm
      scratchBytes = PackedWeights.rounded(input.scratchBytes) + gemm.scratchBytes(rows: shape.rows)
    } else {
      gemm = nil
      scratchBytes = input.scratchBytes
    }
  }

  func run(_ io: KernelIO) {
    let (rows, units, depth) = (shape.rows, shape.units, shape.depth)
    guard rows > 0, units > 0, let scratch = io.scratch else { return }
    let (parameters, values) = input.quantize(
      io.input(0, as: Float.self), scratch: scratch, pool: io.pool)
    if !filter.perChannel {
      for row in 0..<rows { parameters[row].scale *= filter.scales[0] }
    }
    let weights = io.input(1, as: Int8.self)
    let bias = hasBias ? io.input(2, as: Float.self) : nil
    let output = io.output(0, as: Float.self)
    let (filter, activation) = (self.filter, self.activation)
    /// Output (i, j) from its integer sum.
    func finish(_ i: Int, _ j: Int, _ acc: Int32) {
      let rowScale = parameters[i].scale
      let scale = filter.perChannel ? rowScale * filter.scales[j] : rowScale
      output[i * units + j] = activation.apply((bias?[j] ?? 0) + Float(acc) * scale)
    }
    if let gemm {
      let sums = gemm.products(
        rows: rows, scratch: scratch + PackedWeights.rounded(input.scratchBytes), pool: io.pool
      ) { a, range in
        for i in range {
          let (q, offset) = (values + i * depth, Float(parameters[i].offset))
          for k in 0..<depth { a[i * depth + k] = Float(q[k]) - offset }
        }
      }
      io.pool.parallelFor(rows, minimumChunk: max(1, (1 << 14) / units)) { range in
        for i in range { for j in 0..<units { finish(i, j, sums[i * units + j]) } }
      }
      return
    }
    io.pool.parallelFor(rows, minimumChunk: max(1, GEMM.minimumChunkWork / max(units * depth, 1))) {
      range in
      for i in range {
        let (q, offset) = (values + i * depth, parameters[i].offset)
        for j in 0..<units {
          let w = weights + j * depth
          var acc: Int32 = 0
          for k in 0..<depth { acc = acc &+ Int32(w[k]) &* (Int32(q[k]) &- offset) }
          finish(i, j, acc)
        }
      }
    }
  }
}
