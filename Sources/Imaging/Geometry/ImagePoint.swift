/// A point in an image's continuous pixel coordinates.
///
/// The origin is the top-left corner of the top-left pixel; x grows to the right and y grows
/// down, both in pixel units. Pixel (i, j) covers the square [i, i + 1) × [j, j + 1) and its
/// center is (i + 0.5, j + 0.5); the image's far edges are x = width and y = height.
public struct ImagePoint: Sendable, Equatable, Hashable {
  /// Distance from the left edge, in pixels.
  public var x: Double
  /// Distance from the top edge, in pixels (y grows down).
  public var y: Double

  /// A point at (`x`, `y`) pixels from the top-left corner.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}
