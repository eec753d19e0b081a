/// The part of the upright (display) image a tensor is packed from: a rectangle in display
/// pixel coordinates, optionally padded.
///
/// The rectangle is in the image as displayed, after its orientation is applied. Packing uses
/// the whole pixels it covers (see ``pixelBox``); see ``CropPadding`` for how padding grows
/// that box and how it is clamped to the image.
public struct TensorCrop: Sendable, Equatable, Hashable {
  /// The region, in display pixels (checked when packing: a non-empty part of the image).
  public var rect: ImageRect
  /// Relative padding on each side (default none).
  public var padding: CropPadding

  /// A crop of `rect`, grown by `padding`.
  public init(_ rect: ImageRect, padding: CropPadding = .zero) {
    self.rect = rect
    self.padding = padding
  }

  /// A crop of whole pixels: columns `x..<x + width`, rows `y..<y + height`.
  public init(x: Int, y: Int, width: Int, height: Int, padding: CropPadding = .zero) {
    self.init(ImageRect(x: x, y: y, width: width, height: height), padding: padding)
  }

  /// The whole pixels `rect` covers: left and top edges rounded down, right and bottom edges
  /// rounded up (integral edges are kept), each clamped to ±2^30 (NaN counts as 0).
  public var pixelBox: (x: Int, y: Int, width: Int, height: Int) {
    let left = Self.whole(rect.x.rounded(.down))
    let top = Self.whole(rect.y.rounded(.down))
    let right = Self.whole((rect.x + rect.width).rounded(.up))
    let bottom = Self.whole((rect.y + rect.height).rounded(.up))
    return (left, top, right - left, bottom - top)
  }

  private static func whole(_ value: Double) -> Int {
    guard !value.isNaN else { return 0 }
    return Int(Swift.min(Swift.max(value, -1_073_741_824), 1_073_741_824))
  }
}

extension TensorCrop {
  /// The region of a `width` × `height` display image that packing reads: `crop`'s padded
  /// pixel box clamped to the image (see ``CropPadding``), or the whole image without a crop.
  ///
  /// - Throws: ``ImageError/invalidArgument(_:)`` when the box is empty or misses the image.
  static func region(_ crop: TensorCrop?, displayWidth width: Int, displayHeight height: Int)
    throws(ImageError) -> (x: Int, y: Int, width: Int, height: Int)
  {
    guard let crop else { return (0, 0, width, height) }
    let box = crop.pixelBox
    return try crop.padding.paddedBox(
      x: box.x, y: box.y, width: box.width, height: box.height, boundsWidth: width,
      boundsHeight: height)
  }
}
