/// One pass of a PNG image's pixel data: the whole image when not interlaced, or one of the
/// seven Adam7 sub-images.
struct PNGPass: Sendable, Equatable {
  /// The pass number, 1...7 for Adam7 (1 for a non-interlaced image).
  var number: Int
  /// The first image column and row this pass covers.
  var x0, y0: Int
  /// The column and row steps between this pass's pixels.
  var dx, dy: Int
  /// The pass's size in pixels (either may be 0 for small images: the pass is then empty).
  var width, height: Int

  /// The Adam7 passes of a `width` × `height` image, including empty ones.
  static func adam7(width: Int, height: Int) -> [PNGPass] {
    let table: [(x0: Int, y0: Int, dx: Int, dy: Int)] = [
      (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
      (0, 1, 1, 2),
    ]
    var passes: [PNGPass] = []
    for (index, entry) in table.enumerated() {
      let passWidth = width > entry.x0 ? (width - entry.x0 + entry.dx - 1) / entry.dx : 0
      let passHeight = height > entry.y0 ? (height - entry.y0 + entry.dy - 1) / entry.dy : 0
      passes.append(
        PNGPass(
          number: index + 1, x0: entry.x0, y0: entry.y0, dx: entry.dx, dy: entry.dy,
          width: passWidth, height: passHeight))
    }
    return passes
  }
}
