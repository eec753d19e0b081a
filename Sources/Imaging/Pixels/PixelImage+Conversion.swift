extension PixelImage {
  /// This image in another packed pixel format: RGBA8, BGRA8, RGB8 or Gray8.
  ///
  /// Any format converts, YUV included:
  /// - YUV → RGB uses the image's ``YUVColorSpace`` with the fixed-point equations documented
  ///   on ``YUVColorSpace`` (16 fractional bits, round half up, clamped). Chroma is
  ///   sampled nearest: pixel (x, y) uses the chroma sample (x / 2, y / 2) (integer division),
  ///   so each 2×2 block of luma shares one chroma sample, with no interpolation (for odd
  ///   sizes the last column/row uses the last, half-covered chroma sample).
  /// - RGB → gray is Pillow's `convert("L")`: `(R·19595 + G·38470 + B·7471 + 32768) >> 16`
  ///   (BT.601 luma weights 0.299, 0.587, 0.114 in 16.16 fixed point). YUV → gray goes through
  ///   RGB first.
  /// - Gray → RGB copies the level into R, G and B.
  /// - Alpha is dropped when the target has none (not composited, as Pillow's
  ///   `convert("RGB")`); a target with alpha gets 255 when the source has none.
  ///
  /// Converting to the image's own format returns it unchanged. The result is tightly packed.
  /// - Throws: ``ImageError/unsupportedFormat(_:operation:)`` for a YUV target.
  public func converted(to target: PixelFormat) throws(ImageError) -> PixelImage {
    if target == format { return self }
    let outBytesPerPixel: Int
    switch target {
    case .rgba8, .bgra8: outBytesPerPixel = 4
    case .rgb8: outBytesPerPixel = 3
    case .gray8: outBytesPerPixel = 1
    case .nv12, .nv21, .i420:
      throw .unsupportedFormat(target, operation: "conversion to a YUV format")
    }
    let width = self.width
    let height = self.height
    var output = [UInt8](repeating: 0, count: width * height * outBytesPerPixel)
    var row = [UInt8](repeating: 0, count: width * 4)
    output.withUnsafeMutableBufferPointer { out in
      row.withUnsafeMutableBufferPointer { rgba in
        guard let outBase = out.baseAddress, let r = rgba.baseAddress else { return }
        for y in 0..<height {
          readRGBARow(y, into: r)
          let o = outBase + y * width * outBytesPerPixel
          switch target {
          case .rgba8:
            o.update(from: r, count: width * 4)
          case .bgra8:
            Self.swapRedAndBlue(r, into: o, pixels: width)
          case .rgb8:
            for x in 0..<width {
              o[3 * x] = r[4 * x]
              o[3 * x + 1] = r[4 * x + 1]
              o[3 * x + 2] = r[4 * x + 2]
            }
          default:
            for x in 0..<width {
              o[x] = LumaWeights.gray(r[4 * x], r[4 * x + 1], r[4 * x + 2])
            }
          }
        }
      }
    }
    return try PixelImage(width: width, height: height, format: target, bytes: output)
  }

  /// Copies `pixels` four-byte pixels from `source` to `target` with bytes 0 and 2 swapped:
  /// BGRA to RGBA, or RGBA to BGRA.
  static func swapRedAndBlue(
    _ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, pixels: Int
  ) {
    for x in 0..<pixels {
      target[4 * x] = source[4 * x + 2]
      target[4 * x + 1] = source[4 * x + 1]
      target[4 * x + 2] = source[4 * x]
      target[4 * x + 3] = source[4 * x + 3]
    }
  }

  /// Writes row `y` (0..<height) as R, G, B, A bytes (`width × 4`) to `rgba`.
  func readRGBARow(_ y: Int, into rgba: UnsafeMutablePointer<UInt8>) {
    let width = self.width
    switch format {
    case .rgba8, .bgra8, .rgb8, .gray8:
      planes[0].bytes.withUnsafeBufferPointer { plane in
        guard let base = plane.baseAddress else { return }
        let p = base + y * planes[0].bytesPerRow
        switch format {
        case .rgba8:
          rgba.update(from: p, count: width * 4)
        case .bgra8:
          Self.swapRedAndBlue(p, into: rgba, pixels: width)
        case .rgb8:
          for x in 0..<width {
            rgba[4 * x] = p[3 * x]
            rgba[4 * x + 1] = p[3 * x + 1]
            rgba[4 * x + 2] = p[3 * x + 2]
            rgba[4 * x + 3] = 255
          }
        default:
          for x in 0..<width {
            let g = p[x]
            rgba[4 * x] = g
            rgba[4 * x + 1] = g
            rgba[4 * x + 2] = g
            rgba[4 * x + 3] = 255
          }
        }
      }
    case .nv12(let space), .nv21(let space):
      let converter = YUVToRGBConverter(space)
      let (cbOffset, crOffset) = format == .nv12(space) ? (0, 1) : (1, 0)
      planes[0].bytes.withUnsafeBufferPointer { lumaPlane in
        planes[1].bytes.withUnsafeBufferPointer { chromaPlane in
          guard let lumaBase = lumaPlane.baseAddress, let chromaBase = chromaPlane.baseAddress
          else { return }
          let luma = lumaBase + y * planes[0].bytesPerRow
          let chroma = chromaBase + (y >> 1) * planes[1].bytesPerRow
          for x in 0..<width {
            let c = (x >> 1) * 2
            let (r, g, b) = converter.rgb(
              y: luma[x], cb: chroma[c + cbOffset], cr: chroma[c + crOffset])
            rgba[4 * x] = r
            rgba[4 * x + 1] = g
            rgba[4 * x + 2] = b
            rgba[4 * x + 3] = 255
          }
        }
      }
    case .i420(let space):
      let converter = YUVToRGBConverter(space)
      planes[0].bytes.withUnsafeBufferPointer { lumaPlane in
        planes[1].bytes.withUnsafeBufferPointer { cbPlane in
          planes[2].bytes.withUnsafeBufferPointer { crPlane in
            guard let lumaBase = lumaPlane.baseAddress, let cbBase = cbPlane.baseAddress,
              let crBase = crPlane.baseAddress
            else { return }
            let luma = lumaBase + y * planes[0].bytesPerRow
            let cb = cbBase + (y >> 1) * planes[1].bytesPerRow
            let cr = crBase + (y >> 1) * planes[2].bytesPerRow
            for x in 0..<width {
              let (r, g, b) = converter.rgb(y: luma[x], cb: cb[x >> 1], cr: cr[x >> 1])
              rgba[4 * x] = r
              rgba[4 * x + 1] = g
              rgba[4 * x + 2] = b
              rgba[4 * x + 3] = 255
            }
          }
        }
      }
    }
  }
}
