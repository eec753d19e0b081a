extension BMPDecoder {
  /// The RGBA image (`width × height × 4` bytes) whose pixel `x` of the `fileRow`-th stored
  /// row is `pixel(source, x)`, where `source` = `start + fileRow × stride` is the byte offset
  /// of that row's data: a 32-bit word whose little-endian bytes are R, G, B, A. Rows are
  /// placed in output order (``outputRow(_:header:)``); every byte is written once, with no
  /// zero-filling pass first. The expanders that call it are kept out of line
  /// (`@inline(never)`): inlined into the decoder, their loops lose registers and run slower.
  @inline(__always)
  static func expandRows(
    header: BMPHeader, start: Int, stride: Int, _ pixel: (_ source: Int, _ x: Int) -> UInt32
  ) -> [UInt8] {
    let width = header.width
    let height = header.height
    return [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
      let out = UnsafeMutableRawBufferPointer(buffer)
      for fileRow in 0..<height {
        let source = start + fileRow * stride
        let target = outputRow(fileRow, header: header) * width * 4
        for x in 0..<width {
          out.storeBytes(
            of: UInt32(littleEndian: pixel(source, x)), toByteOffset: target + x << 2,
            as: UInt32.self)
        }
      }
      initialized = width * height * 4
    }
  }

  /// The row of the output image that the `fileRow`-th stored row becomes.
  @inline(__always)
  static func outputRow(_ fileRow: Int, header: BMPHeader) -> Int {
    header.topDown ? fileRow : header.height - 1 - fileRow
  }

  /// R, G, B and alpha (opaque by default) as the 32-bit word whose little-endian bytes are
  /// R G B A.
  @inline(__always)
  static func pack(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) -> UInt32 {
    UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
  }
}
