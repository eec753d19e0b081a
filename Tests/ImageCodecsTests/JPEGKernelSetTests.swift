import ImageCodecs
import OcellusKernels
import OcellusTestSupport
import Testing

/// The choice of JPEG kernel build (``JPEGKernelSet``) and the inverse DCT's row entry, which
/// the decoder calls once per block row.
@Suite("JPEG pixels: kernel builds")
struct JPEGKernelSetTests {
  @Test("every build this CPU runs is available, portable first; detected is one of them")
  func availability() {
    let variants = JPEGKernelSet.available.map(\.variant)
    #expect(variants.first == .portable)
    let host = CPUFeatures.host
    #if arch(x86_64)
      #expect(variants.contains(.avx2) == host.supportsAVX2)
      #expect(variants.contains(.avx512) == host.supportsAVX512)
      #expect(variants.contains(.avx512vnni) == host.supportsVNNI)
    #else
      #expect(variants == [.portable])
    #endif
    #expect(JPEGKernelSet.available.contains(JPEGKernelSet.detected))
    #expect(JPEGKernelSet(.portable) != nil)
  }

  @Test(
    "the row entry == the reference block by block, and clears the blocks when asked",
    arguments: JPEGKernelSet.available)
  func rowEntry(kernels: JPEGKernelSet) {
    var rng = SplitMix64(seed: 0x80_77)
    for trial in 0..<300 {
      let count = 1 + trial % 9
      // Mostly sparse blocks (as real files), some dense, some DC-only.
      let blocks: [Int16] = (0..<(64 * count)).map { i in
        let position = i % 64
        switch (trial + i / 64) % 3 {
        case 0: return position == 0 ? Int16.random(in: -900...900, using: &rng) : 0
        case 1:
          return position < 20 && Bool.random(using: &rng)
            ? Int16.random(in: -300...300, using: &rng) : 0
        default: return Int16.random(in: -2000...2000, using: &rng)
        }
      }
      let quant = (0..<64).map { _ in UInt16.random(in: 1...60, using: &rng) }
      let clearing = trial % 2 == 0
      let (samples, after) = kernels.inverseDCTRow(blocks, quantization: quant, clearing: clearing)
      for block in 0..<count {
        let expected = JPEGIDCTReference.transform(
          Array(blocks[(block * 64)..<(block * 64 + 64)]), quantization: quant)
        let got = (0..<64).map { samples[($0 / 8) * 8 * count + block * 8 + $0 % 8] }
        if got != expected { Issue.record("\(kernels) block \(block) of \(count) differs") }
      }
      #expect(after == (clearing ? [Int16](repeating: 0, count: blocks.count) : blocks))
    }
  }
}
