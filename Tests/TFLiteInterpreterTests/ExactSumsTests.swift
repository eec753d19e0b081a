import OcellusKernels
import OcellusTestSupport
import TFLiteInterpreter
import Testing

/// The integer GEMM stopped at its Int32 sums (`exactSums`, the hybrid kernels' fast path) on
/// int8 weights packed as bytes and as floats, against the sums computed here in Int64 and
/// wrapped to Int32 as TFLite's accumulator wraps, on every kernel build this CPU runs: chunks
/// that end inside a row, partial panels, few rows (bytes widened per tile) and many (each
/// panel widened once), and extreme values (−128 weights, ±255 activations).
@Suite("exact integer sums on byte panels")
struct ExactSumsTests {
  /// One GEMM: `m × k` activations in −255...255 (`extreme`: only ±255), `n × k` int8 weights
  /// (`extreme`: only −128 and 127), at most `chunk` products per float sum.
  struct Case {
    var m, n, k, chunk: Int
    var extreme = false
  }

  static let cases: [Case] = [
    Case(m: 1, n: 1, k: 1, chunk: 128),
    Case(m: 1, n: 37, k: 300, chunk: 128),
    Case(m: 7, n: 16, k: 27, chunk: 10),
    Case(m: 13, n: 33, k: 257, chunk: 128, extreme: true),
    Case(m: 40, n: 20, k: 70, chunk: 64),
    Case(m: 70, n: 48, k: 600, chunk: 128, extreme: true),
  ]

  @Test("byte and float panels give the Int32 sums", arguments: 0..<6)
  func matchesReference(_ index: Int) {
    let c = Self.cases[index]
    var rng = SplitMix64(seed: 0xE5AC7 + UInt64(index))
    let activations = (0..<(c.m * c.k)).map { _ in
      Float(
        c.extreme
          ? (Bool.random(using: &rng) ? 255 : -255) : Int.random(in: -255...255, using: &rng))
    }
    let weights = (0..<(c.n * c.k)).map { _ in
      c.extreme ? (Bool.random(using: &rng) ? 0x80 : 0x7F) : UInt8.random(in: 0...255, using: &rng)
    }
    let expected = Self.reference(c, activations, weights)
    for build in KernelBuilds.hosted {
      for format in [PanelFormat.int8, .float] {
        let got = Self.run(c, activations, weights, format: format, entry: build.entry)
        #expect(got == expected, "\(build.name), \(format), case \(index)")
      }
    }
  }

  static func reference(_ c: Case, _ a: [Float], _ w: [UInt8]) -> [Int32] {
    (0..<(c.m * c.n)).map { index in
      let (row, column) = (index / c.n, index % c.n)
      var sum: Int64 = 0
      for kk in 0..<c.k {
        sum += Int64(a[row * c.k + kk]) * Int64(Int8(bitPattern: w[column * c.k + kk]))
      }
      return Int32(truncatingIfNeeded: sum)
    }
  }

  static func run(
    _ c: Case, _ a: [Float], _ w: [UInt8], format: PanelFormat, entry: KernelEntryPoints
  ) -> [Int32] {
    let panels = TestPanels(
      w, n: c.n, k: c.k, format: format, signed: true, zeroPoint: 0, entry: entry)
    var sums = [Int32](repeating: 0, count: c.m * c.n)
    withExtendedLifetime(panels) {
      a.withUnsafeBufferPointer { rows in
        sums.withUnsafeMutableBufferPointer { out in
          let operands: ExactSumsOperands = (
            m: c.m, n: c.n, k: c.k, chunk: c.chunk, a: rows.baseAddress!, lda: c.k,
            packed: UnsafeRawPointer(panels.pointer), format: format,
            panelStride: c.k * entry.columnTile,
            sums: out.baseAddress!, ldc: c.n
          )
          entry.exactSums(operands, 0..<c.m, 0..<entry.panelCount(c.n))
        }
      }
    }
    return sums
  }
}
