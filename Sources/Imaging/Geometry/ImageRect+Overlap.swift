extension ImageRect {
  /// A rectangle of whole pixels: (`x`, `y`) is its top-left pixel.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
  }

  /// The area in square pixels (of the standardized rectangle: a negative extent counts by
  /// its size, as `CGRect` does).
  public var area: Double { (maxX - minX) * (maxY - minY) }

  /// The center, in pixels.
  public var center: ImagePoint { ImagePoint(x: x + width / 2, y: y + height / 2) }

  /// The overlap of two rectangles, or nil when they do not overlap (touching edges do not).
  public func intersection(_ other: ImageRect) -> ImageRect? {
    let left = Swift.max(minX, other.minX)
    let top = Swift.max(minY, other.minY)
    let right = Swift.min(maxX, other.maxX)
    let bottom = Swift.min(maxY, other.maxY)
    guard right > left, bottom > top else { return nil }
    return ImageRect(x: left, y: top, width: right - left, height: bottom - top)
  }
}
