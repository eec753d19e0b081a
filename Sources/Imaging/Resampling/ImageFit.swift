/// How a source region is fitted into an output size whose aspect ratio may differ.
public enum ImageFit: Sendable, Equatable, Hashable {
  /// Scale each axis independently to fill the output (aspect ratio not kept). The Task
  /// Library's behaviour and our default (BEHAVIOR.md D-1).
  case stretch
  /// Keep the aspect ratio and fill the output, cropping the source centrally: the source
  /// region narrows (or shortens) to `round(sourceHeight × outWidth / outHeight)` pixels
  /// (rounded half up, at least 1), centred with the extra pixel (if odd) on the right/bottom.
  case aspectFill
  /// Keep the aspect ratio and show the whole source, letterboxed: the content is
  /// `round(outWidth × sourceHeight / sourceWidth)` rows (or the transposed case, rounded
  /// half up, at least 1), centred with the extra row/column (if odd) at the bottom/right.
  /// The border is black: 0 in every color channel, 255 alpha (the tensor packer normalizes
  /// the black pixel like any other).
  case aspectFit
  /// ``aspectFit`` with a border of gray `border` in every color channel instead of black:
  /// Ultralytics' YOLO letterbox uses 114.
  case letterbox(border: UInt8)

  /// The pixel value of the border (0 for every fit but ``letterbox(border:)``).
  public var borderValue: UInt8 {
    if case .letterbox(let border) = self { return border }
    return 0
  }

  /// The upright-image rectangle that `tensorRect` (in tensor pixels) shows when a whole
  /// `sourceWidth × sourceHeight` image is fitted to an `outputWidth × outputHeight` tensor
  /// with this fit: the inverse of the resize, per axis (`x = sourceX + (tensorX − contentX) ×
  /// sourceWidth / contentWidth`, where the content is the part of the tensor the image fills,
  /// the source the part of the image resampled). Not clipped to the image.
  public func imageRect(
    fromTensorRect tensorRect: ImageRect, sourceWidth: Int, sourceHeight: Int, outputWidth: Int,
    outputHeight: Int
  ) -> ImageRect {
    let geometry = FitGeometry(
      x: 0, y: 0, width: max(sourceWidth, 1), height: max(sourceHeight, 1),
      outputWidth: max(outputWidth, 1), outputHeight: max(outputHeight, 1), fit: self)
    let (source, content) = (geometry.source, geometry.content)
    let scaleX = Double(source.width) / Double(content.width)
    let scaleY = Double(source.height) / Double(content.height)
    return ImageRect(
      x: Double(source.x) + (tensorRect.x - Double(content.x)) * scaleX,
      y: Double(source.y) + (tensorRect.y - Double(content.y)) * scaleY,
      width: tensorRect.width * scaleX, height: tensorRect.height * scaleY)
  }
}
