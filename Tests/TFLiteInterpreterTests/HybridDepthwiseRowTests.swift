import OcellusKernels
import OcellusTestSupport
import Testing

/// Hybrid DEPTHWISE_CONV_2D's row sums (`hybridDepthwiseRow`) on every kernel build this CPU
/// runs, against `Σ_taps w · (q − offset)` computed here tap by tap: the 16-channel register
/// blocks and their scalar tail, extreme values (−128 weights, offsets −128 and 127, inputs at
/// both ends), depth multipliers, strides, dilations and padding.
@Suite("hybrid depthwise row sums")
struct HybridDepthwiseRowTests {
  /// One layer: `depth` input channels times `multiplier`, a `filter × filter` window.
  struct Case {
    var depth, multiplier, filter, stride, dilation, pad: Int
    var offset: Int32
    var extreme = false
  }

  static let cases: [Case] = [
    Case(depth: 16, multiplier: 1, filter: 3, stride: 1, dilation: 1, pad: 1, offset: 0),
    Case(depth: 37, multiplier: 1, filter: 3, stride: 2, dilation: 1, pad: 1, offset: -128),
    Case(depth: 48, multiplier: 1, filter: 5, stride: 1, dilation: 2, pad: 4, offset: 127),
    Case(
      depth: 32, multiplier: 1, filter: 3, stride: 1, dilation: 1, pad: 1, offset: -128,
      extreme: true),
    Case(
      depth: 33, multiplier: 1, filter: 3, stride: 1, dilation: 1, pad: 1, offset: 127,
      extreme: true),
    Case(depth: 9, multiplier: 2, filter: 3, stride: 1, dilation: 1, pad: 1, offset: 5),
    Case(depth: 8, multiplier: 3, filter: 2, stride: 2, dilation: 1, pad: 0, offset: -7),
  ]

  static let (height, width, outputWidth) = (5, 6, 6)

  @Test("every build gives the tap-by-tap sums", arguments: 0..<7)
  func matchesReference(_ index: Int) {
    let c = Self.cases[index]
    var rng = SplitMix64(seed: 0xD3E7 + UInt64(index))
    let channels = c.depth * c.multiplier
    let image = (0..<(Self.height * Self.width * c.depth)).map { _ in
      c.extreme
        ? (Bool.random(using: &rng) ? Int8.min : .max) : .random(in: .min ... .max, using: &rng)
    }
    let weights = (0..<(c.filter * c.filter * channels)).map { _ in
      c.extreme
        ? (Bool.random(using: &rng) ? Int8.min : .max) : .random(in: .min ... .max, using: &rng)
    }
    for oy in 0..<Self.height {
      let expected = Self.reference(c, oy: oy, image, weights)
      for build in KernelBuilds.hosted {
        #expect(
          Self.run(c, oy: oy, image, weights, build.entry) == expected, "\(build.name) row \(oy)")
      }
    }
  }

  static func reference(_ c: Case, oy: Int, _ image: [Int8], _ weights: [Int8]) -> [Int32] {
    let channels = c.depth * c.multiplier
    var sums = [Int32](repeating: 0, count: outputWidth * channels)
    for ox in 0..<outputWidth {
      for ky in 0..<c.filter {
        for kx in 0..<c.filter {
          let (y, x) = (
            oy * c.stride - c.pad + ky * c.dilation, ox * c.stride - c.pad + kx * c.dilation
          )
          guard (0..<height).contains(y), (0..<width).contains(x) else { continue }
          for oc in 0..<channels {
            let q = Int32(image[(y * width + x) * c.depth + oc / c.multiplier])
            let w = Int32(weights[(ky * c.filter + kx) * channels + oc])
            sums[ox * channels + oc] &+= w * (q - c.offset)
          }
        }
      }
    }
    return sums
  }

  static func run(
    _ c: Case, oy: Int, _ image: [Int8], _ weights: [Int8], _ entry: KernelEntryPoints
  ) -> [Int32] {
    let channels = c.depth * c.multiplier
    var sums = [Int32](repeating: -1, count: outputWidth * channels)
    image.withUnsafeBufferPointer { image in
      weights.withUnsafeBufferPointer { weights in
        sums.withUnsafeMutableBufferPointer { sums in
          entry.hybridDepthwiseRow(
            (
              image: image.baseAddress!, inputHeight: height, inputWidth: width, depth: c.depth,
              offset: c.offset, weights: weights.baseAddress!, filterHeight: c.filter,
              filterWidth: c.filter, multiplier: c.multiplier, channels: channels, oy: oy,
              outputWidth: outputWidth, strideHeight: c.stride, strideWidth: c.stride,
              dilationHeight: c.dilation, dilationWidth: c.dilation, padTop: c.pad,
              padLeft: c.pad, sums: sums.baseAddress!
            ))
        }
      }
    }
    return sums
  }
}
