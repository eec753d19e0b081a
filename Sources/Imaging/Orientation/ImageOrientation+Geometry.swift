/// Geometry of an orientation: sizes, inverse, composition, and mapping pixels, points and
/// rectangles between the raw (stored, sensor) image and the display (upright) image.
///
/// Every orientation is "maybe swap the axes, then maybe flip each axis" (BEHAVIOR.md F.1). With raw
/// size W × H and display coordinates (u, v), the raw coordinates (x, y) of a display location
/// are:
///
/// | EXIF | orientation | pixel index (integers) | continuous point (Double) |
/// |---|---|---|---|
/// | 1 | ``up`` | x = u, y = v | x = u, y = v |
/// | 2 | ``upMirrored`` | x = W−1−u, y = v | x = W−u, y = v |
/// | 3 | ``down`` | x = W−1−u, y = H−1−v | x = W−u, y = H−v |
/// | 4 | ``downMirrored`` | x = u, y = H−1−v | x = u, y = H−v |
/// | 5 | ``leftMirrored`` | x = v, y = u | x = v, y = u |
/// | 6 | ``right`` | x = v, y = H−1−u | x = v, y = H−u |
/// | 7 | ``rightMirrored`` | x = W−1−v, y = H−1−u | x = W−v, y = H−u |
/// | 8 | ``left`` | x = W−1−v, y = u | x = W−v, y = u |
///
/// Pixel indices name whole pixels (0 ≤ x < W); continuous points (``ImagePoint``) are
/// positions with the image edges at 0 and W, so they flip with `W − x`, and a pixel's center
/// (x + 0.5) maps to the mapped pixel's center.
extension ImageOrientation {
  /// True for the four mirrored orientations (EXIF 2, 4, 5, 7): turning them upright needs a
  /// reflection, not only a rotation.
  public var isMirrored: Bool {
    switch self {
    case .up, .down, .left, .right: false
    case .upMirrored, .downMirrored, .leftMirrored, .rightMirrored: true
    }
  }

  /// True when the display image is the raw image's height wide and width high (EXIF 5–8).
  public var swapsWidthAndHeight: Bool {
    switch self {
    case .up, .down, .upMirrored, .downMirrored: false
    case .left, .right, .leftMirrored, .rightMirrored: true
    }
  }

  /// The orientation that undoes this one: applying `self` and then `inverse` to pixels,
  /// points or rectangles gives back the original.
  ///
  /// ``right`` (90° clockwise) and ``left`` (90° counter-clockwise) are each other's inverse;
  /// the other six are their own.
  public var inverse: ImageOrientation {
    switch self {
    case .right: .left
    case .left: .right
    default: self
    }
  }

  /// The single orientation equal to applying `self` and then `next`.
  ///
  /// "Applying" means turning stored pixels upright (``PixelImage/applying(_:)``), so
  /// `image.applying(a).applying(b)` equals `image.applying(a.concatenated(b))`.
  /// `a.concatenated(a.inverse)` is ``up``.
  public func concatenated(_ next: ImageOrientation) -> ImageOrientation {
    // Each orientation's raw→display map on centered coordinates is a signed permutation
    // matrix; composing orientations multiplies the matrices.
    let a = matrix
    let b = next.matrix
    let product = (
      b.0 * a.0 + b.1 * a.2, b.0 * a.1 + b.1 * a.3,
      b.2 * a.0 + b.3 * a.2, b.2 * a.1 + b.3 * a.3
    )
    let swaps = product.0 == 0
    let signX = swaps ? product.2 : product.0
    let signY = swaps ? product.1 : product.3
    return ImageOrientation(swaps: swaps, flipsX: signX < 0, flipsY: signY < 0)
  }

  /// The display (upright) size of a raw image of `width` × `height` pixels: the same size, or
  /// height × width when ``swapsWidthAndHeight``. Also gives the raw size from a display size.
  public func displaySize(forRawWidth width: Int, height: Int) -> (width: Int, height: Int) {
    swapsWidthAndHeight ? (height, width) : (width, height)
  }

  /// The raw pixel that lands on display pixel (`u`, `v`): the integer F.1 formulas above.
  ///
  /// - Parameters:
  ///   - u: display column, 0 ≤ u < display width.
  ///   - v: display row, 0 ≤ v < display height.
  ///   - rawWidth: W, the raw (stored) width in pixels.
  ///   - rawHeight: H, the raw (stored) height in pixels.
  /// - Returns: the raw column and row, in range when the arguments are. Out-of-range arguments
  ///   are mapped by the same formula (with wrapping arithmetic, never trapping).
  public func rawPixel(forDisplayX u: Int, y v: Int, rawWidth: Int, rawHeight: Int) -> (
    x: Int, y: Int
  ) {
    let (a, b) = swapsWidthAndHeight ? (v, u) : (u, v)
    return (
      flipsX ? rawWidth &- 1 &- a : a,
      flipsY ? rawHeight &- 1 &- b : b
    )
  }

  /// The display pixel that raw pixel (`x`, `y`) lands on (the inverse of
  /// ``rawPixel(forDisplayX:y:rawWidth:rawHeight:)``).
  ///
  /// - Parameters:
  ///   - x: raw column, 0 ≤ x < `rawWidth`.
  ///   - y: raw row, 0 ≤ y < `rawHeight`.
  ///   - rawWidth: W, the raw (stored) width in pixels.
  ///   - rawHeight: H, the raw (stored) height in pixels.
  /// - Returns: the display column and row, in range when the arguments are. Out-of-range
  ///   arguments are mapped by the same formula (with wrapping arithmetic, never trapping).
  public func displayPixel(forRawX x: Int, y: Int, rawWidth: Int, rawHeight: Int) -> (
    x: Int, y: Int
  ) {
    let a = flipsX ? rawWidth &- 1 &- x : x
    let b = flipsY ? rawHeight &- 1 &- y : y
    return swapsWidthAndHeight ? (b, a) : (a, b)
  }

  /// The display (upright) position of a raw-image point, in continuous pixel coordinates.
  ///
  /// - Parameters:
  ///   - point: a position in the raw image (edges at 0 and `rawWidth` / `rawHeight`).
  ///   - rawWidth: W, the raw width (pixels, or 1 for normalized coordinates).
  ///   - rawHeight: H, the raw height (pixels, or 1 for normalized coordinates).
  /// - Returns: the position in the display image, whose size is
  ///   ``displaySize(forRawWidth:height:)`` (edges map to edges: x ↦ W − x when flipped).
  public func displayPoint(fromRaw point: ImagePoint, rawWidth: Double, rawHeight: Double)
    -> ImagePoint
  {
    let a = flipsX ? rawWidth - point.x : point.x
    let b = flipsY ? rawHeight - point.y : point.y
    return swapsWidthAndHeight ? ImagePoint(x: b, y: a) : ImagePoint(x: a, y: b)
  }

  /// The raw-image position of a display (upright) point, in continuous pixel coordinates; the
  /// inverse of ``displayPoint(fromRaw:rawWidth:rawHeight:)``.
  ///
  /// - Parameters:
  ///   - point: a position in the display image.
  ///   - rawWidth: W, the raw width (NOT the display width; they differ when the orientation
  ///     ``swapsWidthAndHeight``).
  ///   - rawHeight: H, the raw height.
  public func rawPoint(fromDisplay point: ImagePoint, rawWidth: Double, rawHeight: Double)
    -> ImagePoint
  {
    let (a, b) = swapsWidthAndHeight ? (point.y, point.x) : (point.x, point.y)
    return ImagePoint(x: flipsX ? rawWidth - a : a, y: flipsY ? rawHeight - b : b)
  }

  /// The display (upright) rectangle covering a raw-image rectangle: both corners mapped, then
  /// min/max taken, so the result is standardized.
  ///
  /// - Parameters:
  ///   - rect: a rectangle in the raw image, continuous pixel coordinates ([x, x + width)).
  ///   - rawWidth: W, the raw width.
  ///   - rawHeight: H, the raw height.
  public func displayRect(fromRaw rect: ImageRect, rawWidth: Double, rawHeight: Double)
    -> ImageRect
  {
    rect.mappingCorners { displayPoint(fromRaw: $0, rawWidth: rawWidth, rawHeight: rawHeight) }
  }

  /// The raw-image rectangle covering a display (upright) rectangle; the inverse of
  /// ``displayRect(fromRaw:rawWidth:rawHeight:)``.
  ///
  /// - Parameters:
  ///   - rect: a rectangle in the display image.
  ///   - rawWidth: W, the raw width (NOT the display width).
  ///   - rawHeight: H, the raw height.
  public func rawRect(fromDisplay rect: ImageRect, rawWidth: Double, rawHeight: Double)
    -> ImageRect
  {
    rect.mappingCorners { rawPoint(fromDisplay: $0, rawWidth: rawWidth, rawHeight: rawHeight) }
  }

  // MARK: - The swap-then-flip decomposition

  /// Whether the display→raw map mirrors the raw x axis (after the optional swap).
  var flipsX: Bool {
    switch self {
    case .up, .downMirrored, .leftMirrored, .right: false
    case .upMirrored, .down, .rightMirrored, .left: true
    }
  }

  /// Whether the display→raw map mirrors the raw y axis (after the optional swap).
  var flipsY: Bool {
    switch self {
    case .up, .upMirrored, .leftMirrored, .left: false
    case .down, .downMirrored, .right, .rightMirrored: true
    }
  }

  /// The orientation with a given decomposition.
  init(swaps: Bool, flipsX: Bool, flipsY: Bool) {
    switch (swaps, flipsX, flipsY) {
    case (false, false, false): self = .up
    case (false, true, false): self = .upMirrored
    case (false, true, true): self = .down
    case (false, false, true): self = .downMirrored
    case (true, false, false): self = .leftMirrored
    case (true, false, true): self = .right
    case (true, true, true): self = .rightMirrored
    case (true, true, false): self = .left
    }
  }

  /// The raw→display map on centered coordinates as a row-major 2 × 2 signed permutation
  /// matrix (m00, m01, m10, m11).
  var matrix: (Int, Int, Int, Int) {
    let sx = flipsX ? -1 : 1
    let sy = flipsY ? -1 : 1
    // Raw → display: a = sx·x, b = sy·y, then (u, v) = swapped ? (b, a) : (a, b).
    return swapsWidthAndHeight ? (0, sy, sx, 0) : (sx, 0, 0, sy)
  }
}
