import ImageCodecs
import Testing

/// The vector search for nonzero coefficients an AC refinement scan uses under an end-of-band
/// run, held to the scalar loop it replaces (libjpeg's: every zigzag index k...end in order,
/// testing the coefficient at its natural position).
@Suite("JPEG bitstream: refinement masks")
struct JPEGRefinementMaskTests {
  /// Zigzag index → natural position (JPEG Figure A.6).
  static let natural = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27,
    20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58,
    59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
  ]

  @Test("nonzero(from:through:) == the scalar zigzag loop on random blocks and bands")
  func matchesScalarLoop() {
    let masks = JPEGRefinementMasks()
    defer { masks.deallocate() }
    var generator = SystemRandomNumberGenerator()
    var block = [Int16](repeating: 0, count: 64)
    var nonEmpty = 0
    for trial in 0..<20_000 {
      // Densities from empty to full; values of either sign, including -32768.
      let density = trial % 9
      for i in 0..<64 {
        block[i] =
          Int.random(in: 0..<8, using: &generator) < density
          ? Int16.random(in: .min ... .max, using: &generator) | 1 : 0
      }
      if trial % 97 == 0 { block[Int.random(in: 0..<64, using: &generator)] = .min }
      let start = Int.random(in: 1...63, using: &generator)
      let end = Int.random(in: start...63, using: &generator)
      let k = Int.random(in: start...end, using: &generator)
      var expected: UInt64 = 0
      for index in k...end where block[Self.natural[index]] != 0 { expected |= 1 << index }
      let found = block.withUnsafeBufferPointer {
        masks.nonzero($0.baseAddress!, from: k, through: end)
      }
      #expect(found == expected, "block \(block), k \(k), end \(end)")
      if expected != 0 { nonEmpty += 1 }
    }
    #expect(nonEmpty > 10_000)
  }
}
