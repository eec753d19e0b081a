/// The validated contents of a PNG `IHDR` chunk and the sizes derived from it.
struct PNGHeader: Sendable, Equatable {
  /// Width and height in pixels (1...2³¹−1 by the specification; bounded further by ``DecodeLimits``).
  let width, height: Int
  /// Bits per sample: 1, 2, 4, 8 or 16.
  let bitDepth: Int
  let colorType: PNGColorType
  /// Whether the pixel data is Adam7-interlaced.
  let interlaced: Bool

  /// Parses the 13 data bytes of `IHDR`; `offset` is the chunk's position, for errors.
  ///
  /// Rejects a zero or over-2³¹ dimension, an unknown color type, a bit depth the color type
  /// does not allow, and compression, filter or interlace methods other than those defined.
  static func parse(_ data: UnsafeRawBufferPointer, offset: Int) throws(DecodeError) -> PNGHeader {
    guard data.count == 13 else {
      throw .invalid(
        format: .png, offset: offset, reason: "the IHDR chunk holds \(data.count) bytes, not 13")
    }
    let width = Int(PNGChunk.bigEndian32(data, 0))
    let height = Int(PNGChunk.bigEndian32(data, 4))
    guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
      throw .invalid(format: .png, offset: offset, reason: "the image is \(width)×\(height) pixels")
    }
    let bitDepth = Int(data[8])
    guard let colorType = PNGColorType(rawValue: data[9]) else {
      throw .invalid(format: .png, offset: offset, reason: "color type \(data[9]) does not exist")
    }
    guard colorType.allows(bitDepth: bitDepth) else {
      throw .invalid(
        format: .png, offset: offset,
        reason: "bit depth \(bitDepth) is not allowed with color type \(data[9])")
    }
    guard data[10] == 0 else {
      throw .invalid(
        format: .png, offset: offset, reason: "compression method \(data[10]) does not exist")
    }
    guard data[11] == 0 else {
      throw .invalid(
        format: .png, offset: offset, reason: "filter method \(data[11]) does not exist")
    }
    guard data[12] <= 1 else {
      throw .invalid(
        format: .png, offset: offset, reason: "interlace method \(data[12]) does not exist")
    }
    return PNGHeader(
      width: width, height: height, bitDepth: bitDepth, colorType: colorType,
      interlaced: data[12] == 1)
  }

  /// Bits per pixel (1...64).
  var bitsPerPixel: Int { bitDepth * colorType.channels }

  /// The filter stride: bytes per complete pixel, at least 1.
  var filterStride: Int { max(1, bitsPerPixel / 8) }

  /// Bytes of one unfiltered row `pixels` wide (without the filter-type byte).
  func rowBytes(pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }

  /// The passes holding pixel data, in stream order (empty Adam7 passes left out).
  var passes: [PNGPass] {
    if !interlaced {
      return [PNGPass(number: 1, x0: 0, y0: 0, dx: 1, dy: 1, width: width, height: height)]
    }
    return PNGPass.adam7(width: width, height: height).filter { $0.width > 0 && $0.height > 0 }
  }

  /// The exact size of the decompressed (filtered) pixel stream: every pass's rows, each with
  /// its filter-type byte; nil if it does not fit in an `Int`.
  var filteredSize: Int? {
    var total = 0
    for pass in passes {
      let (bits, bitsOverflow) = pass.width.multipliedReportingOverflow(by: bitsPerPixel)
      guard !bitsOverflow else { return nil }
      let (size, sizeOverflow) = pass.height.multipliedReportingOverflow(by: 1 + (bits + 7) / 8)
      let (sum, sumOverflow) = total.addingReportingOverflow(size)
      guard !sizeOverflow, !sumOverflow else { return nil }
      total = sum
    }
    return total
  }
}
