/// Draws detection boxes and their captions onto an RGBA8 image, for `ocellus detect
/// --annotate`. Coordinates are pixels of the image drawn on; everything is clipped to it.
struct Annotator {
  var width, height: Int
  /// RGBA8, row-major, `width × 4` bytes a row.
  var rgba: [UInt8]

  /// A distinct, saturated color for box number `index`.
  static func color(_ index: Int) -> (UInt8, UInt8, UInt8) {
    let palette: [(UInt8, UInt8, UInt8)] = [
      (255, 64, 64), (64, 200, 64), (64, 128, 255), (255, 200, 0), (200, 64, 255), (0, 210, 210),
    ]
    return palette[index % palette.count]
  }

  mutating func fill(x: Int, y: Int, width w: Int, height h: Int, color: (UInt8, UInt8, UInt8)) {
    let left = max(0, x)
    let top = max(0, y)
    let right = min(width, x + w)
    let bottom = min(height, y + h)
    guard left < right, top < bottom else { return }
    for row in top..<bottom {
      for column in left..<right {
        let offset = (row * width + column) * 4
        rgba[offset] = color.0
        rgba[offset + 1] = color.1
        rgba[offset + 2] = color.2
        rgba[offset + 3] = 255
      }
    }
  }

  /// A rectangle outline `thickness` pixels wide, inside the box's edges.
  mutating func box(
    x: Int, y: Int, width w: Int, height h: Int, color: (UInt8, UInt8, UInt8), thickness: Int
  ) {
    fill(x: x, y: y, width: w, height: thickness, color: color)
    fill(x: x, y: y + h - thickness, width: w, height: thickness, color: color)
    fill(x: x, y: y, width: thickness, height: h, color: color)
    fill(x: x + w - thickness, y: y, width: thickness, height: h, color: color)
  }

  /// `text` in white on a `color` band whose top-left corner is (x, y); glyphs scaled by `scale`.
  mutating func caption(_ text: String, x: Int, y: Int, color: (UInt8, UInt8, UInt8), scale: Int) {
    let advance = (BitmapFont.width + 1) * scale
    let bandHeight = (BitmapFont.height + 2) * scale
    fill(x: x, y: y, width: advance * text.count + scale, height: bandHeight, color: color)
    for (position, character) in text.enumerated() {
      let glyph = BitmapFont.glyph(character)
      for (row, bits) in glyph.enumerated() {
        for column in 0..<BitmapFont.width where bits & (0x10 >> UInt8(column)) != 0 {
          fill(
            x: x + scale + position * advance + column * scale, y: y + scale + row * scale,
            width: scale,
            height: scale, color: (255, 255, 255))
        }
      }
    }
  }
}
