import OcellusKernels
import OcellusTestSupport
import TFLiteInterpreter
import Testing

/// Packing quantized weights widened on the way (`packBytes`) against widening them first
/// (`widen`) and packing the floats (`pack`), on every kernel build this CPU runs: int8 and
/// uint8, several zero points, and shapes that leave a partial panel.
@Suite("quantized weights packed as they are widened")
struct PackBytesTests {
  @Test("every build packs the floats that widening first gives")
  func matchesWidenThenPack() {
    var rng = SplitMix64(seed: 0x9ACB)
    for (n, k) in [(1, 1), (3, 7), (16, 27), (33, 64), (70, 5)] {
      let bytes = (0..<(n * k)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      for (signed, zeroPoint) in [(true, Int32(0)), (true, -5), (false, 128), (false, 3)] {
        for build in KernelBuilds.hosted {
          let entry = build.entry
          let count = entry.packedCount(k, n)
          var expected = [Float](repeating: -1, count: count)
          var got = [Float](repeating: -2, count: count)
          var widened = [Float](repeating: 0, count: n * k)
          bytes.withUnsafeBufferPointer { b in
            widened.withUnsafeMutableBufferPointer { w in
              entry.widen(b.baseAddress!, n * k, signed, zeroPoint, w.baseAddress!)
              expected.withUnsafeMutableBufferPointer { e in
                entry.pack(w.baseAddress!, n, k, k, e.baseAddress!)
              }
            }
            got.withUnsafeMutableBufferPointer { g in
              entry.packBytes(b.baseAddress!, n, k, k, signed, zeroPoint, g.baseAddress!)
            }
          }
          #expect(got == expected, "\(build.name), \(n)×\(k), signed \(signed), zero \(zeroPoint)")
        }
      }
    }
  }
}
