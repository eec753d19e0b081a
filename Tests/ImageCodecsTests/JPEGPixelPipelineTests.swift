import ImageCodecs
import OcellusTestSupport
import Testing

/// Upsampling and color conversion: the fast row pipeline, with every kernel build this CPU runs
/// (``JPEGKernelSet/available``), against the scalar reference on random planes for every
/// sampling layout and conversion, libjpeg's method choice, and hand-computed values.
@Suite("JPEG pixels: upsampling and color conversion")
struct JPEGPixelPipelineTests {
  /// Random planes for `sampling` (per component H, V) and a `width` × `height` image.
  static func planes(
    _ sampling: [(Int, Int)], width: Int, height: Int, rng: inout SplitMix64
  ) -> [JPEGSamplePlane] {
    let maxH = sampling.map(\.0).max()!
    let maxV = sampling.map(\.1).max()!
    return sampling.map { h, v in
      let w = (width * h + maxH - 1) / maxH
      let ht = (height * v + maxV - 1) / maxV
      // Mix smooth ramps with noise and saturated values so clamping is exercised.
      let samples: [UInt8] = (0..<(w * ht)).map { i in
        switch UInt8.random(in: 0...3, using: &rng) {
        case 0: return 0
        case 1: return 255
        case 2: return UInt8(truncatingIfNeeded: (i % w) * 7 + (i / w) * 3)
        default: return UInt8.random(in: 0...255, using: &rng)
        }
      }
      return JPEGSamplePlane(
        horizontalSampling: h, verticalSampling: v, width: w, height: ht, samples: samples)
    }
  }

  /// Channel `channel` (0 = R … 3 = A) of every pixel of an RGBA buffer.
  static func channel(_ rgba: [UInt8], _ channel: Int) -> [UInt8] {
    stride(from: channel, to: rgba.count, by: 4).map { rgba[$0] }
  }

  static let layouts: [(JPEGColorConversion, [(Int, Int)])] = [
    (.grayscale, [(1, 1)]), (.grayscale, [(2, 2)]), (.grayscale, [(3, 1)]),
    (.ycbcr, [(1, 1), (1, 1), (1, 1)]), (.ycbcr, [(2, 1), (1, 1), (1, 1)]),
    (.ycbcr, [(2, 2), (1, 1), (1, 1)]), (.ycbcr, [(1, 2), (1, 1), (1, 1)]),
    (.ycbcr, [(4, 1), (1, 1), (1, 1)]), (.ycbcr, [(4, 2), (1, 1), (1, 1)]),
    (.ycbcr, [(2, 2), (1, 2), (2, 1)]), (.ycbcr, [(3, 1), (1, 1), (1, 1)]),
    (.ycbcr, [(1, 1), (2, 2), (2, 2)]), (.ycbcr, [(4, 4), (2, 2), (1, 1)]),
    (.ycbcr, [(2, 4), (1, 2), (1, 1)]), (.ycbcr, [(3, 2), (1, 1), (1, 2)]),
    (.rgb, [(1, 1), (1, 1), (1, 1)]), (.rgb, [(2, 2), (1, 1), (1, 1)]),
    (.cmyk, [(1, 1), (1, 1), (1, 1), (1, 1)]), (.cmyk, [(2, 2), (1, 1), (1, 1), (1, 1)]),
    (.ycck, [(1, 1), (1, 1), (1, 1), (1, 1)]), (.ycck, [(2, 1), (1, 1), (1, 1), (1, 2)]),
    (.ycck, [(2, 2), (1, 1), (1, 1), (2, 2)]),
  ]

  @Test(
    "fast rows == scalar reference on random planes, every layout, sizes 1...70",
    arguments: JPEGKernelSet.available)
  func fastMatchesReference(kernels: JPEGKernelSet) throws {
    var rng = SplitMix64(seed: 0xC0_10_2)
    let sizes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 70]
    var checked = 0
    for (conversion, sampling) in Self.layouts {
      for width in sizes {
        for height in [1, 2, 3, 5, 8, 9, 16, 17, 33]
        where (width * 7 + height) % 3 != 1 || width < 4 {
          let planes = Self.planes(sampling, width: width, height: height, rng: &rng)
          let fast = try JPEGPixelPipeline.render(
            planes: planes, width: width, height: height, conversion: conversion,
            kernels: kernels)
          let reference = try JPEGPixelPipelineReference.render(
            planes: planes, width: width, height: height, conversion: conversion)
          #expect(fast.count == width * height * 4)
          if fast != reference {
            Issue.record("\(conversion) \(sampling) \(width)×\(height): fast and reference differ")
          }
          checked += 1
        }
      }
    }
    #expect(checked > 2_000)
  }

  @Test(
    "a larger random 4:2:0 image (several row groups, odd size)", arguments: JPEGKernelSet.available
  )
  func larger(kernels: JPEGKernelSet) throws {
    var rng = SplitMix64(seed: 7)
    let planes = Self.planes([(2, 2), (1, 1), (1, 1)], width: 333, height: 251, rng: &rng)
    let fast = try JPEGPixelPipeline.render(
      planes: planes, width: 333, height: 251, conversion: .ycbcr, kernels: kernels)
    let reference = try JPEGPixelPipelineReference.render(
      planes: planes, width: 333, height: 251, conversion: .ycbcr)
    #expect(fast == reference)
    #expect(stride(from: 3, to: fast.count, by: 4).allSatisfy { fast[$0] == 255 })
  }

  @Test("libjpeg-turbo's upsampling choice (jdsample.c jinit_upsampler)")
  func selection() {
    func pick(_ h: Int, _ v: Int, _ mh: Int, _ mv: Int, width: Int = 100) -> JPEGUpsampling? {
      JPEGUpsampling.select(
        horizontal: h, vertical: v, maxHorizontal: mh, maxVertical: mv, downsampledWidth: width)
    }
    #expect(pick(2, 2, 2, 2) == .fullSize)
    #expect(pick(1, 1, 2, 1) == .h2v1Fancy)
    #expect(pick(2, 1, 4, 1) == .h2v1Fancy)
    #expect(pick(1, 1, 1, 2) == .h1v2Fancy)
    #expect(pick(1, 1, 1, 2, width: 1) == .h1v2Fancy)
    #expect(pick(1, 1, 2, 2) == .h2v2Fancy)
    #expect(pick(1, 1, 2, 2, width: 2) == .integral(horizontal: 2, vertical: 2))
    #expect(pick(1, 1, 2, 1, width: 2) == .integral(horizontal: 2, vertical: 1))
    #expect(pick(1, 1, 2, 2, width: 3) == .h2v2Fancy)
    #expect(pick(1, 1, 4, 1) == .integral(horizontal: 4, vertical: 1))
    #expect(pick(1, 1, 3, 2) == .integral(horizontal: 3, vertical: 2))
    #expect(pick(1, 2, 2, 4) == .h2v2Fancy)
    #expect(pick(2, 1, 3, 1) == nil)
    #expect(pick(3, 2, 4, 4) == nil)
  }

  @Test(
    "hand-computed triangle filters: h2v1, h2v2 and h1v2 on a ramp",
    arguments: JPEGKernelSet.available)
  func triangleFilters(kernels: JPEGKernelSet) throws {
    // R full-size, G a 3-sample ramp upsampled: h2v1 gives 0, 25, 75, 125, 175, 200.
    let ramp: [UInt8] = [0, 100, 200]
    let h2v1 = try JPEGPixelPipeline.render(
      planes: [
        JPEGSamplePlane(
          horizontalSampling: 2, verticalSampling: 1, width: 6, height: 1,
          samples: [UInt8](repeating: 9, count: 6)),
        JPEGSamplePlane(
          horizontalSampling: 1, verticalSampling: 1, width: 3, height: 1, samples: ramp),
        JPEGSamplePlane(
          horizontalSampling: 1, verticalSampling: 1, width: 3, height: 1, samples: [7, 7, 7]),
      ], width: 6, height: 1, conversion: .rgb, kernels: kernels)
    #expect(Self.channel(h2v1, 1) == ([0, 25, 75, 125, 175, 200] as [UInt8]))
    #expect(Self.channel(h2v1, 0) == ([9, 9, 9, 9, 9, 9] as [UInt8]))
    // h2v2 with one chroma row (its own context above and below): the same values, both rows.
    let h2v2 = try JPEGPixelPipeline.render(
      planes: [
        JPEGSamplePlane(
          horizontalSampling: 2, verticalSampling: 2, width: 6, height: 2,
          samples: [UInt8](repeating: 9, count: 12)),
        JPEGSamplePlane(
          horizontalSampling: 1, verticalSampling: 1, width: 3, height: 1, samples: ramp),
        JPEGSamplePlane(
          horizontalSampling: 1, verticalSampling: 1, width: 3, height: 1, samples: [7, 7, 7]),
      ], width: 6, height: 2, conversion: .rgb, kernels: kernels)
    #expect(
      Self.channel(h2v2, 1) == ([0, 25, 75, 125, 175, 200, 0, 25, 75, 125, 175, 200] as [UInt8]))
    // h1v2 on a column 0, 100: rows (3·0 + 0 + 1) >> 2 = 0, (3·0 + 100 + 2) >> 2 = 25,
    // (3·100 + 0 + 1) >> 2 = 75, (3·100 + 100 + 2) >> 2 = 100.
    let h1v2 = try JPEGPixelPipeline.render(
      planes: [
        JPEGSamplePlane(
          horizontalSampling: 1, verticalSampling: 2, width: 1, height: 4, samples: [1, 2, 3, 4]),
        JPEGSamplePlane(
          horizontalSampling: 1, verticalSampling: 1, width: 1, height: 2, samples: [0, 100]),
        JPEGSamplePlane(
          horizontalSampling: 1, verticalSampling: 1, width: 1, height: 2, samples: [5, 5]),
      ], width: 1, height: 4, conversion: .rgb, kernels: kernels)
    #expect(Self.channel(h1v2, 1) == ([0, 25, 75, 100] as [UInt8]))
    #expect(Self.channel(h1v2, 0) == ([1, 2, 3, 4] as [UInt8]))
  }

  @Test(
    "hand-computed colors: jdcolor.c YCbCr tables, gray, Pillow's CMYK and YCCK",
    arguments: JPEGKernelSet.available)
  func colors(kernels: JPEGKernelSet) throws {
    func one(_ conversion: JPEGColorConversion, _ values: [UInt8]) throws -> [UInt8] {
      let planes = values.map {
        JPEGSamplePlane(
          horizontalSampling: 1, verticalSampling: 1, width: 1, height: 1, samples: [$0])
      }
      let fast = try JPEGPixelPipeline.render(
        planes: planes, width: 1, height: 1, conversion: conversion, kernels: kernels)
      let reference = try JPEGPixelPipelineReference.render(
        planes: planes, width: 1, height: 1, conversion: conversion)
      #expect(fast == reference)
      return fast
    }
    #expect(try one(.ycbcr, [128, 128, 128]) == [128, 128, 128, 255])
    // R = 0 + ⌊(91881·−128 + 2^15) / 2^16⌋ = −179 → 0; G = ⌊(22554·128 + 2^15 + 46802·128) / 2^16⌋
    // = 135; B = ⌊(116130·−128 + 2^15) / 2^16⌋ → 0.
    #expect(try one(.ycbcr, [0, 0, 0]) == [0, 135, 0, 255])
    #expect(try one(.ycbcr, [255, 255, 255]) == [255, 121, 255, 255])
    #expect(try one(.ycbcr, [100, 90, 200]) == [201, 62, 33, 255])
    #expect(try one(.grayscale, [77]) == [77, 77, 77, 255])
    #expect(try one(.rgb, [1, 2, 3]) == [1, 2, 3, 255])
    // Pillow: k − MULDIV255(255 − c, k): (0, 255, 128, 200) → 0, 200, 100.
    #expect(try one(.cmyk, [0, 255, 128, 200]) == [0, 200, 100, 255])
    #expect(try one(.cmyk, [255, 255, 255, 255]) == [255, 255, 255, 255])
    // YCCK: C = 255 − clamp(R) etc., so the result is k − MULDIV255(clamp(R), k).
    #expect(try one(.ycck, [128, 128, 128, 255]) == [127, 127, 127, 255])
    #expect(try one(.ycck, [0, 0, 0, 100]) == [100, 47, 100, 255])
  }

  @Test("bad plane geometry is rejected, non-integral ratios are unsupported")
  func errors() {
    let plane = JPEGSamplePlane(
      horizontalSampling: 1, verticalSampling: 1, width: 4, height: 4,
      samples: [UInt8](repeating: 0, count: 16))
    #expect(throws: DecodeError.self) {
      try JPEGPixelPipeline.render(planes: [plane], width: 5, height: 4, conversion: .grayscale)
    }
    #expect(throws: DecodeError.self) {
      try JPEGPixelPipeline.render(
        planes: [plane, plane], width: 4, height: 4, conversion: .grayscale)
    }
    var short = plane
    short.samples.removeLast()
    #expect(throws: DecodeError.self) {
      try JPEGPixelPipeline.render(planes: [short], width: 4, height: 4, conversion: .grayscale)
    }
    let three = JPEGSamplePlane(
      horizontalSampling: 3, verticalSampling: 1, width: 6, height: 2,
      samples: [UInt8](repeating: 0, count: 12))
    let two = JPEGSamplePlane(
      horizontalSampling: 2, verticalSampling: 1, width: 4, height: 2,
      samples: [UInt8](repeating: 0, count: 8))
    for reference in [false, true] {
      do throws(DecodeError) {
        if reference {
          _ = try JPEGPixelPipelineReference.render(
            planes: [three, two, two], width: 6, height: 2, conversion: .ycbcr)
        } else {
          _ = try JPEGPixelPipeline.render(
            planes: [three, two, two], width: 6, height: 2, conversion: .ycbcr)
        }
        Issue.record("3:2 sampling decoded")
      } catch {
        guard case .unsupported = error else {
          Issue.record("expected .unsupported, got \(error)")
          continue
        }
      }
    }
    #expect(throws: DecodeError.self) {
      try JPEGPixelPipeline.render(
        planes: [plane], width: 4, height: 4, conversion: .grayscale,
        limits: DecodeLimits(maxPixels: 15))
    }
  }
}
