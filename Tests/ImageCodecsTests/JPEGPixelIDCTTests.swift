import Foundation
import ImageCodecs
import OcellusTestSupport
import Testing

/// The islow inverse DCT: every kernel build this CPU runs (``JPEGKernelSet/available``) against
/// the scalar reference on random, sparse and extreme (corrupt) blocks; the reference against
/// libjpeg's portable C on blocks real pixels produce; and hand-computed facts.
@Suite("JPEG pixels: inverse DCT")
struct JPEGPixelIDCTTests {
  /// Random quantizers in `range`.
  static func quantizers(_ rng: inout SplitMix64, _ range: ClosedRange<UInt16>) -> [UInt16] {
    (0..<64).map { _ in UInt16.random(in: range, using: &rng) }
  }

  @Test(
    "vectorized == scalar reference on fully random blocks (any Int16, any 16-bit quantizer)",
    arguments: JPEGKernelSet.available)
  func randomExtremeBlocks(kernels: JPEGKernelSet) {
    var rng = SplitMix64(seed: 0x1D_C7)
    var mismatches = 0
    for _ in 0..<20_000 {
      let coefficients = (0..<64).map { _ in Int16.random(in: .min ... .max, using: &rng) }
      let quant = Self.quantizers(&rng, 0...UInt16.max)
      if kernels.inverseDCT(coefficients, quantization: quant)
        != JPEGIDCTReference.transform(coefficients, quantization: quant)
      {
        mismatches += 1
      }
    }
    #expect(mismatches == 0)
  }

  @Test(
    "vectorized == scalar reference on sparse blocks (DC-only and row-0-only shortcuts)",
    arguments: JPEGKernelSet.available)
  func sparseBlocks(kernels: JPEGKernelSet) {
    var rng = SplitMix64(seed: 0x5EED)
    var mismatches = 0
    var dcOnly = 0
    var rowZeroOnly = 0
    for trial in 0..<30_000 {
      var coefficients = [Int16](repeating: 0, count: 64)
      let extreme = trial % 3 == 0
      let magnitude: Int16 = extreme ? .max : 600
      // Choose which positions may be non-zero: DC only, row 0 only, or a few anywhere.
      let positions: [Int]
      switch trial % 4 {
      case 0: positions = [0]
      case 1: positions = Array(0..<8)
      case 2: positions = [0, Int.random(in: 1..<64, using: &rng)]
      default: positions = (0..<3).map { _ in Int.random(in: 0..<64, using: &rng) }
      }
      for p in positions where Bool.random(using: &rng) || p == 0 {
        coefficients[p] = Int16.random(in: -magnitude...magnitude, using: &rng)
      }
      if coefficients[1...].allSatisfy({ $0 == 0 }) { dcOnly += 1 }
      if coefficients[8...].allSatisfy({ $0 == 0 }) { rowZeroOnly += 1 }
      let quant = Self.quantizers(&rng, extreme ? 0...UInt16.max : 1...255)
      if kernels.inverseDCT(coefficients, quantization: quant)
        != JPEGIDCTReference.transform(coefficients, quantization: quant)
      {
        mismatches += 1
      }
    }
    #expect(mismatches == 0)
    #expect(dcOnly > 5_000)
    #expect(rowZeroOnly > 10_000)
  }

  @Test(
    "row entry == scalar reference on dense random blocks at every scale, most samples unclamped",
    arguments: JPEGKernelSet.available)
  func denseBlocksThroughRowEntry(kernels: JPEGKernelSet) {
    // (coefficient magnitude, largest quantizer): the first four give samples mostly inside
    // 1...254, where a rounding or constant slip shows; the rest reach 16-bit wrapping sums,
    // pass-1 saturation and clamped samples.
    let scales: [(Int16, UInt16)] = [
      (8, 16), (32, 4), (100, 1), (300, 2), (2000, 60), (1024, 255), (.max, .max),
    ]
    var rng = SplitMix64(seed: 0xD3_45E)
    var mismatches = 0
    var blocksChecked = 0
    var unclamped = 0
    for trial in 0..<4_000 {
      let count = 1 + trial % 16
      let (magnitude, largest) = scales[trial % scales.count]
      let quant = Self.quantizers(&rng, 1...largest)
      let blocks = (0..<(64 * count)).map { _ in
        Int16.random(in: -magnitude...magnitude, using: &rng)
      }
      let (samples, _) = kernels.inverseDCTRow(blocks, quantization: quant, clearing: false)
      for block in 0..<count {
        let expected = JPEGIDCTReference.transform(
          Array(blocks[(block * 64)..<(block * 64 + 64)]), quantization: quant)
        let got = (0..<64).map { samples[($0 / 8) * 8 * count + block * 8 + $0 % 8] }
        if got != expected { mismatches += 1 }
        blocksChecked += 1
        unclamped += expected.count { $0 != 0 && $0 != 255 }
      }
    }
    #expect(mismatches == 0, "\(kernels): \(mismatches) of \(blocksChecked) blocks differ")
    // Coverage, not speed: at least a third of all samples are unclamped.
    #expect(unclamped * 3 > blocksChecked * 64)
  }

  /// JPEG's forward DCT of an 8 × 8 block of samples (level-shifted by 128), quantized with
  /// `quant` and rounded: the coefficients an encoder writes for those pixels.
  static func encode(_ pixels: [Double], _ quant: [UInt16]) -> [Int16] {
    var coefficients = [Int16](repeating: 0, count: 64)
    for v in 0..<8 {
      for u in 0..<8 {
        var sum = 0.0
        for y in 0..<8 {
          for x in 0..<8 {
            sum +=
              (pixels[y * 8 + x] - 128) * cos(Double(2 * x + 1) * Double(u) * .pi / 16)
              * cos(Double(2 * y + 1) * Double(v) * .pi / 16)
          }
        }
        let cu = u == 0 ? 1 / 2.0.squareRoot() : 1
        let cv = v == 0 ? 1 / 2.0.squareRoot() : 1
        let f = 0.25 * cu * cv * sum
        coefficients[v * 8 + u] = Int16((f / Double(quant[v * 8 + u])).rounded())
      }
    }
    return coefficients
  }

  @Test(
    "on blocks real pixels produce, all three agree: vectorized, reference, libjpeg's C",
    arguments: JPEGKernelSet.available)
  func validBlocksMatchPortableC(kernels: JPEGKernelSet) {
    var rng = SplitMix64(seed: 42)
    var mismatches = 0
    for trial in 0..<600 {
      // Smooth gradients, noise and hard edges.
      let a = Double.random(in: 0...255, using: &rng)
      let b = Double.random(in: -30...30, using: &rng)
      let c = Double.random(in: -30...30, using: &rng)
      let pixels: [Double] = (0..<64).map { i in
        let x = Double(i % 8)
        let y = Double(i / 8)
        switch trial % 3 {
        case 0: return min(max(a + b * x + c * y, 0), 255)
        case 1: return Double.random(in: 0...255, using: &rng)
        default: return (i % 8 < 4) != (i / 8 < 4) ? 255 : 0
        }
      }
      let quant = Self.quantizers(&rng, 1...(trial % 2 == 0 ? 8 : 255))
      let coefficients = Self.encode(pixels, quant)
      let fast = kernels.inverseDCT(coefficients, quantization: quant)
      if fast != JPEGIDCTReference.transform(coefficients, quantization: quant)
        || fast != JPEGIDCTPortable.transform(coefficients, quantization: quant)
      {
        mismatches += 1
      }
      if trial % 3 == 0 && quant.allSatisfy({ $0 == 1 }) {
        // Lossless quantization reproduces the pixels within rounding.
        for i in 0..<64 { #expect(abs(Int(fast[i]) - Int(pixels[i].rounded())) <= 2) }
      }
    }
    #expect(mismatches == 0)
  }

  @Test(
    "hand-computed blocks: zero, DC-only, and a corrupt DC where SIMD and C differ",
    arguments: JPEGKernelSet.available)
  func facts(kernels: JPEGKernelSet) {
    let flat = [UInt16](repeating: 16, count: 64)
    var zero = [Int16](repeating: 0, count: 64)
    #expect(kernels.inverseDCT(zero, quantization: flat) == [UInt8](repeating: 128, count: 64))
    // DC 10 × 16 = 160; pass 1: 160 << 2 = 640; pass 2: (640 + 16) >> 5 = 20; + 128.
    zero[0] = 10
    #expect(kernels.inverseDCT(zero, quantization: flat) == [UInt8](repeating: 148, count: 64))
    #expect(
      JPEGIDCTPortable.transform(zero, quantization: flat) == [UInt8](repeating: 148, count: 64))
    // DC 300 × 200 = 60000: in 16 bits −5536; << 2 = −22144; (−22144 + 16) >> 5 = −692 → 0.
    // libjpeg's C keeps 60000: (240000 + 16) >> 5 = 7500; 7500 & 1023 = 332 → table → 255.
    var corrupt = [Int16](repeating: 0, count: 64)
    corrupt[0] = 300
    let quant = [UInt16](repeating: 200, count: 64)
    #expect(kernels.inverseDCT(corrupt, quantization: quant) == [UInt8](repeating: 0, count: 64))
    #expect(
      JPEGIDCTReference.transform(corrupt, quantization: quant) == [UInt8](repeating: 0, count: 64))
    #expect(
      JPEGIDCTPortable.transform(corrupt, quantization: quant) == [UInt8](repeating: 255, count: 64)
    )
    // A single AC01 coefficient gives a horizontal cosine: left columns brighter, symmetric.
    var ac = [Int16](repeating: 0, count: 64)
    ac[1] = 20
    let cosine = kernels.inverseDCT(ac, quantization: flat)
    #expect(cosine[0] > cosine[3] && cosine[3] > 128 && cosine[4] < 128 && cosine[7] < cosine[4])
    #expect(abs(Int(cosine[0]) + Int(cosine[7]) - 256) <= 1)
    #expect((0..<8).allSatisfy { r in (0..<8).allSatisfy { cosine[r * 8 + $0] == cosine[$0] } })
  }

  @Test("the range-limit table is jdmaster.c's: clamp for samples, wrap modulo 1024 after the IDCT")
  func rangeLimitTable() {
    let table = JPEGRangeLimitTable()
    #expect(table.table.count == 5 * 256 + 128)
    #expect(table.sample(-256) == 0 && table.sample(-1) == 0 && table.sample(0) == 0)
    #expect(table.sample(200) == 200 && table.sample(255) == 255 && table.sample(639) == 255)
    #expect(
      table.idctSample(0) == 128 && table.idctSample(127) == 255 && table.idctSample(-128) == 0)
    #expect(table.idctSample(383) == 255 && table.idctSample(-384) == 0)
    #expect(table.idctSample(-1) == 127 && table.idctSample(-129) == 0)
    // Beyond ±384 libjpeg's mask wraps: 1024 + 5 looks like 5.
    #expect(table.idctSample(1029) == 133 && table.idctSample(-1019) == 133)
    #expect(table.idctSample(600) == 0 && table.idctSample(-600) == 255)
  }
}
