import Imaging
import OcellusTestSupport
import Testing

/// The resize against a plain scalar implementation of Pillow's arithmetic as documented on
/// `ResamplingFilter` (real weights normalized by their sum, 22-bit fixed point, horizontal
/// pass over the whole image into 8 bits, then the vertical pass), written here
/// independently: results must be identical.
@Suite("Resize against a scalar reference")
struct ResizeReferenceTests {
  /// Each output's (first source index, 22-bit weights) for a filter.
  static func taps(source: Int, output: Int, filter: ResamplingFilter) -> [(Int, [Int])] {
    let scale = Double(source) / Double(output)
    return (0..<output).map { i in
      let center = (Double(i) + 0.5) * scale
      var start = 0
      var raw: [Double] = []
      let sampling = filter == .bilinearSampling || (filter == .area && scale <= 2)
      if sampling {
        let src = min(max(center - 0.5, 0), Double(source - 1))
        start = Int(src.rounded(.down))
        let f = src - Double(start)
        raw = start + 1 < source && f > 0 ? [1 - f, f] : [1]
      } else if filter == .area {
        let a = Double(i) * scale
        let b = Double(i + 1) * scale
        start = Int(a.rounded(.down))
        var j = start
        while j < source && Double(j) < b {
          raw.append(min(b, Double(j + 1)) - max(a, Double(j)))
          j += 1
        }
      } else {
        // Pillow's precompute_coeffs, BILINEAR (support 1.0).
        let filterScale = max(scale, 1)
        let support = 1.0 * filterScale
        let ss = 1.0 / filterScale
        start = max(Int(center - support + 0.5), 0)
        let end = min(Int(center + support + 0.5), source)
        raw = (start..<end).map { j in
          let x = abs((Double(j) - center + 0.5) * ss)
          return x < 1 ? 1 - x : 0
        }
      }
      let total = raw.reduce(0, +)
      return (start, raw.map { Int(0.5 + $0 / total * Double(1 << 22)) })
    }
  }

  static func clip8(_ sum: Int) -> Int { min(max(sum >> 22, 0), 255) }

  static func reference(
    _ pixels: [UInt8], width: Int, height: Int, channels: Int, outWidth: Int, outHeight: Int,
    filter: ResamplingFilter
  ) -> [UInt8] {
    let xs = taps(source: width, output: outWidth, filter: filter)
    let ys = taps(source: height, output: outHeight, filter: filter)
    // Horizontal pass over every row.
    var temp = [Int](repeating: 0, count: height * outWidth * channels)
    for y in 0..<height {
      for (k, (x0, wx)) in xs.enumerated() {
        for c in 0..<channels {
          var sum = 1 << 21
          for (dx, w) in wx.enumerated() {
            sum += w * Int(pixels[(y * width + x0 + dx) * channels + c])
          }
          temp[(y * outWidth + k) * channels + c] = clip8(sum)
        }
      }
    }
    var out: [UInt8] = []
    for (y0, wy) in ys {
      for k in 0..<outWidth {
        for c in 0..<channels {
          var sum = 1 << 21
          for (dy, w) in wy.enumerated() {
            sum += w * temp[((y0 + dy) * outWidth + k) * channels + c]
          }
          out.append(UInt8(clip8(sum)))
        }
      }
    }
    return out
  }

  @Test(
    "Gray, RGB, RGBA; enlarge, mild and strong shrink; all filters",
    arguments: [(PixelFormat.gray8, 1), (.rgb8, 3), (.rgba8, 4)])
  func matchesScalar(format: PixelFormat, channels: Int) throws {
    var rng = SplitMix64(seed: 99)
    let width = 53
    let height = 37
    let pixels = (0..<(width * height * channels)).map { _ in UInt8(truncatingIfNeeded: rng.next())
    }
    let image = try PixelImage(width: width, height: height, format: format, bytes: pixels)
    for (ow, oh) in [(53, 37), (71, 40), (30, 20), (9, 5), (1, 1), (5, 33), (200, 3)] {
      for filter in [ResamplingFilter.bilinear, .bilinearSampling, .area] {
        let got = try image.resized(width: ow, height: oh, filter: filter).planes[0].bytes
        let expected = Self.reference(
          pixels, width: width, height: height, channels: channels, outWidth: ow, outHeight: oh,
          filter: filter)
        #expect(got == expected, "\(format) → \(ow)×\(oh) \(filter)")
      }
    }
  }
}
