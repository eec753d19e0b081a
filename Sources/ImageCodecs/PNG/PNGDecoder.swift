import Inflate

/// Decodes PNG files: every color type and bit depth, palettes, transparency, Adam7.
///
/// Checks the signature, every chunk's CRC (critical and ancillary: a mismatch is
/// ``DecodeError/checksumMismatch(format:offset:what:stored:computed:)`` naming the chunk
/// and its offset) and the critical-chunk rules: `IHDR` first and once; at most one `PLTE`,
/// before the image data, required for palette images and forbidden for gray ones; at least
/// one `IDAT`; `IEND` last (a file that ends before `IEND` is ``DecodeError/truncated(format:offset:what:)``).
/// An unknown critical chunk is ``DecodeError/unsupported(format:feature:)``; unknown
/// ancillary chunks are skipped.
///
/// The `IDAT` data is streamed through `InflateStream` with an exact output size: the
/// filtered rows the header implies. Too little data fails. As in libpng and pypng,
/// `IDAT` chunks separated by ancillary chunks are joined, and data after the image is
/// complete (extra decompressed bytes, further `IDAT` chunks, bytes after `IEND`) is ignored.
///
/// Metadata: `gAMA`, `sRGB` and `iCCP` are reported in ``ColorInfo``; the EXIF orientation
/// comes from `eXIf` or, failing that, ImageMagick's "Raw profile type exif" text chunk.
public enum PNGDecoder {
  /// Decodes a PNG file to 8-bit RGBA.
  ///
  /// 16-bit samples keep their high byte; 1/2/4-bit gray is scaled to 0...255; palette
  /// indices past the palette give opaque black; `tRNS` gives alpha; `sBIT` is ignored.
  /// - Throws: ``DecodeError`` — `.tooLarge` before anything is allocated when the header's
  ///   size exceeds `limits` (pixels, dimension, or decoded bytes); `.truncated`, `.invalid`,
  ///   `.checksumMismatch`, `.unsupported` or `.compressedData` for damaged files.
  public static func decode(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits())
    throws(DecodeError)
    -> DecodedImage
  {
    let result = try decodeFile(bytes, limits: limits, wide: false)
    return DecodedImage(
      width: result.rows.header.width, height: result.rows.header.height, rgba: result.rows.rgba8,
      format: .png,
      exifOrientation: result.metadata.orientation, colorInfo: result.metadata.colorInfo)
  }

  /// Decodes a PNG file to 16-bit RGBA (8-bit and smaller samples scaled exactly, e.g. × 257).
  ///
  /// - Throws: as ``decode(_:limits:)``.
  public static func decodeRGBA16(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits())
    throws(DecodeError)
    -> DecodedImage16
  {
    let result = try decodeFile(bytes, limits: limits, wide: true)
    return DecodedImage16(
      width: result.rows.header.width, height: result.rows.header.height, rgba: result.rows.rgba16,
      format: .png, exifOrientation: result.metadata.orientation,
      colorInfo: result.metadata.colorInfo)
  }

  private static func decodeFile(_ bytes: [UInt8], limits: DecodeLimits, wide: Bool)
    throws(DecodeError)
    -> (rows: PNGRowDecoder, metadata: PNGMetadata)
  {
    let result = bytes.withUnsafeBytes { file in
      Result { () throws(DecodeError) in try decode(file, limits: limits, wide: wide) }
    }
    return try result.get()
  }

  private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The chunk walk: validates order, streams `IDAT` into the row decoder, reads metadata.
  private static func decode(_ file: UnsafeRawBufferPointer, limits: DecodeLimits, wide: Bool)
    throws(DecodeError)
    -> (rows: PNGRowDecoder, metadata: PNGMetadata)
  {
    let header = try readHeader(file, limits: limits, wide: wide)
    var state = PNGDecodeState(file: file, header: header.header, limits: limits, wide: wide)
    var offset = header.end
    // Each pass reads one chunk and advances `offset` by at least 12 bytes.
    while true {
      let chunk = try PNGChunk.read(file, at: offset)
      offset = chunk.end
      switch chunk.type {
      case PNGChunk.ihdr:
        throw .invalid(format: .png, offset: chunk.offset, reason: "a second IHDR chunk")
      case PNGChunk.plte:
        try state.readPalette(chunk)
      case PNGChunk.idat:
        try state.readImageData(chunk)
      case PNGChunk.iend:
        return (try state.finish(at: chunk), state.metadata)
      case PNGChunk.trns:
        state.readTransparency(chunk)
      case PNGChunk.gama, PNGChunk.srgb, PNGChunk.iccp:
        // Color chunks after the image data are out of place and ignored, as libpng does.
        if !state.hasImageData {
          state.metadata.read(type: chunk.type, data: chunk.data(in: file), limits: limits)
        }
      default:
        guard !chunk.isCritical else {
          throw .unsupported(
            format: .png, feature: "critical chunk '\(chunk.name)' at byte \(chunk.offset)")
        }
        state.metadata.read(type: chunk.type, data: chunk.data(in: file), limits: limits)
      }
    }
  }

  /// Checks the signature and reads the `IHDR` chunk that must follow it, checking the image
  /// against `limits`; returns the header and where the next chunk starts.
  private static func readHeader(_ file: UnsafeRawBufferPointer, limits: DecodeLimits, wide: Bool)
    throws(DecodeError) -> (header: PNGHeader, end: Int)
  {
    guard file.count >= 8 else {
      throw .truncated(format: .png, offset: file.count, what: "the 8-byte PNG signature")
    }
    for index in 0..<8 where file[index] != signature[index] {
      throw .invalid(
        format: .png, offset: index, reason: "the file does not start with the PNG signature")
    }
    let chunk = try PNGChunk.read(file, at: 8)
    guard chunk.type == PNGChunk.ihdr else {
      throw .invalid(
        format: .png, offset: chunk.offset, reason: "the first chunk is \(chunk.name), not IHDR")
    }
    let header = try PNGHeader.parse(chunk.data(in: file), offset: chunk.offset)
    try limits.check(width: header.width, height: header.height, format: .png)
    try checkBudget(header, limits: limits, wide: wide)
    return (header, chunk.end)
  }

  /// Throws `.tooLarge` unless the output and the filtered stream fit `limits.maxDecodedBytes`.
  private static func checkBudget(_ header: PNGHeader, limits: DecodeLimits, wide: Bool)
    throws(DecodeError)
  {
    let bytesPerPixel = wide ? 8 : 4
    let pixels = header.width * header.height
    let (output, outputOverflow) = pixels.multipliedReportingOverflow(by: bytesPerPixel)
    if let filtered = header.filteredSize, !outputOverflow {
      let (total, totalOverflow) = output.addingReportingOverflow(filtered)
      if !totalOverflow && total <= limits.maxDecodedBytes { return }
    }
    throw .tooLarge(
      format: .png, width: header.width, height: header.height,
      limit: .decodedBytes(limits.maxDecodedBytes))
  }
}
