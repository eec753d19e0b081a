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
/// The `IDAT` data is streamed through ``InflateStream`` with an exact output size: the
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
      exifOrientation: result.metadata.orientation, colorInfo: result.metadata.colorInfo)
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
    guard file.count >= 8 else {
      throw .truncated(format: .png, offset: file.count, what: "the 8-byte PNG signature")
    }
    for index in 0..<8 where file[index] != signature[index] {
      throw .invalid(
        format: .png, offset: index, reason: "the file does not start with the PNG signature")
    }
    var offset = 8
    var header: PNGHeader?
    var palette: [UInt8] = []
    var sawPalette = false
    var transparency: [UInt8] = []
    var sawTransparency = false
    var metadata = PNGMetadata()
    var rows: PNGRowDecoder?
    var stream: InflateStream?
    var imageDataStart = 0
    var imageDataChunks: [Range<Int>] = []
    var imageDone = false
    /// Set when the stream produced more than the image needs (the extra is ignored).
    var overlong = false
    // Each pass reads one chunk and advances `offset` by at least 12 bytes.
    while true {
      let chunk = try PNGChunk.read(file, at: offset)
      let data = chunk.data(in: file)
      offset = chunk.end
      guard let header else {
        guard chunk.type == PNGChunk.ihdr else {
          throw .invalid(
            format: .png, offset: chunk.offset, reason: "the first chunk is \(chunk.name), not IHDR"
          )
        }
        let parsed = try PNGHeader.parse(data, offset: chunk.offset)
        try limits.check(width: parsed.width, height: parsed.height, format: .png)
        try checkBudget(parsed, limits: limits, wide: wide)
        header = parsed
        continue
      }
      switch chunk.type {
      case PNGChunk.ihdr:
        throw .invalid(format: .png, offset: chunk.offset, reason: "a second IHDR chunk")
      case PNGChunk.plte:
        guard rows == nil else {
          throw .invalid(
            format: .png, offset: chunk.offset, reason: "the PLTE chunk comes after IDAT")
        }
        guard !sawPalette else {
          throw .invalid(format: .png, offset: chunk.offset, reason: "a second PLTE chunk")
        }
        guard header.colorType != .gray, header.colorType != .grayAlpha else {
          throw .invalid(
            format: .png, offset: chunk.offset, reason: "a PLTE chunk in a grayscale image")
        }
        guard chunk.length > 0, chunk.length % 3 == 0, chunk.length <= 768 else {
          throw .invalid(
            format: .png, offset: chunk.offset,
            reason: "the PLTE chunk holds \(chunk.length) bytes, not 3 to 768 in steps of 3")
        }
        sawPalette = true
        palette = Array(data)
      case PNGChunk.idat:
        if rows == nil {
          guard header.colorType != .palette || sawPalette else {
            throw .invalid(
              format: .png, offset: chunk.offset,
              reason: "the palette image has no PLTE chunk before IDAT")
          }
          // checkBudget has verified that the filtered size exists and fits the limits.
          let expected = header.filteredSize ?? 0
          let converter = PNGPixelConverter(
            header: header, palette: palette, transparency: transparency)
          rows = PNGRowDecoder(header: header, converter: converter, wide: wide)
          do {
            stream = try InflateStream(
              format: .zlib,
              limits: InflateLimits(maxOutputBytes: expected, expectedOutputBytes: expected))
          } catch {
            throw .compressedData(format: .png, offset: chunk.dataStart, error)
          }
          imageDataStart = chunk.dataStart
        }
        if !imageDone { imageDataChunks.append(chunk.dataStart..<(chunk.dataStart + chunk.length)) }
        // Taken out of the optionals (and put back below) so that their buffers stay uniquely
        // referenced and are never copied on write.
        guard !imageDone, var decoder = rows.take(), var inflater = stream.take() else { break }
        var failure: InflateError?
        do { try inflater.append(data) } catch { failure = error }
        let rowError = inflater.output.withUnsafeBytes { decoder.consume($0) }
        if let rowError { throw rowError }
        if let failure {
          // libpng's "Too much image data" is benign: once every row is decoded, the rest is ignored.
          guard case .outputLongerThanExpected = failure else {
            throw .compressedData(format: .png, offset: imageDataStart, failure)
          }
          if !decoder.isComplete {
            // The step that crossed the exact limit (a match or stored block) was not written.
            try finishOverlong(file, chunks: imageDataChunks, rows: &decoder, start: imageDataStart)
          }
          imageDone = true
          overlong = true
        } else if inflater.isFinished {
          imageDone = true
        }
        rows = decoder
        stream = inflater
      case PNGChunk.iend:
        guard var decoder = rows.take(), var inflater = stream.take() else {
          throw .invalid(
            format: .png, offset: chunk.offset, reason: "IEND comes before any IDAT chunk")
        }
        if !overlong {
          // Checks that the stream is complete (with its Adler-32) and exactly long enough.
          do { _ = try inflater.finish() } catch {
            throw .compressedData(format: .png, offset: imageDataStart, error)
          }
          if let rowError = inflater.output.withUnsafeBytes({ decoder.consume($0) }) {
            throw rowError
          }
          guard decoder.isComplete else {
            throw .truncated(format: .png, offset: chunk.offset, what: "the image data")
          }
        }
        return (decoder, metadata)
      case PNGChunk.trns:
        guard rows == nil, !sawTransparency else { break }
        sawTransparency = true
        switch header.colorType {
        case .palette:
          // As libpng: tRNS before PLTE, or longer than the palette, is ignored.
          if sawPalette && chunk.length <= palette.count / 3 { transparency = Array(data) }
        case .gray:
          if chunk.length == 2 { transparency = Array(data) }
        case .rgb:
          if chunk.length == 6 { transparency = Array(data) }
        case .grayAlpha, .rgba:
          break
        }
      case PNGChunk.gama, PNGChunk.srgb, PNGChunk.iccp:
        // Color chunks after the image data are out of place and ignored, as libpng does.
        if rows == nil { metadata.read(type: chunk.type, data: data, limits: limits) }
      default:
        guard !chunk.isCritical else {
          throw .unsupported(
            format: .png, feature: "critical chunk '\(chunk.name)' at byte \(chunk.offset)")
        }
        metadata.read(type: chunk.type, data: data, limits: limits)
      }
    }
  }

  /// Decodes the rows the exact-size stream could not deliver because one step crossed the
  /// limit: inflates `chunks` again with room for one more step (at most a 65,535-byte stored
  /// block or a 258-byte match past the image), so that every row is produced.
  private static func finishOverlong(
    _ file: UnsafeRawBufferPointer, chunks: [Range<Int>], rows: inout PNGRowDecoder, start: Int
  ) throws(DecodeError) {
    let expected = rows.header.filteredSize ?? 0
    var retry: InflateStream
    do {
      let (room, overflow) = expected.addingReportingOverflow(65_793)
      retry = try InflateStream(
        format: .zlib, limits: InflateLimits(maxOutputBytes: overflow ? Int.max : room))
    } catch {
      throw .compressedData(format: .png, offset: start, error)
    }
    for range in chunks {
      do { try retry.append(UnsafeRawBufferPointer(rebasing: file[range])) } catch {
        guard case .outputLimitExceeded = error else {
          throw .compressedData(format: .png, offset: start, error)
        }
        break
      }
      if retry.output.count >= expected { break }
    }
    if let rowError = retry.output.withUnsafeBytes({ rows.consume($0) }) { throw rowError }
    guard rows.isComplete else {
      throw .compressedData(
        format: .png, offset: start, .outputLongerThanExpected(expected: expected))
    }
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
