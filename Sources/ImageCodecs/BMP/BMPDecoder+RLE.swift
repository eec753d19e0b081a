extension BMPDecoder {
  /// Decodes `BI_RLE8` / `BI_RLE4` data into a plane of palette indices in file row order
  /// (`width` bytes a row), following Pillow's `BmpRleDecoder` exactly: pixels are appended
  /// to one linear buffer; end-of-line pads to the next row with index 0; a delta (right, up)
  /// appends `right + up × width` zeros; an encoded run that passes the row's end is cut; an
  /// absolute run is padded to an even file offset.
  ///
  /// Pixels never written (after an early end-of-bitmap) are index 0, as skipped pixels are;
  /// Pillow fails there instead. Data that ends without end-of-bitmap before the image is
  /// full throws `.truncated`, as Pillow does.
  static func decodeRLE(_ bytes: [UInt8], header: BMPHeader) throws(DecodeError) -> [UInt8] {
    let width = header.width
    let total = width * header.height
    let isRLE4 = header.compression == .rle4
    var indices = [UInt8](repeating: 0, count: total)
    let end = bytes.count
    var position = header.pixelOffset
    var length = 0  // pixels written so far (Pillow's len(data))
    var x = 0
    var endOfBitmap = false
    // Each iteration consumes at least two input bytes, so the loop is bounded by the file.
    decoding: while length < total {
      guard position + 2 <= end else { break }
      let count = Int(bytes[position])
      let value = bytes[position + 1]
      position += 2
      if count > 0 {
        // Encoded mode: `count` pixels of `value` (RLE4: alternating nibbles).
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
        continue
      }
      switch value {
      case 0:
        // End of line: pad with index 0 up to a multiple of the width.
        let remainder = length % width
        if remainder != 0 { length += width - remainder }
        x = 0
      case 1:
        endOfBitmap = true
        break decoding
      case 2:
        guard position + 2 <= end else { break decoding }
        let right = Int(bytes[position])
        let up = Int(bytes[position + 1])
        position += 2
        length += min(total - length, right + up * width)
        x = length % width
      default:
        // Absolute mode: `value` literal pixels, padded to a 16-bit boundary of the file.
        let wanted = Int(value)
        let dataCount = min(total - length, wanted)
        let byteCount = isRLE4 ? (dataCount + 1) / 2 : dataCount
        let available = min(byteCount, end - position)
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
        // Out of data (reported below) or image full: stop, as Pillow does.
        if available < byteCount || length == total { break decoding }
        x += wanted
        if position & 1 != 0 { position += 1 }
      }
    }
    if length < total && !endOfBitmap {
      throw .truncated(
        format: .bmp, offset: min(position, end),
        what: "the RLE pixel data (\(length) of \(total) pixels)")
    }
    return indices
  }
}
