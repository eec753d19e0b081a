internal import OcellusKernels
import TFLiteModel

/// The fast path of the hybrid kernels: exact integer products of int8 weights `[N][K]` and
/// quantized rows, run on the integer GEMM of the kernel build (`exactSums`). The rows enter as
/// the integer-valued floats `q − zeroPoint` (|·| ≤ 255); the weights are packed at load as the
/// bytes they are, in ``PanelFormat/int8`` panels, and widened as the micro-kernel reads them.
/// The GEMM sums at most ``chunk`` products in float (short enough that every partial sum stays
/// below ``Requantization/sumLimit``, so every float sum is exact), converts each chunk's sums
/// to `Int32` and adds them. The results equal the scalar loops' `Int32` sums exactly.
///
/// On the builds with a fast int8 GEMM (VNNI's 8-bit dot products, the 16-bit pairs of the
/// AVX2 and AVX-512 builds) the weights are also packed for it, and
/// ``byteProducts(rows:scratch:pool:offset:fill:)`` runs the same sums on them (`int8Sums`:
/// rows enter as the quantized bytes, the zero points' part taken off afterwards), exact as
/// well.
final class HybridGEMM {
  private let kernels: KernelSet
  private let columns, depth: Int
  /// The weights in byte panels for ``products(rows:scratch:pool:fill:)``; nil when
  /// ``bytes`` holds them instead.
  private let panels: PackedStorage?
  /// The most products summed in float before the sum is converted to Int32.
  private let chunk: Int
  /// The weights packed for the int8 GEMM and each column's weight sum; nil on the builds
  /// without a fast one.
  private let bytes: (packed: UnsafeMutablePointer<Int8>, columnSums: [Int32])?

  /// True when ``byteProducts(rows:scratch:pool:offset:fill:)`` may run (a fast int8 GEMM).
  var usesInt8GEMM: Bool { bytes != nil }

  /// Packs the int8 `weights` (`columns` rows of `depth` bytes): for the int8 GEMM when
  /// `bytesWhenFast` and the build has a fast one (then only
  /// ``byteProducts(rows:scratch:pool:offset:fill:)`` runs), else for
  /// ``products(rows:scratch:pool:fill:)``.
  init(kernels: KernelSet, weights: ModelBytes, columns: Int, depth: Int, bytesWhenFast: Bool) {
    self.kernels = kernels
    self.columns = columns
    self.depth = depth
    chunk = (Requantization.sumLimit - 1) / (255 * Self.bound(weights))
    bytes =
      bytesWhenFast
      ? Self.packBytes(kernels: kernels, weights: weights, columns: columns, depth: depth) : nil
    panels =
      bytes != nil
      ? nil
      : PackedStorage(
        kernels: kernels, weights: weights, columns: columns, depth: depth,
        widening: (signed: true, zeroPoint: 0), format: .int8)
  }

  /// The largest |weight| (at least 1).
  private static func bound(_ weights: ModelBytes) -> Int {
    var bound = 1
    for byte in weights { bound = max(bound, Int(Int8(bitPattern: byte).magnitude)) }
    return bound
  }

  deinit { bytes?.packed.deallocate() }

  /// The weights packed for the build's `int8Sums`, with each column's sum; nil on builds
  /// without a fast int8 GEMM.
  private static func packBytes(
    kernels: KernelSet, weights: ModelBytes, columns: Int, depth: Int
  ) -> (packed: UnsafeMutablePointer<Int8>, columnSums: [Int32])? {
    guard kernels.hasFastInt8GEMM, columns > 0, depth > 0, weights.count == columns * depth
    else { return nil }
    let packed = UnsafeMutablePointer<Int8>.allocate(
      capacity: kernels.entry.int8PackedCount(columns, depth))
    let sums = weights.withUnsafeBytes { raw in
      let w = raw.bindMemory(to: Int8.self)
      kernels.entry.int8Pack(w.baseAddress!, columns, depth, (depth, depth), 0, packed)
      return (0..<columns).map { column in
        var sum: Int32 = 0
        for index in (column * depth)..<((column + 1) * depth) { sum &+= Int32(w[index]) }
        return sum
      }
    }
    return (packed, sums)
  }

  /// ``products(rows:scratch:output:pool:fill:)`` on 8-bit dot products: `fill(a, rowRange)`
  /// writes the rows' quantized values (`depth` int8 per row; taps outside the image as the
  /// row's zero point) and `offset(i)` gives row `i`'s zero point. Returns the `rows × columns`
  /// sums `Σ_k (q[i][k] − offset(i)) · w[j][k]`. Only when ``usesInt8GEMM``.
  func byteProducts(
    rows: Int, scratch: UnsafeMutableRawPointer, pool: ThreadPool, offset: (Int) -> Int32,
    fill: (UnsafeMutablePointer<Int8>, Range<Int>) -> Void
  ) -> UnsafePointer<Int32> {
    let a = scratch.bindMemory(to: Int8.self, capacity: rows * depth)
    pool.parallelFor(rows, minimumChunk: max(1, (1 << 14) / max(depth, 1))) { fill(a, $0) }
    return byteProducts(
      rows: rows, a: UnsafePointer(a), scratch: scratch + PackedWeights.rounded(rows * depth) * 4,
      pool: pool, offset: offset)
  }

  /// ``byteProducts(rows:scratch:pool:offset:fill:)`` on rows of quantized values already in
  /// place (`depth` int8 per row at `a`); `scratch` holds ``byteScratchBytes(rows:)`` bytes.
  func byteProducts(
    rows: Int, a: UnsafePointer<Int8>, scratch: UnsafeMutableRawPointer, pool: ThreadPool,
    offset: (Int) -> Int32
  ) -> UnsafePointer<Int32> {
    let sums = scratch.bindMemory(to: Int32.self, capacity: rows * columns)
    guard let bytes else { return UnsafePointer(sums) }
    // The sign flip added 128 to every value: (128 + zero point) · Σ w comes off each sum.
    let rowOffsets = (scratch + rows * columns * 4).bindMemory(to: Int32.self, capacity: rows)
    for row in 0..<rows { rowOffsets[row] = 128 &+ offset(row) }
    let (columns, depth) = (columns, depth)
    bytes.columnSums.withUnsafeBufferPointer { columnSums in
      let operands: Int8SumsOperands = (
        m: rows, n: columns, k: depth, a: a, lda: depth,
        flip: Int32(bitPattern: 0x8080_8080), packed: UnsafePointer(bytes.packed),
        rowOffsets: UnsafePointer(rowOffsets), columnSums: columnSums.baseAddress!, sums: sums,
        ldc: columns
      )
      let multiply = kernels.entry.int8Sums
      GEMM.split(kernels: kernels, m: rows, n: columns, k: depth, pool: pool) {
        multiply(operands, $0, $1)
      }
    }
    return UnsafePointer(sums)
  }

  /// Bytes of scratch ``byteProducts(rows:a:scratch:pool:offset:)`` needs for `rows` rows: the
  /// sums, then the rows' offsets.
  func byteScratchBytes(rows: Int) -> Int { rows * columns * 4 + rows * 4 }

  /// Bytes of scratch for `rows` rows: A (`rows × depth` floats), then the sums (and on the
  /// dot-product path the rows' offsets).
  func scratchBytes(rows: Int) -> Int {
    PackedWeights.rounded(rows * depth) * 4 + byteScratchBytes(rows: rows)
  }

  /// The sums `Σ_k a[i][k] · w[j][k]` for `rows` rows of A, which `fill(a, rowRange)` writes
  /// (integer-valued floats, `depth` per row; called over row ranges in parallel) into
  /// `scratch` (``scratchBytes(rows:)`` bytes, 64-byte aligned). Returns the `rows × columns`
  /// sums (all zero when the weights were packed for the int8 GEMM instead).
  func products(
    rows: Int, scratch: UnsafeMutableRawPointer, pool: ThreadPool,
    fill: (UnsafeMutablePointer<Float>, Range<Int>) -> Void
  ) -> UnsafePointer<Int32> {
    let a = scratch.bindMemory(to: Float.self, capacity: rows * depth)
    let sums = (scratch + PackedWeights.rounded(rows * depth) * 4)
      .bindMemory(to: Int32.self, capacity: rows * columns)
    guard let panels else {
      sums.update(repeating: 0, count: rows * columns)
      return UnsafePointer(sums)
    }
    pool.parallelFor(rows, minimumChunk: max(1, (1 << 14) / max(depth, 1))) { fill(a, $0) }
    let operands: ExactSumsOperands = (
      m: rows, n: columns, k: depth, chunk: chunk, a: UnsafePointer(a), lda: depth,
      packed: panels.pointer, format: .int8, panelStride: depth * kernels.columnTile,
      sums: sums, ldc: columns
    )
    let multiply = kernels.entry.exactSums
    GEMM.split(kernels: kernels, m: rows, n: columns, k: depth, pool: pool) {
      multiply(operands, $0, $1)
    }
    return UnsafePointer(sums)
  }
}
