/// The part of the upright (display) image a tensor is packed from: a box in display pixel
/// coordinates, optionally padded.
///
/// The box is `[x, x + width) × [y, y + height)` (left/top inclusive, right/bottom
/// exclusive) in the image as displayed, after its orientation is applied. See
/// ``CropPadding`` for how padding grows it and how it is clamped to the image.
public struct TensorCrop: Sendable, Equatable, Hashable {
  /// Left edge, display pixels (inclusive).
  public var x: Int
  /// Top edge, display pixels (inclusive).
  public var y: Int
  /// Width in display pixels (> 0).
  public var width: Int
  /// Height in display pixels (> 0).
  public var height: Int
  /// Relative padding on each side (default none, SPEC D-10).
  public var padding: CropPadding

  /// A box in display pixels; checked when packing.
  public init(x: Int, y: Int, width: Int, height: Int, padding: CropPadding = .zero) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.padding = padding
  }
}
