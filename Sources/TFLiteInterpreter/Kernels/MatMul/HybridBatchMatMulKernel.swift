import TFLiteModel

/// BATCH_MATMUL of a float32 left operand and int8 right operand (hybrid quantization), as
/// TFLite's `EvalHybrid` and reference `BatchMatMul` with scaling factors: every row of the
/// left operand (after `adj_x`) is quantized on its own (``HybridQuantization``; asymmetric
/// when `asymmetric_quantize_inputs` is set), then for output `(i, j)`
/// `total = Σ_k rhs[k][j] · q[i][k]`, corrected by the row's zero point in float as TFLite does
/// (`Int32(Float(total) − Float(Σ_k rhs[k][j]) · Float(zeroPoint))`), and
/// `out = (rowScale · weightScale) · Float(total)` (the weight scale per column when the right
/// operand is quantized per channel).
final class HybridBatchMatMulKernel: Kernel {
  static let sourceFile = #filePath
  private let shape: BatchMatMulShape
  private let filter: HybridFilter
  /// Rows of the left operand: every matrix of the tensor, `rows` rows of `depth` values.
  private let input: HybridInputRows
  /// Floats of the transposed left operand (`adj_x`), kept before the quantized rows.
  private let transposedFloats: Int
  let scratchBytes: Int

  /// Checks the right operand's quantization and prepares the kernel.
  init(_ shape: BatchMatMulShape, rhs: TensorDescription, asymmetric: Bool, node: NodeContext)
    throws(InterpreterError)
  {
    self.shape = shape
    let rank = rhs.shape.count
    filter = try HybridFilter(
      rhs, channels: shape.columns, channelDimension: shape.adjointY ? rank - 2 : rank - 1, node)
    let lhsElements = try node.input(0).elementCount
    let matrix = shape.rows * shape.depth
    let lhsRows = matrix == 0 ? 0 : lhsElements / matrix * shape.rows
    input = HybridInputRows(rows: lhsRows, length: shape.depth, asymmetric: asymmetric)
    transposedFloats = shape.adjointX ? lhsElements : 0
    scratchBytes = transposedFloats * MemoryLayout<Float>.size + input.scratchBytes
  }

  func run(_ io: KernelIO) {
    let shape = self.shape
    guard shape.batchCount * shape.rows * shape.columns * shape.depth > 0,
      let scratch = io.scratch
    else {
      io.output(0, as: Float.self).update(
        repeating: 0, count: shape.batchCount * shape.rows * shape.columns)
      return
    }
    var lhs = io.input(0, as: Float.self)
    if shape.adjointX {
      let transposed = scratch.bindMemory(to: Float.self, capacity: transposedFloats)
      let (rows, depth) = (shape.rows, shape.depth)
      for matrix in 0..<(transposedFloats / (rows * depth)) {
        let (source, target) = (lhs + matrix * rows * depth, transposed + matrix * rows * depth)
        for i in 0..<rows {
          for k in 0..<depth { target[i * depth + k] = source[k * rows + i] }
        }
      }
      lhs = UnsafePointer(transposed)
    }
    let (parameters, values) = input.quantize(
      lhs, scratch: scratch + transposedFloats * MemoryLayout<Float>.size, pool: io.pool)
    if !filter.perChannel {
      for row in 0..<input.rows { parameters[row].scale *= filter.scales[0] }
    }
    multiply(
      io, parameters: UnsafePointer(parameters), values: UnsafePointer(values),
      output: io.output(0, as: Float.self))
  }

  /// The products of the quantized left rows with the int8 right operand.
  private func multiply(
    _ io: KernelIO, parameters: UnsafePointer<HybridQuantization.Row>,
    values: UnsafePointer<Int8>, output: UnsafeMutablePointer<Float>
  ) {
    let shape = self.shape
    let filter = self.filter
    let rhs = io.input(1, as: Int8.self)
    let depth = shape.depth
    shape.forEachOutput(pool: io.pool) { l, r, i, j, index in
      // Row i of the left matrix at element l is quantized row l / depth + i.
      let quantizedRow = l / depth + i
      let (q, row) = (values + quantizedRow * depth, parameters[quantizedRow])
      var total: Int32 = 0
      var rowSum: Int32 = 0
      for k in 0..<depth {
        let weight = Int32(rhs[r + shape.rhsIndex(k, j)])
        total = total &+ weight &* Int32(q[k])
        rowSum = rowSum &+ weight
      }
      let corrected = HybridQuantization.truncate(
        Float(total) - Float(rowSum) * Float(row.offset))
      let scale = filter.perChannel ? row.scale * filter.scales[j] : row.scale
      output[index] = scale * Float(corrected)
    }
  }
}
