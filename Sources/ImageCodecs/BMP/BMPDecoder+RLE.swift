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
    var run = BMPRLEState(
      width: header.width, total: header.width * header.height,
      isRLE4: header.compression == .rle4, position: header.pixelOffset)
    var endOfBitmap = false
    // Each iteration consumes at least two input bytes, so the loop is bounded by the file.
    decoding: while run.length < run.total {
      guard run.position + 2 <= bytes.count else { break }
      let count = Int(bytes[run.position])
      let value = bytes[run.position + 1]
      run.position += 2
      if count > 0 {
        run.writeEncoded(count: count, value: value)
        continue
      }
      switch value {
      case 0:
        run.endLine()
      case 1:
        endOfBitmap = true
        break decoding
      case 2:
        guard run.position + 2 <= bytes.count else { break decoding }
        run.skip(right: Int(bytes[run.position]), up: Int(bytes[run.position + 1]))
        run.position += 2
      default:
        // Out of data (reported below) or image full: stop, as Pillow does.
        guard run.copyAbsolute(count: Int(value), from: bytes) else { break decoding }
      }
    }
    if run.length < run.total && !endOfBitmap {
      throw .truncated(
        format: .bmp, offset: min(run.position, bytes.count),
        what: "the RLE pixel data (\(run.length) of \(run.total) pixels)")
    }
    return run.indices
  }
}
