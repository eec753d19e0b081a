import OcellusKernels
import OcellusTestSupport
import Testing

/// The 8-bit GEMM's weight packing (`int8Pack`) against its layout written out: panels of 16
/// columns, groups of four bytes, each column's runs at their stride, bytes XORed with the
/// flip, every other byte zero; on the 16-bit-pair builds each group reordered into its two
/// pairs; on every build.
@Suite("Packing 8-bit weights")
struct Int8PackTests {
  /// The packed bytes by definition: byte `d` of column `j` (`d = 4g + b`) at
  /// `(j / 16) · groups · 64 + g · 64 + (j % 16) · 4 + b`.
  static func expected(
    _ weights: [Int8], n: Int, k: Int, run: (length: Int, stride: Int), flip: UInt8
  ) -> [Int8] {
    let groups = (k + 3) / 4
    let panels = (n + 15) / 16
    var packed = [Int8](repeating: 0, count: panels * groups * 64)
    let sourceRow = k / run.stride * run.length
    for column in 0..<n {
      for depth in 0..<k where depth % run.stride < run.length {
        let source = column * sourceRow + depth / run.stride * run.length + depth % run.stride
        let target = (column / 16) * groups * 64 + depth / 4 * 64 + (column % 16) * 4 + depth % 4
        packed[target] = Int8(bitPattern: UInt8(bitPattern: weights[source]) ^ flip)
      }
    }
    return packed
  }

  /// The builds whose int8 GEMM runs on 16-bit pairs (`Int8PairGEMM`).
  static let pairBuilds: Set<String> = ["avx2", "avx512"]

  /// ``expected(_:n:k:run:flip:)`` as the 16-bit-pair builds lay it out: each 64-byte group
  /// reordered as two pairs of 32 bytes, column `j`'s bytes 0 and 1 at bytes `2j`, `2j + 1` of
  /// the first, its bytes 2 and 3 at the same bytes of the second.
  static func pairs(_ bytes: [Int8]) -> [Int8] {
    var packed = bytes
    for group in stride(from: 0, to: bytes.count, by: 64) {
      for column in 0..<16 {
        for byte in 0..<4 {
          packed[group + (byte / 2) * 32 + column * 2 + byte % 2] = bytes[group + column * 4 + byte]
        }
      }
    }
    return packed
  }

  @Test(
    "rows and padded runs of every length, partial panels and groups, with and without the flip, on every build",
    arguments: 0..<24)
  func layouts(seed: UInt64) throws {
    var generator = SplitMix64(seed: 0xACE0 + seed)
    let n = Int.random(in: 1...40, using: &generator)
    let length = Int.random(in: 1...13, using: &generator)
    // Even seeds: one plain row of `length` bytes; odd: 1 to 5 runs padded to whole words.
    let run = seed % 2 == 0 ? (length, length) : (length, (length + 3) / 4 * 4)
    let segments = seed % 2 == 0 ? 1 : Int.random(in: 1...5, using: &generator)
    let k = segments * run.1
    let flip: UInt8 = seed % 4 < 2 ? 0x80 : 0
    let weights = (0..<(n * segments * length)).map { _ in
      Int8.random(in: -128...127, using: &generator)
    }
    let bytes = Self.expected(weights, n: n, k: k, run: run, flip: flip)
    for build in KernelBuilds.hosted {
      let expected =
        Self.pairBuilds.contains(build.name)
        ? Self.pairs(bytes) : bytes
      #expect(build.entry.int8PackedCount(n, k) == expected.count)
      // Garbage first: every byte must be written.
      var packed = [Int8](repeating: 0x55, count: expected.count)
      weights.withUnsafeBufferPointer { w in
        packed.withUnsafeMutableBufferPointer { p in
          build.entry.int8Pack(w.baseAddress!, n, k, run, flip, p.baseAddress!)
        }
      }
      #expect(packed == expected, "\(build.name) n \(n) k \(k) run \(run) flip \(flip)")
    }
  }
}
