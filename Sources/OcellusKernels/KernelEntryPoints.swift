/// Every entry point of one build of the kernels, as a tuple of functions over the operand
/// tuples, so that every build (and the interpreter choosing between them) shares the same
/// type: the interpreter holds the chosen build's ``KernelTarget/entryPoints`` and calls
/// nothing else.
///
/// - `rowTile`, `columnTile`: ``KernelTarget/rowTile`` and ``KernelTarget/columnTile``.
/// - `panelCount`, `packedCount`, `pack`: ``PackedGEMM/panelCount(columns:)``,
///   ``PackedGEMM/packedCount(rows:columns:)``, ``PackedGEMM/pack(_:rows:columns:rowStride:into:)``.
/// - `multiply`, `multiplyIndirect`: the float GEMMs of ``PackedGEMM``.
/// - `depthwise`: ``DepthwiseConvolution/run(_:rows:)``.
/// - `quantizedMultiply`, `quantizedMultiplyIndirect`: the integer GEMMs of ``QuantizedGEMM``.
/// - `quantizedDepthwise`: ``DepthwiseConvolution/runQuantized(_:rows:)``.
/// - `widen`: ``Requantization/widen(_:count:signed:zeroPoint:into:)``.
/// - `quantizedProduct`: ``QuantizedProduct/run(_:)`` (8-bit MUL).
/// - `quantizedSum`: ``QuantizedSum/run(_:)`` (8-bit ADD and SUB).
/// - `resizeRow`: ``ResizeBilinearRow/run(_:)`` (uint8 RESIZE_BILINEAR).
/// - `quantizeRow`: ``QuantizeRow/run(_:)`` (the hybrid kernels' input quantization).
/// - `hybridDepthwiseRow`: ``HybridDepthwise/row(_:)`` (hybrid DEPTHWISE_CONV_2D's sums).
/// - `byteLookup`: ``ByteLookup/run(_:_:_:count:)`` (8-bit tables).
/// - `byteColumnSums`: ``ByteColumnSums/run(_:rows:columns:rowStride:signed:into:)`` (8-bit
///   MEAN and SUM over rows).
/// - `int8PackedCount`, `int8Pack`, `int8Multiply`, `int8MultiplyIndirect`, `int8Sums`: ``Int8GEMM`` (8-bit dot products; only
///   the VNNI build runs them fast, the others through a lane loop).
public typealias KernelEntryPoints = (
  rowTile: Int,
  columnTile: Int,
  panelCount: @Sendable (_ columns: Int) -> Int,
  packedCount: @Sendable (_ rows: Int, _ columns: Int) -> Int,
  pack:
    @Sendable (
      _ weights: UnsafePointer<Float>, _ n: Int, _ k: Int, _ rowStride: Int,
      _ packed: UnsafeMutablePointer<Float>
    ) -> Void,
  multiply: @Sendable (_ operands: GEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>) -> Void,
  multiplyIndirect:
    @Sendable (_ operands: IndirectGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>) -> Void,
  depthwise: @Sendable (_ operands: DepthwiseOperands, _ rows: Range<Int>) -> Void,
  quantizedMultiply:
    @Sendable (_ operands: QuantizedGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>) -> Void,
  quantizedMultiplyIndirect:
    @Sendable (_ operands: QuantizedIndirectGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>)
    -> Void,
  quantizedDepthwise:
    @Sendable (_ operands: QuantizedDepthwiseOperands, _ rows: Range<Int>) -> Void,
  widen:
    @Sendable (
      _ source: UnsafePointer<UInt8>, _ count: Int, _ signed: Bool, _ zeroPoint: Int32,
      _ destination: UnsafeMutablePointer<Float>
    ) -> Void,
  quantizedProduct: @Sendable (_ operands: QuantizedProductOperands) -> Void,
  quantizedSum: @Sendable (_ operands: QuantizedSumOperands) -> Void,
  resizeRow: @Sendable (_ operands: ResizeRowOperands) -> Void,
  quantizeRow: @Sendable (_ operands: QuantizeRowOperands) -> Void,
  hybridDepthwiseRow: @Sendable (_ operands: HybridDepthwiseOperands) -> Void,
  byteLookup:
    @Sendable (
      _ table: UnsafePointer<UInt8>, _ input: UnsafePointer<UInt8>,
      _ output: UnsafeMutablePointer<UInt8>, _ count: Int
    ) -> Void,
  byteColumnSums:
    @Sendable (
      _ input: UnsafePointer<UInt8>, _ rows: Int, _ columns: Int, _ rowStride: Int,
      _ signed: Bool, _ sums: UnsafeMutablePointer<Int32>
    ) -> Void,
  int8PackedCount: @Sendable (_ n: Int, _ k: Int) -> Int,
  int8Pack:
    @Sendable (
      _ weights: UnsafePointer<Int8>, _ n: Int, _ k: Int, _ run: (length: Int, stride: Int),
      _ flip: UInt8, _ packed: UnsafeMutablePointer<Int8>
    ) -> Void,
  int8MultiplyIndirect:
    @Sendable (_ operands: Int8IndirectGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>)
    -> Void,
  int8Multiply:
    @Sendable (_ operands: Int8GEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>) -> Void,
  int8Sums:
    @Sendable (_ operands: Int8SumsOperands, _ rows: Range<Int>, _ panels: Range<Int>) -> Void
)

extension KernelTarget {
  /// This build's entry points.
  public static let entryPoints: KernelEntryPoints = (
    rowTile: rowTile,
    columnTile: columnTile,
    panelCount: { PackedGEMM.panelCount(columns: $0) },
    packedCount: { PackedGEMM.packedCount(rows: $0, columns: $1) },
    pack: { PackedGEMM.pack($0, rows: $1, columns: $2, rowStride: $3, into: $4) },
    multiply: { PackedGEMM.multiply($0, rows: $1, panels: $2) },
    multiplyIndirect: { PackedGEMM.multiplyIndirect($0, rows: $1, panels: $2) },
    depthwise: { DepthwiseConvolution.run($0, rows: $1) },
    quantizedMultiply: { QuantizedGEMM.multiply($0, rows: $1, panels: $2) },
    quantizedMultiplyIndirect: { QuantizedGEMM.multiplyIndirect($0, rows: $1, panels: $2) },
    quantizedDepthwise: { DepthwiseConvolution.runQuantized($0, rows: $1) },
    widen: { Requantization.widen($0, count: $1, signed: $2, zeroPoint: $3, into: $4) },
    quantizedProduct: { QuantizedProduct.run($0) },
    quantizedSum: { QuantizedSum.run($0) },
    resizeRow: { ResizeBilinearRow.run($0) },
    quantizeRow: { QuantizeRow.run($0) },
    hybridDepthwiseRow: { HybridDepthwise.row($0) },
    byteLookup: { ByteLookup.run($0, $1, $2, count: $3) },
    byteColumnSums: {
      ByteColumnSums.run($0, rows: $1, columns: $2, rowStride: $3, signed: $4, into: $5)
    },
    int8PackedCount: { Int8GEMM.packedCount(n: $0, k: $1) },
    int8Pack: { Int8GEMM.pack($0, n: $1, k: $2, run: $3, flip: $4, into: $5) },
    int8MultiplyIndirect: { Int8GEMM.multiplyIndirect($0, rows: $1, panels: $2) },
    int8Multiply: { Int8GEMM.multiply($0, rows: $1, panels: $2) },
    int8Sums: { Int8GEMM.sums($0, rows: $1, panels: $2) }
  )
}
