#if OCELLUS_AVX2 || OCELLUS_AVX512
  import OcellusKernels
#endif

extension KernelTarget {
  /// This build's compute entry points, every one (the portable module's are the baseline).
  public static let entryPoints: KernelEntryPoints = {
    var entries = baseEntryPoints
    #if OCELLUS_AVX2 || OCELLUS_AVX512
      Int8PairGEMM.plug(into: &entries)
    #endif
    return entries
  }()

  /// The entries as the portable sources define them.
  static let baseEntryPoints = KernelEntryPoints(
    rowTile: rowTile,
    columnTile: columnTile,
    panelCount: { PackedGEMM.panelCount(columns: $0) },
    packedCount: { PackedGEMM.packedCount(rows: $0, columns: $1) },
    pack: { PackedGEMM.pack($0, rows: $1, columns: $2, rowStride: $3, into: $4) },
    packBytes: {
      PackedGEMM.pack(
        bytes: $0, rows: $1, columns: $2, rowStride: $3, signed: $4, zeroPoint: $5, into: $6)
    },
    packPanelBytes: {
      PackedGEMM.pack(bytes: $0, rows: $1, columns: $2, rowStride: $3, padding: $4, into: $5)
    },
    multiply: { PackedGEMM.multiply($0, rows: $1, panels: $2) },
    multiplyIndirect: { PackedGEMM.multiplyIndirect($0, rows: $1, panels: $2) },
    depthwise: { DepthwiseConvolution.run($0, rows: $1) },
    quantizedMultiply: { QuantizedGEMM.multiply($0, rows: $1, panels: $2) },
    quantizedMultiplyIndirect: { QuantizedGEMM.multiplyIndirect($0, rows: $1, panels: $2) },
    exactSums: { QuantizedGEMM.sums($0, rows: $1, panels: $2) },
    quantizedDepthwise: { DepthwiseConvolution.runQuantized($0, rows: $1) },
    widen: { Requantization.widen($0, count: $1, signed: $2, zeroPoint: $3, into: $4) },
    quantizedProduct: { QuantizedProduct.run($0) },
    quantizedSum: { QuantizedSum.run($0) },
    resizeRow: { ResizeBilinearRow.run($0) },
    quantizeRow: { QuantizeRow.run($0) },
    affineQuantize: { AffineQuantize.run($0) },
    floatFunction: { FloatFunctions.run($0) },
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
