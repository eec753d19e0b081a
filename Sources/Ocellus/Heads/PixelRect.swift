/// An axis-aligned rectangle in whole pixels: origin at the top-left, x to the right, y down.
public struct PixelRect: Sendable, Equatable, Hashable {
  /// Left edge, in pixels.
  public var x: Int
  /// Top edge, in pixels.
  public var y: Int
  /// Width, in pixels (never negative).
  public var width: Int
  /// Height, in pixels (never negative).
  public var height: Int

  /// Creates a rectangle.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}
