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
}
