/// An axis-aligned rectangle in an image's continuous pixel coordinates.
///
/// Same space as ``ImagePoint``: origin at the top-left corner of the top-left pixel, x to
/// the right, y down, in pixel units. The rectangle covers [x, x + width) × [y, y + height),
/// so a box around pixels 2...4 of a row has x = 2 and width = 3, and the whole image is
/// (0, 0, width, height). Rectangles produced by the orientation mappings are standardized
/// (width and height ≥ 0); other rectangles are stored as given.
public struct ImageRect: Sendable, Equatable, Hashable {
  /// The left edge, in pixels.
  public var x: Double
  /// The top edge, in pixels.
  public var y: Double
  /// The extent to the right of `x`, in pixels.
  public var width: Double
  /// The extent below `y`, in pixels.
  public var height: Double

  /// A rectangle with its top-left corner at (`x`, `y`) and the given extent.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The standardized rectangle spanning two opposite corners, in either order.
  public init(corners a: ImagePoint, _ b: ImagePoint) {
    let minX = Swift.min(a.x, b.x)
    let minY = Swift.min(a.y, b.y)
    self.init(
      x: minX, y: minY, width: Swift.max(a.x, b.x) - minX, height: Swift.max(a.y, b.y) - minY)
  }

  /// The standardized rectangle spanned by the corners `(x, y)` and `(x + width, y + height)`
  /// mapped through `map` (e.g. an orientation's point mapping).
  func mappingCorners(_ map: (ImagePoint) -> ImagePoint) -> ImageRect {
    ImageRect(corners: map(ImagePoint(x: x, y: y)), map(ImagePoint(x: x + width, y: y + height)))
  }

  /// The smallest x covered (`x`, or `x + width` when the width is negative).
  public var minX: Double { Swift.min(x, x + width) }
  /// The smallest y covered (`y`, or `y + height` when the height is negative).
  public var minY: Double { Swift.min(y, y + height) }
  /// The exclusive right edge (the larger of `x` and `x + width`).
  public var maxX: Double { Swift.max(x, x + width) }
  /// The exclusive bottom edge (the larger of `y` and `y + height`).
  public var maxY: Double { Swift.max(y, y + height) }
}
