import OcellusKernels
import OcellusTestSupport
import TFLiteInterpreter
import Testing

/// The quantized GEMM on weights packed as their bytes (``PanelFormat/int8``, ``PanelFormat/uint8(zeroPoint:)``)
/// against TFLite's arithmetic computed here in Int64, on every kernel build this CPU runs, with
/// the float panels (``PanelFormat/float``) alongside: int8 and uint8 weights, several zero
/// points, chunks that end inside a row, shapes that leave a partial panel, and GEMMs with
/// few rows (the bytes widened as each tile reads them) and many (each panel widened once).
@Suite("quantized GEMM on byte panels")
struct QuantizedGEMMFormatTests {
  /// One GEMM: `m × k` activations (already minus their zero point), `n × k` weight bytes.
  struct Case {
    var m, n, k, chunk: Int
    var signed: Bool
    var zeroPoint: Int32
  }

  static let cases: [Case] = [
    Case(m: 1, n: 1, k: 1, chunk: 64, signed: true, zeroPoint: 0),
    Case(m: 7, n: 16, k: 27, chunk: 10, signed: true, zeroPoint: 0),
    Case(m: 13, n: 33, k: 64, chunk: 64, signed: false, zeroPoint: 128),
    Case(m: 20, n: 70, k: 5, chunk: 3, signed: false, zeroPoint: 3),
    Case(m: 9, n: 24, k: 150, chunk: 64, signed: false, zeroPoint: 251),
    // Enough rows that each byte panel is widened once for all of them.
    Case(m: 40, n: 20, k: 70, chunk: 64, signed: false, zeroPoint: 7),
    Case(m: 70, n: 48, k: 9, chunk: 4, signed: true, zeroPoint: 0),
  ]

  @Test("byte and float panels give TFLite's requantized sums", arguments: 0..<7)
  func matchesReference(_ index: Int) {
    let c = Self.cases[index]
    var rng = SplitMix64(seed: 0xB17E + UInt64(index))
    let activations = (0..<(c.m * c.k)).map { _ in Float(Int.random(in: -255...255, using: &rng)) }
    let weights = (0..<(c.n * c.k)).map { _ in UInt8.random(in: 0...255, using: &rng) }
    let expected = Self.reference(c, activations, weights)
    let byteFormat: PanelFormat = c.signed ? .int8 : .uint8(zeroPoint: c.zeroPoint)
    for build in KernelBuilds.hosted {
      for format in [byteFormat, .float] {
        let got = Self.run(c, activations, weights, format: format, entry: build.entry)
        #expect(got == expected, "\(build.name), \(format), case \(index)")
      }
    }
  }

  /// Output value of a sum: `round(sum / 2^15)` (TFLite's doubling high multiply by 2^30,
  /// then a rounding right shift by 14) plus 128, clamped to 0...255.
  static func requantize(_ sum: Int64) -> UInt8 {
    let half = (sum + 1) >> 1  // (x · 2^30 + nudge) / 2^31, rounding half up
    let mask: Int64 = (1 << 14) - 1
    let remainder = half & mask
    let threshold = (mask >> 1) + (half < 0 ? 1 : 0)
    let shifted = (half >> 14) + (remainder > threshold ? 1 : 0)
    return UInt8(min(255, max(0, shifted + 128)))
  }

  static func reference(_ c: Case, _ a: [Float], _ w: [UInt8]) -> [UInt8] {
    (0..<(c.m * c.n)).map { index in
      let (row, column) = (index / c.n, index % c.n)
      var sum: Int64 = 0
      for kk in 0..<c.k {
        let byte = w[column * c.k + kk]
        let weight = c.signed ? Int64(Int8(bitPattern: byte)) : Int64(byte)
        sum += Int64(a[row * c.k + kk]) * (weight - Int64(c.zeroPoint))
      }
      return requantize(sum)
    }
  }

  static func run(
    _ c: Case, _ a: [Float], _ w: [UInt8], format: PanelFormat, entry: KernelEntryPoints
  ) -> [UInt8] {
    let panels = TestPanels(
      w, n: c.n, k: c.k, format: format, signed: c.signed, zeroPoint: c.zeroPoint, entry: entry)
    let columns = entry.panelCount(c.n) * entry.columnTile
    let multiplier = Requantization.floatPath(
      multiplier: 1 << 30, leftShift: 0, rightShift: 14, outputOffset: 128, lower: 0, upper: 255)
    let tables = (
      zero: PinnedArray([Int32](repeating: 0, count: columns)),
      multiplier: PinnedArray([Int32](repeating: 1 << 30, count: columns)),
      right: PinnedArray([Int32](repeating: 14, count: columns)),
      rounding: PinnedArray([Int32](repeating: (1 << 14) - 1, count: columns)),
      floatMultiplier: PinnedArray([Float](repeating: multiplier.multiplier, count: columns)),
      floatNudge: PinnedArray([Float](repeating: multiplier.nudge, count: columns)),
      floatLimit: PinnedArray([Float](repeating: multiplier.limit, count: columns))
    )
    let table: RequantizationTable = (
      bias: tables.zero.pointer, multiplier: tables.multiplier.pointer,
      leftShift: tables.zero.pointer, rightShift: tables.right.pointer,
      roundingMask: tables.rounding.pointer, floatMultiplier: tables.floatMultiplier.pointer,
      floatNudge: tables.floatNudge.pointer, floatLimit: tables.floatLimit.pointer, scale: nil,
      uniform: true, outputOffset: 128, lower: 0, upper: 255
    )
    var output = [UInt8](repeating: 0, count: c.m * c.n)
    withExtendedLifetime((tables, panels)) {
      a.withUnsafeBufferPointer { rows in
        output.withUnsafeMutableBufferPointer { out in
          let operands: QuantizedGEMMOperands = (
            m: c.m, n: c.n, k: c.k, chunk: c.chunk, a: rows.baseAddress!, lda: c.k,
            packed: UnsafeRawPointer(panels.pointer), format: format,
            panelStride: c.k * entry.columnTile,
            requantization: table, c: out.baseAddress!, ldc: c.n
          )
          entry.quantizedMultiply(operands, 0..<c.m, 0..<entry.panelCount(c.n))
        }
      }
    }
    return output
  }
}
