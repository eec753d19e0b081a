/// The state of a `BI_RLE8` / `BI_RLE4` decode (see ``BMPDecoder/decodeRLE(_:header:)``):
/// the index plane being filled and the positions in it and in the file, with the operations
/// of the run-length codes as Pillow's `BmpRleDecoder` performs them.
struct BMPRLEState {
  /// Pixels per row.
  let width: Int
  /// Pixels in the image.
  let total: Int
  /// Whether runs hold 4-bit indices (two per byte) rather than 8-bit ones.
  let isRLE4: Bool
  /// The palette indices, file row order, `width` a row; 0 where nothing was written.
  private(set) var indices: [UInt8]
  /// Pixels written or skipped so far (Pillow's `len(data)`).
  private(set) var length = 0
  /// The column the next pixel lands in, as the codes have moved it.
  private var x = 0
  /// The file offset of the next code byte.
  var position: Int

  init(width: Int, total: Int, isRLE4: Bool, position: Int) {
    self.width = width
    self.total = total
    self.isRLE4 = isRLE4
    self.position = position
    indices = [UInt8](repeating: 0, count: total)
  }

  /// Encoded mode: `count` pixels of `value` (RLE4: its two nibbles alternating), cut at the
  /// end of the row and of the image.
  mutating func writeEncoded(count: Int, value: UInt8) {
    var run = x + count > width ? max(0, width - x) : count
    run = min(run, total - length)
    if isRLE4 {
      let first = value >> 4
      let second = value & 0x0F
      for index in 0..<run { indices[length + index] = index & 1 == 0 ? first : second }
    } else {
      for index in 0..<run { indices[length + index] = value }
    }
    length += run
    x += run
  }

  /// End of line: pads with index 0 up to a multiple of the width.
  mutating func endLine() {
    let remainder = length % width
    if remainder != 0 { length += width - remainder }
    x = 0
  }

  /// Delta: skips `right + up × width` pixels (left as index 0).
  mutating func skip(right: Int, up: Int) {
    length += min(total - length, right + up * width)
    x = length % width
  }

  /// Absolute mode: copies `count` literal pixels from the file at ``position``, then pads the
  /// position to a 16-bit boundary. Returns false when the data ran out or the image is full.
  mutating func copyAbsolute(count: Int, from bytes: [UInt8]) -> Bool {
    let dataCount = min(total - length, count)
    let byteCount = isRLE4 ? (dataCount + 1) / 2 : dataCount
    let available = min(byteCount, bytes.count - position)
    if isRLE4 {
      for index in 0..<available {
        let byte = bytes[position + index]
        indices[length] = byte >> 4
        length += 1
        if index * 2 + 1 < dataCount {
          indices[length] = byte & 0x0F
          length += 1
        }
      }
    } else {
      for index in 0..<available { indices[length + index] = bytes[position + index] }
      length += available
    }
    position += available
    if available < byteCount || length == total { return false }
    x += count
    if position & 1 != 0 { position += 1 }
    return true
  }
}
