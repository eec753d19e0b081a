internal import OcellusKernels
import TFLiteModel

/// The fast path of 8-bit TRANSPOSE_CONV with constant weights: every input pixel's
/// `q − inputZero` times the weights `[OC·KH·KW][IC]` (packed at load, as bytes where the
/// format allows) gives its exact Int32 contributions on the kernel build's integer GEMM
/// (`exactSums`), or for int8 models on a build with a fast int8 GEMM on that one, reading the
/// input bytes as they are (``HybridGEMM/byteProducts(rows:a:scratch:pool:offset:)``); each
/// output then adds up its own, wrapping, which equals the reference's sum truncated to Int32.
/// Not on the reference build, and only while the contributions stay at most 2^26 values.
struct QuantizedTransposeGEMM {
  private let kernels: KernelSet
  /// The weights for `exactSums`; nil when ``bytes`` runs.
  private let weights: PackedWeights?
  /// The weights for the int8 GEMM (int8 models on builds with a fast one), else nil.
  private let bytes: HybridGEMM?
  /// The most products the GEMM sums in float before converting (exact below 2^22).
  private let chunk: Int
  /// The input's type (int8 when signed) and zero point.
  private let input: PackedWeights.Widening
  /// Input pixels (GEMM rows), contributions per pixel (`OC·KH·KW`), input channels.
  let pixels, width, depth: Int
  /// Scratch bytes: the widened input (rounded to 64 bytes), then the contributions.
  let scratchBytes: Int

  /// Packs the weights of `geometry`'s 8-bit TRANSPOSE_CONV, or nil when the fast path does
  /// not apply.
  init?(
    _ geometry: TransposeConvolutionGeometry, _ quantization: ConvolutionQuantization,
    weights constant: ModelBytes?, kernels: KernelSet
  ) {
    guard !kernels.isReference, let constant, let count = geometry.contributions,
      count <= 1 << 26
    else { return nil }
    let g = geometry
    (pixels, width, depth) = (
      g.batch * g.inputHeight * g.inputWidth, g.outputChannels * g.filterHeight * g.filterWidth,
      g.inputChannels
    )
    self.kernels = kernels
    chunk = quantization.chunk(filterBound: quantization.filterBound(constant))
    input = (quantization.signed, quantization.inputZeroPoint)
    // (Asked only where it can pack for the int8 GEMM: elsewhere it would pack byte panels
    // that the `exactSums` path packs again.)
    let int8 =
      quantization.signed && quantization.filterZeroPoint == 0 && kernels.hasFastInt8GEMM
      ? HybridGEMM(
        kernels: kernels, weights: constant, columns: width, depth: depth, bytesWhenFast: true)
      : nil
    if let int8, int8.usesInt8GEMM {
      (bytes, weights) = (int8, nil)
      scratchBytes = int8.byteScratchBytes(rows: pixels)
      return
    }
    bytes = nil
    weights = PackedWeights(
      kernels: kernels, constant: constant, columns: width, depth: depth,
      widening: quantization.filterWidening)
    scratchBytes = PackedWeights.rounded(pixels * depth) * 4 + count * 4
  }

  /// The contributions `[pixel][(oc · KH + fy) · KW + fx]` of input 2's 8-bit values, in
  /// `scratch` (``scratchBytes`` bytes).
  func contributions(_ io: KernelIO, scratch: UnsafeMutableRawPointer) -> UnsafePointer<Int32> {
    let (pixels, width, depth, input, kernels) = (pixels, width, depth, input, kernels)
    if let bytes {
      return bytes.byteProducts(
        rows: pixels, a: io.input(2, as: Int8.self), scratch: scratch, pool: io.pool
      ) { _ in input.zeroPoint }
    }
    // (Unreachable without: the initializer sets `bytes` or `weights`.)
    guard let weights else { return UnsafePointer(scratch.bindMemory(to: Int32.self, capacity: 0)) }
    let values = io.input(2, as: UInt8.self)
    let a = scratch.bindMemory(to: Float.self, capacity: pixels * depth)
    let sums = (scratch + PackedWeights.rounded(pixels * depth) * 4)
      .bindMemory(to: Int32.self, capacity: pixels * width)
    io.pool.parallelFor(pixels, minimumChunk: max(1, (1 << 14) / max(depth, 1))) { range in
      let first = range.lowerBound * depth
      kernels.entry.widen(
        values + first, range.count * depth, input.signed, input.zeroPoint, a + first)
    }
    let operands: ExactSumsOperands = (
      m: pixels, n: width, k: depth, chunk: chunk, a: UnsafePointer(a), lda: depth,
      packed: weights.panels(io, scratch: nil), format: weights.format,
      panelStride: depth * kernels.columnTile, sums: sums, ldc: width
    )
    let multiply = kernels.entry.exactSums
    GEMM.split(kernels: kernels, m: pixels, n: width, k: depth, pool: io.pool) {
      multiply(operands, $0, $1)
    }
    return UnsafePointer(sums)
  }
}
