/// Where the camera-frame packer samples, in raw (stored, sensor) coordinates, and where each
/// raw-order output sample lands in the tensor.
///
/// The display region chosen by the crop and the fit (``FitGeometry``'s source box) is
/// mapped back through the orientation (BEHAVIOR.md F.1) to a raw box `[x0, x1) × [y0, y1)`; the
/// raw box is resampled to `countX × countY` samples (raw x → `countX`), sample (a, b)
/// centred at raw `(x0 + (a + 0.5)·(x1 − x0)/countX, y0 + (b + 0.5)·(y1 − y0)/countY)`.
/// Sample (a, b) is display content pixel (i, j): along each raw axis the display index is
/// `a` or `count − 1 − a` (mirrored), and the axes swap for the transposing orientations.
struct FrameGeometry: Sendable {
  /// Raw box, luma pixels: left (inclusive), right (exclusive), top, bottom.
  var x0, x1, y0, y1: Int
  /// Samples along raw x and raw y.
  var countX, countY: Int
  /// The tensor rectangle the samples fill (the fit's content box).
  var content: (x: Int, y: Int, width: Int, height: Int)
  /// True when raw x runs along display v (the tensor's columns).
  var swaps: Bool
  /// True when the display index runs against raw x (respectively raw y).
  var flipX, flipY: Bool

  /// The geometry for an image stored `width × height`, seen through `orientation`, the
  /// display box `source` (within the display image) fitted into the tensor box `content`.
  init(
    width: Int, height: Int, orientation: ImageOrientation,
    source: (x: Int, y: Int, width: Int, height: Int),
    content: (x: Int, y: Int, width: Int, height: Int)
  ) {
    switch orientation {
    case .up: (swaps, flipX, flipY) = (false, false, false)
    case .upMirrored: (swaps, flipX, flipY) = (false, true, false)
    case .down: (swaps, flipX, flipY) = (false, true, true)
    case .downMirrored: (swaps, flipX, flipY) = (false, false, true)
    case .leftMirrored: (swaps, flipX, flipY) = (true, false, false)
    case .right: (swaps, flipX, flipY) = (true, false, true)
    case .rightMirrored: (swaps, flipX, flipY) = (true, true, true)
    case .left: (swaps, flipX, flipY) = (true, true, false)
    }
    // Display interval along the display axis each raw axis follows.
    let xSpan = swaps ? (source.y, source.y + source.height) : (source.x, source.x + source.width)
    let ySpan = swaps ? (source.x, source.x + source.width) : (source.y, source.y + source.height)
    (x0, x1) = flipX ? (width - xSpan.1, width - xSpan.0) : xSpan
    (y0, y1) = flipY ? (height - ySpan.1, height - ySpan.0) : ySpan
    countX = swaps ? content.height : content.width
    countY = swaps ? content.width : content.height
    self.content = content
  }

  /// The tensor pixel index (row-major, `tensorWidth` pixels a row) of raw sample (a, b).
  func tensorIndex(a: Int, b: Int, tensorWidth: Int) -> Int {
    let alongX = flipX ? countX - 1 - a : a
    let alongY = flipY ? countY - 1 - b : b
    let (i, j) = swaps ? (alongY, alongX) : (alongX, alongY)
    return (content.y + j) * tensorWidth + content.x + i
  }

  /// Tensor pixel index of sample (0, b) and the index step from sample a to a + 1.
  func rowPlacement(b: Int, tensorWidth: Int) -> (start: Int, step: Int) {
    let start = tensorIndex(a: 0, b: b, tensorWidth: tensorWidth)
    let step = (swaps ? tensorWidth : 1) * (flipX ? -1 : 1)
    return (start, step)
  }
}
