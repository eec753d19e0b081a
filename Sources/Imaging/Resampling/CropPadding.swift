/// Extra margin around a crop box, as fractions of the box's own width (left, right) and
/// height (top, bottom). 0 is no padding; 0.1 adds 10 % of the box size on that side.
public struct CropPadding: Sendable, Equatable, Hashable {
  /// Fraction of the box width added on the left (≥ 0).
  public var left: Double
  /// Fraction of the box height added on the top (≥ 0).
  public var top: Double
  /// Fraction of the box width added on the right (≥ 0).
  public var right: Double
  /// Fraction of the box height added at the bottom (≥ 0).
  public var bottom: Double

  /// Padding with a fraction for each side.
  public init(left: Double, top: Double, right: Double, bottom: Double) {
    self.left = left
    self.top = top
    self.right = right
    self.bottom = bottom
  }

  /// The same fraction on every side.
  public init(_ all: Double) {
    self.init(left: all, top: all, right: all, bottom: all)
  }

  /// No padding.
  public static let zero = CropPadding(0)

  /// The padded box clamped to a `boundsWidth × boundsHeight` image, in whole pixels.
  ///
  /// The box is `[x, x + width) × [y, y + height)` (left/top inclusive, right/bottom
  /// exclusive). Padding grows it to `[x − left·width, x + width + right·width)` (likewise
  /// vertically); the left/top edges are rounded down and the right/bottom edges up (so the
  /// padded box always contains the box), then clamped to the image.
  /// - Throws: ``ImageError/invalidArgument(_:)`` when the box is empty, a padding is
  ///   negative or not finite, or the clamped box holds no pixel.
  func paddedBox(
    x: Int, y: Int, width: Int, height: Int, boundsWidth: Int, boundsHeight: Int
  ) throws(ImageError) -> (x: Int, y: Int, width: Int, height: Int) {
    guard width > 0, height > 0 else {
      throw .invalidArgument("a crop box of \(width)×\(height) pixels: both sides must be positive")
    }
    for value in [left, top, right, bottom] where !(value.isFinite && value >= 0) {
      throw .invalidArgument("crop padding \(value): each side must be a finite fraction ≥ 0")
    }
    let w = Double(width)
    let h = Double(height)
    let x0 = max(0, min(Double(boundsWidth), (Double(x) - left * w).rounded(.down)))
    let x1 = max(0, min(Double(boundsWidth), (Double(x) + w + right * w).rounded(.up)))
    let y0 = max(0, min(Double(boundsHeight), (Double(y) - top * h).rounded(.down)))
    let y1 = max(0, min(Double(boundsHeight), (Double(y) + h + bottom * h).rounded(.up)))
    guard x1 > x0, y1 > y0 else {
      throw .invalidArgument(
        "the crop box at (\(x), \(y)) of \(width)×\(height) pixels lies outside the \(boundsWidth)×\(boundsHeight) image"
      )
    }
    return (Int(x0), Int(y0), Int(x1 - x0), Int(y1 - y0))
  }
}
