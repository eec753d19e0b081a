/// Where a fit takes its source pixels and where it puts them in the output.
struct FitGeometry: Sendable, Equatable {
  /// The source region actually resampled: x, y, width, height (a sub-rectangle of the
  /// region given, for ``ImageFit/aspectFill``).
  var source: (x: Int, y: Int, width: Int, height: Int)
  /// The output rectangle the region fills (smaller than the output for
  /// ``ImageFit/aspectFit``; the rest is border).
  var content: (x: Int, y: Int, width: Int, height: Int)

  static func == (a: FitGeometry, b: FitGeometry) -> Bool {
    a.source == b.source && a.content == b.content
  }

  /// The geometry fitting the region `x, y, width, height` (all sides ≥ 1, each ≤ 2^16)
  /// into `outputWidth × outputHeight` (≥ 1, ≤ 2^16).
  init(
    x: Int, y: Int, width: Int, height: Int, outputWidth: Int, outputHeight: Int, fit: ImageFit
  ) {
    source = (x, y, width, height)
    content = (0, 0, outputWidth, outputHeight)
    // Compare width/height with outputWidth/outputHeight without division.
    let wider = width * outputHeight > height * outputWidth
    let taller = width * outputHeight < height * outputWidth
    switch fit {
    case .stretch:
      break
    case .aspectFill:
      if wider {
        let w = min(width, max(1, (2 * height * outputWidth + outputHeight) / (2 * outputHeight)))
        source = (x + (width - w) / 2, y, w, height)
      } else if taller {
        let h = min(height, max(1, (2 * width * outputHeight + outputWidth) / (2 * outputWidth)))
        source = (x, y + (height - h) / 2, width, h)
      }
    case .aspectFit, .letterbox:
      if wider {
        let h = min(outputHeight, max(1, (2 * outputWidth * height + width) / (2 * width)))
        content = (0, (outputHeight - h) / 2, outputWidth, h)
      } else if taller {
        let w = min(outputWidth, max(1, (2 * outputHeight * width + height) / (2 * height)))
        content = ((outputWidth - w) / 2, 0, w, outputHeight)
      }
    }
  }
}
