import OcellusKernels
import OcellusTestSupport
import Testing

/// The column sums behind 8-bit MEAN and SUM (`byteColumnSums`) against the sums written out,
/// on every build: signed and unsigned bytes, whole and partial groups of 16 columns, padded
/// rows, sums that wrap.
@Suite("Column sums of bytes")
struct ByteColumnSumsTests {
  @Test("every build adds each column's bytes to its sum", arguments: [false, true])
  func matchesLoops(signed: Bool) {
    var rng = SplitMix64(seed: signed ? 0xC015 : 0xC016)
    for (rows, columns, padding) in [
      (1, 16, 0), (7, 33, 5), (49, 1152, 0), (3, 15, 1), (200, 64, 3),
    ] {
      let stride = columns + padding
      let input = (0..<(rows * stride)).map { _ in UInt8.random(in: 0...255, using: &rng) }
      // Starting sums near the top of Int32: the additions wrap.
      let start = (0..<columns).map { _ in Int32.max - Int32.random(in: 0...4000, using: &rng) }
      var expected = start
      for row in 0..<rows {
        for column in 0..<columns {
          let byte = input[row * stride + column]
          expected[column] &+= signed ? Int32(Int8(bitPattern: byte)) : Int32(byte)
        }
      }
      for build in KernelBuilds.hosted {
        var sums = start
        input.withUnsafeBufferPointer { i in
          sums.withUnsafeMutableBufferPointer { s in
            build.entry.byteColumnSums(
              i.baseAddress!, rows, columns, stride, signed, s.baseAddress!)
          }
        }
        #expect(sums == expected, "\(build.name) \(rows)×\(columns) stride \(stride)")
      }
    }
  }
}
