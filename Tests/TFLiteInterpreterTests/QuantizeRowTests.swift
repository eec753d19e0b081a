import OcellusKernels
import OcellusTestSupport
import TFLiteInterpreter
import Testing

/// The vector element loop of the hybrid input quantization (`quantizeRow`) against TFLite's
/// scalar arithmetic, on every kernel build this CPU runs: ties, values past the clamp and past
/// Int32, infinities and NaN.
@Suite("Hybrid input quantization, eight values at a time")
struct QuantizeRowTests {
  /// `clamp(static_cast<int32_t>(std::round(base + v · inverse)), lower, 127)` as x86-64 runs
  /// it (out of range and NaN: Int32.min).
  static func expected(_ v: Float, inverse: Float, base: Float, lower: Int32) -> Int8 {
    let x = (base + v * inverse).rounded(.toNearestOrAwayFromZero)
    let value = x > -2_147_483_904 && x < 2_147_483_648 ? Int32(x) : Int32.min
    return Int8(truncatingIfNeeded: min(127, max(lower, value)))
  }

  /// The builds' `quantizeRow` entry points, by name.
  static var builds: [(String, @Sendable (QuantizeRowOperands) -> Void)] {
    KernelBuilds.hosted.map { ($0.name, $0.entry.quantizeRow) }
  }

  @Test("every build gives the scalar arithmetic's bytes")
  func matchesScalar() {
    var rng = SplitMix64(seed: 0x0A17)
    var values: [Float] = [
      0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -0.49999997, 126.5, 127.5, -127.5, -128.5,
      200, -200, 3e9, -3e9, .infinity, -.infinity, .nan, 0, -0.0, 1e-30, 0.99999994,
    ]
    for _ in 0..<2000 { values.append(Float(rng.next() % 1_000_000) / 1000 - 500) }
    for (inverse, base, lower) in [
      (Float(1), Float(0), Int32(-127)), (0.37, 3, -128), (2.5, -7, -128),
    ] {
      let expected = values.map { Self.expected($0, inverse: inverse, base: base, lower: lower) }
      for (name, quantizeRow) in Self.builds {
        var got = [Int8](repeating: 0, count: values.count)
        values.withUnsafeBufferPointer { v in
          got.withUnsafeMutableBufferPointer { q in
            quantizeRow((v.baseAddress!, v.count, inverse, base, lower, q.baseAddress!))
          }
        }
        #expect(got == expected, "\(name), inverse \(inverse), base \(base)")
      }
    }
  }
}
