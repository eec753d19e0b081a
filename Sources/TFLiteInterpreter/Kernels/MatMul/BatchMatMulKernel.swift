import TFLiteModel

/// BATCH_MATMUL on float32 operands: `out[b][i][j] = Σ_k lhs[b][i][k] · rhs[b][k][j]` (sum in
/// `k` order from 0, as TFLite's reference kernel), with `adj_x` / `adj_y` and broadcasting
/// over the batch dimensions (``BatchMatMulShape``). Either operand may be constant or computed.
/// Other than on the reference kernel build, it runs on the packed GEMM (``BatchMatMulGEMM``),
/// whose sums agree with these within float rounding.
///
/// The same factory builds ``QuantizedBatchMatMulKernel`` for int8 and int16 (16x8) operands
/// and ``HybridBatchMatMulKernel`` for a float32 left operand with int8 right operand.
final class BatchMatMulKernel: Kernel {
  static let sourceFile = #filePath

  private let shape: BatchMatMulShape
  private let gemm: BatchMatMulGEMM?
  var scratchBytes: Int { gemm?.scratchBytes ?? 0 }

  private init(_ shape: BatchMatMulShape, gemm: BatchMatMulGEMM?) {
    self.shape = shape
    self.gemm = gemm
  }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, outputs: 1)
    let (lhs, rhs) = (try node.input(0), try node.input(1))
    let options = try node.options(BatchMatMulOptions.self, noneMeansDefaults: true)
    let shape = try BatchMatMulShape(
      lhs: lhs.shape, rhs: rhs.shape, adjointX: options.adjointX, adjointY: options.adjointY,
      node)
    try node.setOutputShape(0, shape.output)
    let output = node.outputs[0]
    switch (lhs.type, rhs.type, output.type) {
    case (.float32, .float32, .float32):
      let gemm =
        node.kernels.isReference
        ? nil
        : BatchMatMulGEMM(
          shape, lhsElements: lhs.elementCount, rhsElements: rhs.elementCount,
          kernels: node.kernels, identity: try FusedActivation(.none, node: node))
      return BatchMatMulKernel(shape, gemm: gemm)
    case (.float32, .int8, .float32):
      return try HybridBatchMatMulKernel(
        shape, rhs: rhs, asymmetric: options.asymmetricQuantizeInputs, node: node)
    case (.int8, .int8, .int8), (.int16, .int16, .int16), (.int16, .int8, .int16):
      return try QuantizedBatchMatMulKernel(shape, lhs: lhs, rhs: rhs, output: output, node: node)
    default:
      throw node.unsupported(
        "BATCH_MATMUL runs float32 × float32, float32 × int8 (hybrid), int8 × int8, int16 × int16 and int16 × int8 with an output of the left operand's type"
      )
    }
  }

  func run(_ io: KernelIO) {
    if let gemm, let scratch = io.scratch {
      gemm.run(io, scratch: scratch)
      return
    }
    let shape = self.shape
    let lhs = io.input(0, as: Float.self)
    let rhs = io.input(1, as: Float.self)
    let output = io.output(0, as: Float.self)
    let depth = shape.depth
    shape.forEachOutput(pool: io.pool) { l, r, i, j, index in
      var total: Float = 0
      for k in 0..<depth { total += rhs[r + shape.rhsIndex(k, j)] * lhs[l + shape.lhsIndex(i, k)] }
      output[index] = total
    }
  }
}
