internal import OcellusKernels
import TFLiteModel

/// The fast path of the hybrid kernels: exact integer products of int8 weights `[N][K]` and
/// quantized rows, run on the float GEMM of the kernel build. The rows enter as the
/// integer-valued floats `q − zeroPoint` (|·| ≤ 255); the weights are widened to floats and
/// packed at load in K-chunks short enough that any partial sum of a chunk's products stays
/// below 2^24 (so every float sum is exact, in any order); each chunk's sums are converted to
/// `Int32` and added. The results equal the scalar loops' `Int32` sums exactly.
///
/// On the VNNI build the weights are also packed as bytes and ``byteProducts(rows:scratch:pool:offset:fill:)``
/// runs the same sums on 8-bit dot products (`int8Sums`: rows enter as the quantized bytes, the
/// zero points' part taken off afterwards), exact as well.
final class HybridGEMM {
  private let kernels: KernelSet
  private let columns, depth: Int
  /// Each K-chunk's first column of the weights and length, and the chunk packed.
  private let chunks: [(start: Int, length: Int, packed: PackedStorage)]
  private let identity: FusedActivation
  /// The VNNI build's weights packed as bytes and each column's weight sum; nil elsewhere.
  private let bytes: (packed: UnsafeMutablePointer<Int8>, columnSums: [Int32])?

  /// True when ``byteProducts(rows:scratch:pool:offset:fill:)`` may run (the VNNI build).
  var usesDotProducts: Bool { bytes != nil }

  /// Widens and packs the int8 `weights` (`columns` rows of `depth` bytes).
  init(
    kernels: KernelSet, weights: ModelBytes, columns: Int, depth: Int,
    identity: FusedActivation
  ) {
    self.kernels = kernels
    self.columns = columns
    self.depth = depth
    self.identity = identity
    var bound: Int32 = 1
    for byte in weights { bound = max(bound, abs(Int32(Int8(bitPattern: byte)))) }
    let chunk = max(1, Int((1 << 24) - 1) / (Int(bound) * 255))
    var chunks: [(start: Int, length: Int, packed: PackedStorage)] = []
    var start = 0
    let base = weights.startIndex
    while start < depth {
      let length = min(chunk, depth - start)
      var floats = [Float](repeating: 0, count: columns * length)
      for row in 0..<columns {
        for k in 0..<length {
          floats[row * length + k] = Float(
            Int8(bitPattern: weights[base + row * depth + start + k]))
        }
      }
      let bytes = floats.withUnsafeBytes { ModelBytes($0) }
      chunks.append(
        (
          start, length,
          PackedStorage(
            kernels: kernels, weights: bytes, columns: columns, depth: length,
            widening: nil)
        ))
      start += length
    }
    self.chunks = chunks
    bytes = Self.packBytes(kernels: kernels, weights: weights, columns: columns, depth: depth)
  }

  deinit { bytes?.packed.deallocate() }

  /// The weights packed for the VNNI build's `int8Sums`, with each column's sum; nil on other
  /// builds.
  private static func packBytes(
    kernels: KernelSet, weights: ModelBytes, columns: Int, depth: Int
  ) -> (packed: UnsafeMutablePointer<Int8>, columnSums: [Int32])? {
    guard kernels.hasDotProducts, columns > 0, depth > 0, weights.count == columns * depth
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
  /// sums `Σ_k (q[i][k] − offset(i)) · w[j][k]`. Only when ``usesDotProducts``.
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
  /// `scratch` (``scratchBytes(rows:)`` bytes, 64-byte aligned); `output` (`rows × columns`
  /// floats) serves as the GEMM's float scratch. Returns the `rows × columns` sums.
  func products(
    rows: Int, scratch: UnsafeMutableRawPointer, output: UnsafeMutablePointer<Float>,
    pool: ThreadPool, fill: (UnsafeMutablePointer<Float>, Range<Int>) -> Void
  ) -> UnsafePointer<Int32> {
    let a = scratch.bindMemory(to: Float.self, capacity: rows * depth)
    let sums = (scratch + PackedWeights.rounded(rows * depth) * 4)
      .bindMemory(to: Int32.self, capacity: rows * columns)
    pool.parallelFor(rows, minimumChunk: max(1, (1 << 14) / max(depth, 1))) { fill(a, $0) }
    multiply(a: a, rows: rows, lda: depth, sums: sums, floats: output, pool: pool)
    return UnsafePointer(sums)
  }

  /// `sums[i][j] = Σ_k a[i][k] · w[j][k]` for `rows` rows of A (`depth` integer-valued floats
  /// each, `lda` apart), exactly, with `floats` (`rows × columns` floats, e.g. the output) as
  /// the GEMM's scratch.
  private func multiply(
    a: UnsafePointer<Float>, rows: Int, lda: Int, sums: UnsafeMutablePointer<Int32>,
    floats: UnsafeMutablePointer<Float>, pool: ThreadPool
  ) {
    let count = rows * columns
    for (index, chunk) in chunks.enumerated() {
      GEMM.multiply(
        kernels: kernels, m: rows, n: columns, k: chunk.length, a: a + chunk.start, lda: lda,
        packed: chunk.packed.pointer.assumingMemoryBound(to: Float.self), bias: nil,
        activation: identity, c: floats, ldc: columns,
        pool: pool)
      let first = index == 0
      pool.parallelFor(count, minimumChunk: 1 << 14) { range in
        for i in range {
          // Exact integers below 2^24 in magnitude: the conversion is exact.
          let value = HybridQuantization.truncate(floats[i])
          sums[i] = first ? value : sums[i] &+ value
        }
      }
    }
    if chunks.isEmpty { sums.update(repeating: 0, count: count) }
  }
}
