/// Every entry point of the compute kernels, one stored function each: what the interpreter
/// calls and nothing else. The portable module's ``KernelTarget/entryPoints`` is the baseline,
/// with every entry; the AVX2 and AVX-512 modules each hold a whole set of their own (every
/// loop compiled for the CPU), and finer builds plug single entries into AVX-512's: the VNNI
/// module its int8 GEMM (``KernelTarget/plugInt8(into:)``), the VBMI module its byte tables
/// (``ByteLookup/plug(into:)``). `KernelBuild` (OcellusKernelSelection) assembles the build a
/// CPU runs. Operands are tuples, so that every build's functions take the same types.
///
/// - `rowTile`, `columnTile`: ``KernelTarget/rowTile`` and ``KernelTarget/columnTile``.
/// - `panelCount`, `packedCount`, `pack`: ``PackedGEMM/panelCount(columns:)``,
///   ``PackedGEMM/packedCount(rows:columns:)``, ``PackedGEMM/pack(_:rows:columns:rowStride:into:)``.
/// - `packBytes`: ``PackedGEMM/pack(bytes:rows:columns:rowStride:signed:zeroPoint:into:)``
///   (quantized weights widened as they are packed).
/// - `packPanelBytes`: ``PackedGEMM/pack(bytes:rows:columns:rowStride:padding:into:)``
///   (quantized weights packed as the bytes they are).
/// - `multiply`, `multiplyIndirect`: the float GEMMs of ``PackedGEMM``.
/// - `depthwise`: ``DepthwiseConvolution/run(_:rows:)``.
/// - `quantizedMultiply`, `quantizedMultiplyIndirect`: the integer GEMMs of ``QuantizedGEMM``.
/// - `exactSums`: ``QuantizedGEMM``'s integer GEMM stopped at the Int32 sums (hybrid kernels).
/// - `quantizedDepthwise`: ``DepthwiseConvolution/runQuantized(_:rows:)``.
/// - `widen`: ``Requantization/widen(_:count:signed:zeroPoint:into:)``.
/// - `quantizedProduct`: ``QuantizedProduct/run(_:)`` (8-bit MUL).
/// - `quantizedSum`: ``QuantizedSum/run(_:)`` (8-bit ADD and SUB).
/// - `resizeRow`: ``ResizeBilinearRow/run(_:)`` (uint8 RESIZE_BILINEAR).
/// - `quantizeRow`: ``QuantizeRow/run(_:)`` (the hybrid kernels' input quantization).
/// - `affineQuantize`: ``AffineQuantize/run(_:)`` (QUANTIZE from float32).
/// - `floatFunction`: ``FloatFunctions/run(_:)`` (float32 activations and SOFTMAX's exp).
/// - `hybridDepthwiseRow`: ``HybridDepthwise/row(_:)`` (hybrid DEPTHWISE_CONV_2D's sums).
/// - `byteLookup`: ``ByteLookup/run(_:_:_:count:)`` (8-bit tables).
/// - `byteColumnSums`: ``ByteColumnSums/run(_:rows:columns:rowStride:signed:into:)`` (8-bit
///   MEAN and SUM over rows).
/// - `int8PackedCount`, `int8Pack`, `int8Multiply`, `int8MultiplyIndirect`, `int8Sums`:
///   ``Int8GEMM`` (8-bit dot products: the VNNI build; the portable one through a lane loop),
///   or on the AVX2 and AVX-512 builds `Int8PairGEMM` (the same results on 16-bit pairs).
public struct KernelEntryPoints: Sendable {
  public var rowTile: Int
  public var columnTile: Int
  public var panelCount: @Sendable (_ columns: Int) -> Int
  public var packedCount: @Sendable (_ rows: Int, _ columns: Int) -> Int
  public var pack:
    @Sendable (
      _ weights: UnsafePointer<Float>, _ n: Int, _ k: Int, _ rowStride: Int,
      _ packed: UnsafeMutablePointer<Float>
    ) -> Void
  public var packBytes:
    @Sendable (
      _ weights: UnsafePointer<UInt8>, _ n: Int, _ k: Int, _ rowStride: Int, _ signed: Bool,
      _ zeroPoint: Int32, _ packed: UnsafeMutablePointer<Float>
    ) -> Void
  public var packPanelBytes:
    @Sendable (
      _ weights: UnsafePointer<UInt8>, _ n: Int, _ k: Int, _ rowStride: Int, _ padding: UInt8,
      _ packed: UnsafeMutablePointer<UInt8>
    ) -> Void
  public var multiply:
    @Sendable (_ operands: GEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>) -> Void
  public var multiplyIndirect:
    @Sendable (_ operands: IndirectGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>) -> Void
  public var depthwise: @Sendable (_ operands: DepthwiseOperands, _ rows: Range<Int>) -> Void
  public var quantizedMultiply:
    @Sendable (_ operands: QuantizedGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>) -> Void
  public var quantizedMultiplyIndirect:
    @Sendable (_ operands: QuantizedIndirectGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>)
      -> Void
  public var exactSums:
    @Sendable (_ operands: ExactSumsOperands, _ rows: Range<Int>, _ panels: Range<Int>) -> Void
  public var quantizedDepthwise:
    @Sendable (_ operands: QuantizedDepthwiseOperands, _ rows: Range<Int>) -> Void
  public var widen:
    @Sendable (
      _ source: UnsafePointer<UInt8>, _ count: Int, _ signed: Bool, _ zeroPoint: Int32,
      _ destination: UnsafeMutablePointer<Float>
    ) -> Void
  public var quantizedProduct: @Sendable (_ operands: QuantizedProductOperands) -> Void
  public var quantizedSum: @Sendable (_ operands: QuantizedSumOperands) -> Void
  public var resizeRow: @Sendable (_ operands: ResizeRowOperands) -> Void
  public var quantizeRow: @Sendable (_ operands: QuantizeRowOperands) -> Void
  public var affineQuantize: @Sendable (_ operands: AffineQuantizeOperands) -> Void
  public var floatFunction: @Sendable (_ operands: FloatFunctionOperands) -> Void
  public var hybridDepthwiseRow: @Sendable (_ operands: HybridDepthwiseOperands) -> Void
  public var byteLookup:
    @Sendable (
      _ table: UnsafePointer<UInt8>, _ input: UnsafePointer<UInt8>,
      _ output: UnsafeMutablePointer<UInt8>, _ count: Int
    ) -> Void
  public var byteColumnSums:
    @Sendable (
      _ input: UnsafePointer<UInt8>, _ rows: Int, _ columns: Int, _ rowStride: Int, _ signed: Bool,
      _ sums: UnsafeMutablePointer<Int32>
    ) -> Void
  public var int8PackedCount: @Sendable (_ n: Int, _ k: Int) -> Int
  public var int8Pack:
    @Sendable (
      _ weights: UnsafePointer<Int8>, _ n: Int, _ k: Int, _ run: (length: Int, stride: Int),
      _ flip: UInt8, _ packed: UnsafeMutablePointer<Int8>
    ) -> Void
  public var int8MultiplyIndirect:
    @Sendable (_ operands: Int8IndirectGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>) ->
      Void
  public var int8Multiply:
    @Sendable (_ operands: Int8GEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>) -> Void
  public var int8Sums:
    @Sendable (_ operands: Int8SumsOperands, _ rows: Range<Int>, _ panels: Range<Int>) -> Void

  /// Every entry at once: what each build's ``KernelTarget/entryPoints`` is made of.
  public init(
    rowTile: Int,
    columnTile: Int,
    panelCount: @escaping @Sendable (_ columns: Int) -> Int,
    packedCount: @escaping @Sendable (_ rows: Int, _ columns: Int) -> Int,
    pack:
      @escaping @Sendable (
        _ weights: UnsafePointer<Float>, _ n: Int, _ k: Int, _ rowStride: Int,
        _ packed: UnsafeMutablePointer<Float>
      ) -> Void,
    packBytes:
      @escaping @Sendable (
        _ weights: UnsafePointer<UInt8>, _ n: Int, _ k: Int, _ rowStride: Int, _ signed: Bool,
        _ zeroPoint: Int32, _ packed: UnsafeMutablePointer<Float>
      ) -> Void,
    packPanelBytes:
      @escaping @Sendable (
        _ weights: UnsafePointer<UInt8>, _ n: Int, _ k: Int, _ rowStride: Int, _ padding: UInt8,
        _ packed: UnsafeMutablePointer<UInt8>
      ) -> Void,
    multiply:
      @escaping @Sendable (_ operands: GEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>) ->
      Void,
    multiplyIndirect:
      @escaping @Sendable (
        _ operands: IndirectGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>
      ) -> Void,
    depthwise: @escaping @Sendable (_ operands: DepthwiseOperands, _ rows: Range<Int>) -> Void,
    quantizedMultiply:
      @escaping @Sendable (
        _ operands: QuantizedGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>
      ) ->
      Void,
    quantizedMultiplyIndirect:
      @escaping @Sendable (
        _ operands: QuantizedIndirectGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>
      ) -> Void,
    exactSums:
      @escaping @Sendable (_ operands: ExactSumsOperands, _ rows: Range<Int>, _ panels: Range<Int>)
      -> Void,
    quantizedDepthwise:
      @escaping @Sendable (_ operands: QuantizedDepthwiseOperands, _ rows: Range<Int>) -> Void,
    widen:
      @escaping @Sendable (
        _ source: UnsafePointer<UInt8>, _ count: Int, _ signed: Bool, _ zeroPoint: Int32,
        _ destination: UnsafeMutablePointer<Float>
      ) -> Void,
    quantizedProduct: @escaping @Sendable (_ operands: QuantizedProductOperands) -> Void,
    quantizedSum: @escaping @Sendable (_ operands: QuantizedSumOperands) -> Void,
    resizeRow: @escaping @Sendable (_ operands: ResizeRowOperands) -> Void,
    quantizeRow: @escaping @Sendable (_ operands: QuantizeRowOperands) -> Void,
    affineQuantize: @escaping @Sendable (_ operands: AffineQuantizeOperands) -> Void,
    floatFunction: @escaping @Sendable (_ operands: FloatFunctionOperands) -> Void,
    hybridDepthwiseRow: @escaping @Sendable (_ operands: HybridDepthwiseOperands) -> Void,
    byteLookup:
      @escaping @Sendable (
        _ table: UnsafePointer<UInt8>, _ input: UnsafePointer<UInt8>,
        _ output: UnsafeMutablePointer<UInt8>, _ count: Int
      ) -> Void,
    byteColumnSums:
      @escaping @Sendable (
        _ input: UnsafePointer<UInt8>, _ rows: Int, _ columns: Int, _ rowStride: Int,
        _ signed: Bool, _ sums: UnsafeMutablePointer<Int32>
      ) -> Void,
    int8PackedCount: @escaping @Sendable (_ n: Int, _ k: Int) -> Int,
    int8Pack:
      @escaping @Sendable (
        _ weights: UnsafePointer<Int8>, _ n: Int, _ k: Int, _ run: (length: Int, stride: Int),
        _ flip: UInt8, _ packed: UnsafeMutablePointer<Int8>
      ) -> Void,
    int8MultiplyIndirect:
      @escaping @Sendable (
        _ operands: Int8IndirectGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>
      ) ->
      Void,
    int8Multiply:
      @escaping @Sendable (_ operands: Int8GEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>)
      -> Void,
    int8Sums:
      @escaping @Sendable (_ operands: Int8SumsOperands, _ rows: Range<Int>, _ panels: Range<Int>)
      -> Void
  ) {
    self.rowTile = rowTile
    self.columnTile = columnTile
    self.panelCount = panelCount
    self.packedCount = packedCount
    self.pack = pack
    self.packBytes = packBytes
    self.packPanelBytes = packPanelBytes
    self.multiply = multiply
    self.multiplyIndirect = multiplyIndirect
    self.depthwise = depthwise
    self.quantizedMultiply = quantizedMultiply
    self.quantizedMultiplyIndirect = quantizedMultiplyIndirect
    self.exactSums = exactSums
    self.quantizedDepthwise = quantizedDepthwise
    self.widen = widen
    self.quantizedProduct = quantizedProduct
    self.quantizedSum = quantizedSum
    self.resizeRow = resizeRow
    self.quantizeRow = quantizeRow
    self.affineQuantize = affineQuantize
    self.floatFunction = floatFunction
    self.hybridDepthwiseRow = hybridDepthwiseRow
    self.byteLookup = byteLookup
    self.byteColumnSums = byteColumnSums
    self.int8PackedCount = int8PackedCount
    self.int8Pack = int8Pack
    self.int8MultiplyIndirect = int8MultiplyIndirect
    self.int8Multiply = int8Multiply
    self.int8Sums = int8Sums
  }
}
