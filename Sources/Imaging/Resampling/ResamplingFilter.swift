/// How a resize weighs source pixels. All filters use half-pixel centers: output pixel i of
/// n, resampling a source span of S pixels, is centred on source coordinate
/// `(i + 0.5) × S / n` (pixel j covers [j, j + 1)).
///
/// The arithmetic is Pillow's (`libImaging/Resample.c`) for every filter: each output's real
/// weights are divided by their sum and stored as integers with 22 fractional bits
/// (`Int(w · 2^22 + 0.5)`); the horizontal pass runs first, each value rounded to 8 bits as
/// `clamp((2^21 + Σ pixel·weight) >> 22, 0, 255)`, then the vertical pass over those 8-bit
/// rows with the same rounding.
public enum ResamplingFilter: Sendable, Equatable, Hashable {
  /// Pillow's `BILINEAR` (the default), bit-exact with
  /// `PIL.PixelImage.resize(size, Image.BILINEAR)` on RGB and L images: a triangle (tent)
  /// filter of radius `max(1, S / n)` source pixels, normalized over the taps inside the
  /// image. Enlarging it is plain bilinear interpolation with half-pixel centers, edges
  /// clamped; shrinking it widens the tent to the output pixel's footprint (antialiasing).
  case bilinear
  /// Two-tap bilinear sampling at `src = (i + 0.5) × S / n − 0.5`, clamped to
  /// `0...S − 1`, at every scale (TensorFlow's `half_pixel_centers`). Aliases when
  /// shrinking by more than 2×.
  case bilinearSampling
  /// ``bilinearSampling`` while shrinking by at most 2× (or enlarging) along an axis; beyond
  /// that, a box filter: the exact area average of the output pixel's footprint
  /// `[i × S / n, (i + 1) × S / n)`, partly covered edge pixels weighted by coverage.
  case area
}
