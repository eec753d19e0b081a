import OcellusKernels
import OcellusTestSupport
import TFLiteInterpreter
import Testing

/// The vector loop of QUANTIZE from float32 (`affineQuantize`) against TFLite's reference
/// arithmetic, on every kernel build this CPU runs, for each output type: ties, values past
/// the clamp, past 2^22 and past Int32, the zero-point wrap near ±2^31, infinities and NaN.
@Suite("QUANTIZE from float32, eight values at a time")
struct AffineQuantizeTests {
  /// `clamp(static_cast<int32_t>(std::round(v / scale)) + zeroPoint, lower, upper)` as x86-64
  /// runs it (out of range and NaN: Int32.min; the addition wraps).
  static func expected(_ v: Float, scale: Float, zeroPoint: Int32, range: ClosedRange<Int32>)
    -> Int32
  {
    let x = (v / scale).rounded(.toNearestOrAwayFromZero)
    let value = x >= -2_147_483_648 && x < 2_147_483_648 ? Int32(x) : Int32.min
    return min(range.upperBound, max(range.lowerBound, value &+ zeroPoint))
  }

  /// The values: ties, clamp and conversion edges, and a spread of ordinary ones.
  static var values: [Float] {
    var rng = SplitMix64(seed: 0xAFF1)
    var values: [Float] = [
      0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -0.49999997, 126.5, 127.5, -127.5, -128.5,
      254.5, 255.5, 200, -200, 4_194_303.5, 4_194_304, -4_194_304, 8_388_609, 2_147_483_520,
      -2_147_483_648, 3e9, -3e9, .infinity, -.infinity, .nan, 0, -0.0, 1e-30, 0.99999994,
      32767.5, -32768.5, 40000,
    ]
    for _ in 0..<3000 { values.append(Float(rng.next() % 2_000_000) / 1000 - 1000) }
    return values
  }

  @Test(
    "every build gives the reference arithmetic's integers",
    arguments: [
      (1, true, Int32(-128)...127), (1, false, 0...255), (2, true, -32768...32767),
    ])
  func matchesReference(_ bytes: Int, _ signed: Bool, _ range: ClosedRange<Int32>) {
    let values = Self.values
    for (scale, zeroPoint) in [(Float(1), Int32(0)), (0.37, 3), (2.5, -7), (0.0078125, 130)] {
      let zero = bytes == 2 ? 0 : (signed ? max(-128, min(127, zeroPoint)) : abs(zeroPoint))
      let expected = values.map {
        Self.expected($0, scale: scale, zeroPoint: zero, range: range)
      }
      for build in KernelBuilds.hosted {
        var got = [UInt8](repeating: 0, count: values.count * bytes)
        values.withUnsafeBufferPointer { v in
          got.withUnsafeMutableBytes { out in
            build.entry.affineQuantize(
              (
                v.baseAddress!, v.count, scale, zero, range.lowerBound, range.upperBound,
                out.baseAddress!, bytes, signed
              ))
          }
        }
        let integers: [Int32] = got.withUnsafeBytes { raw in
          (0..<values.count).map { index in
            switch (bytes, signed) {
            case (1, true): Int32(raw.load(fromByteOffset: index, as: Int8.self))
            case (1, false): Int32(raw.load(fromByteOffset: index, as: UInt8.self))
            default: Int32(raw.loadUnaligned(fromByteOffset: 2 * index, as: Int16.self))
            }
          }
        }
        #expect(integers == expected, "\(build.name), scale \(scale), zero point \(zero)")
      }
    }
  }
}
