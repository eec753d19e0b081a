import OcellusKernels
import OcellusTestSupport
import Testing

/// The 8-bit GEMM's raw sums (`int8Sums`, what the hybrid kernels use) against their
/// definition in scalar arithmetic, `Σ (a ^ flip) · w − rowOffsets[i] · columnSums[j]` with the
/// flipped activations unsigned and the weights signed, on every build: VNNI's dot products,
/// the 16-bit pairs of the AVX2 and AVX-512 builds, the portable lane loop. Shapes cover partial
/// panels, depths that end inside a group of four and rows past a whole tile.
@Suite("8-bit GEMM sums")
struct Int8SumsTests {
  @Test("random shapes and values equal the scalar sums on every build", arguments: 0..<16)
  func sums(seed: UInt64) {
    var g = SplitMix64(seed: 0x5135 + seed)
    let (m, n, k) = (
      Int.random(in: 1...21, using: &g), Int.random(in: 1...40, using: &g),
      Int.random(in: 1...70, using: &g)
    )
    let lda = k + Int.random(in: 0...5, using: &g)
    let flip: UInt8 = seed % 2 == 0 ? 0x80 : 0
    let a = (0..<(m * lda)).map { _ in Int8.random(in: -128...127, using: &g) }
    let w = (0..<(n * k)).map { _ in Int8.random(in: -128...127, using: &g) }
    let rowOffsets = (0..<m).map { _ in Int32.random(in: -300...300, using: &g) }
    let columnSums = (0..<n).map { _ in Int32.random(in: -5000...5000, using: &g) }
    let expected = (0..<(m * n)).map { index -> Int32 in
      let (i, j) = (index / n, index % n)
      var sum: Int32 = 0
      for d in 0..<k {
        let activation = Int32(UInt8(bitPattern: a[i * lda + d]) ^ flip)
        sum &+= activation &* Int32(w[j * k + d])
      }
      return sum &- rowOffsets[i] &* columnSums[j]
    }
    for build in KernelBuilds.hosted {
      let sums = Self.sums(
        build.entry, m: m, n: n, k: k, a: a, lda: lda, flip: flip, w: w,
        rowOffsets: rowOffsets, columnSums: columnSums)
      #expect(sums == expected, "\(build.name) m \(m) n \(n) k \(k) flip \(flip)")
    }
  }

  /// `entry.int8Sums` over the whole matrix, the weights packed by `entry.int8Pack` (signed,
  /// not flipped).
  static func sums(
    _ entry: KernelEntryPoints, m: Int, n: Int, k: Int, a: [Int8], lda: Int, flip: UInt8,
    w: [Int8], rowOffsets: [Int32], columnSums: [Int32]
  ) -> [Int32] {
    var packed = [Int8](repeating: 0, count: entry.int8PackedCount(n, k))
    w.withUnsafeBufferPointer { weights in
      packed.withUnsafeMutableBufferPointer {
        entry.int8Pack(weights.baseAddress!, n, k, (k, k), 0, $0.baseAddress!)
      }
    }
    var sums = [Int32](repeating: 0, count: m * n)
    let (activations, weights) = (PinnedArray(a), PinnedArray(packed))
    let (offsets, columns) = (PinnedArray(rowOffsets), PinnedArray(columnSums))
    withExtendedLifetime([activations, weights, offsets, columns] as [AnyObject]) {
      sums.withUnsafeMutableBufferPointer { c in
        let operands: Int8SumsOperands = (
          m: m, n: n, k: k, a: activations.pointer, lda: lda,
          flip: Int32(bitPattern: UInt32(flip) * 0x0101_0101), packed: weights.pointer,
          rowOffsets: offsets.pointer, columnSums: columns.pointer, sums: c.baseAddress!, ldc: n
        )
        entry.int8Sums(operands, 0..<m, 0..<((n + 15) / 16))
      }
    }
    return sums
  }
}
