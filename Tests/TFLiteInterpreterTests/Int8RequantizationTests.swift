import OcellusKernels
import OcellusTestSupport
import Testing

/// The fixed-point requantization of the 8-bit GEMM's tiles (one floor division of the 64-bit
/// product per lane in place of TFLite's two roundings) against TFLite's
/// `MultiplyByQuantizedMultiplier` written out step by step, on every build: accumulators of 0
/// with the value under test as each column's bias, so every column requantizes its own.
@Suite("Requantization in the 8-bit GEMM")
struct Int8RequantizationTests {
  /// TFLite's reference: `x << left` (wrapping), `SaturatingRoundingDoublingHighMul`,
  /// `RoundingDivideByPOT`, then the offset and the clamp.
  static func reference(
    _ x: Int32, multiplier: Int32, left: Int32, right: Int32, offset: Int32, lower: Int32,
    upper: Int32
  ) -> UInt8 {
    let a = x &* (1 << left)
    var high: Int32
    if a == Int32.min && multiplier == Int32.min {
      high = Int32.max
    } else {
      let ab = Int64(a) * Int64(multiplier)
      let nudge: Int64 = ab >= 0 ? 1 << 30 : 1 - (1 << 30)
      high = Int32(truncatingIfNeeded: (ab + nudge) / (1 << 31))
    }
    let mask = Int32((Int64(1) << Int64(right)) - 1)
    let remainder = high & mask
    let threshold = (mask >> 1) + (high < 0 ? 1 : 0)
    var result = (high >> right) + (remainder > threshold ? 1 : 0)
    result = min(max(result &+ offset, lower), upper)
    return UInt8(truncatingIfNeeded: result)
  }

  /// One column's parameters and the value requantized.
  struct Column {
    var value, multiplier, left, right: Int32
  }

  /// Random columns: multipliers as TFLite makes them (2^30 ..< 2^31), exact powers of two
  /// (whose products land on the ties), small and negative ones; values of every magnitude.
  static func columns(_ count: Int, _ g: inout SplitMix64) -> [Column] {
    (0..<count).map { i in
      let right = Int32.random(in: 0...31, using: &g)
      let multiplier: Int32 =
        switch i % 5 {
        case 0: 1 << 30
        case 1: Int32.random(in: 1...1000, using: &g)
        case 2: -Int32.random(in: (1 << 30)...Int32.max, using: &g)
        default: Int32.random(in: (1 << 30)...Int32.max, using: &g)
        }
      let left = i % 7 == 0 ? Int32.random(in: 1...3, using: &g) : 0
      let magnitude = Int32.random(in: 0...31, using: &g)
      let value =
        i % 3 == 0
        ? Int32(i / 3 % 4096) - 2048
        : Int32(
          truncatingIfNeeded: Int64.random(in: -(1 << magnitude)...(1 << magnitude), using: &g))
      return Column(value: value, multiplier: multiplier, left: left, right: right)
    }
  }

  @Test("per-column requantization equals TFLite's two roundings on every build", arguments: 0..<6)
  func matchesReference(seed: UInt64) {
    var g = SplitMix64(seed: 0x5E0_0000 + seed)
    let (n, k, m) = (1024, 4, 3)
    let columns = Self.columns(n, &g)
    let signed = seed % 2 == 0
    let offset = Int32.random(in: signed ? -128...127 : 0...255, using: &g)
    let (lower, upper): (Int32, Int32) =
      seed % 3 == 0
      ? (signed ? -128 : 0, signed ? 127 : 255) : (signed ? -100 : 10, signed ? 90 : 200)
    let bias = columns.map(\.value)
    let multiplier = columns.map(\.multiplier)
    let left = columns.map(\.left)
    let right = columns.map(\.right)
    let rounding = right.map { Int32((Int64(1) << Int64($0)) - 1) }
    let expected = columns.map {
      Self.reference(
        $0.value, multiplier: $0.multiplier, left: $0.left, right: $0.right, offset: offset,
        lower: lower, upper: upper)
    }
    // Zero unsigned weights: every sum is 0, whatever the activations.
    let activations = (0..<(m * k)).map { _ in Int8.random(in: -128...127, using: &g) }
    for build in KernelBuilds.hosted {
      var packed = [Int8](repeating: 0, count: build.entry.int8PackedCount(n, k))
      var output = [UInt8](repeating: 0, count: m * n)
      let zeros = [Int8](repeating: 0, count: n * k)
      zeros.withUnsafeBufferPointer { w in
        packed.withUnsafeMutableBufferPointer { p in
          build.entry.int8Pack(w.baseAddress!, n, k, (k, k), 0, p.baseAddress!)
        }
      }
      bias.withUnsafeBufferPointer { b in
        multiplier.withUnsafeBufferPointer { mu in
          left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { r in
              rounding.withUnsafeBufferPointer { mask in
                activations.withUnsafeBufferPointer { a in
                  packed.withUnsafeBufferPointer { p in
                    output.withUnsafeMutableBufferPointer { c in
                      let table: RequantizationTable = (
                        bias: b.baseAddress!, multiplier: mu.baseAddress!,
                        leftShift: l.baseAddress!, rightShift: r.baseAddress!,
                        roundingMask: mask.baseAddress!, scale: nil, uniform: false,
                        outputOffset: offset, lower: lower, upper: upper
                      )
                      let operands: Int8GEMMOperands = (
                        m: m, n: n, k: k, a: a.baseAddress!, lda: k, signedActivations: true,
                        flip: 0, rowFactor: 0, packed: p.baseAddress!, requantization: table,
                        c: c.baseAddress!, ldc: n
                      )
                      build.entry.int8Multiply(operands, 0..<m, 0..<(n / 16))
                    }
                  }
                }
              }
            }
          }
        }
      }
      for row in 0..<m {
        let got = Array(output[(row * n)..<((row + 1) * n)])
        let wrong = (0..<n).filter { got[$0] != expected[$0] }
        #expect(
          wrong.isEmpty,
          "\(build.name), row \(row): \(wrong.count) columns differ, first \(wrong.first.map { "\(columns[$0]) → \(got[$0]), expected \(expected[$0])" } ?? "")"
        )
      }
    }
  }
}
