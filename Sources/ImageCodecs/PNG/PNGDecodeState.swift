import Inflate

/// What a PNG decode has gathered from the chunks after `IHDR` so far, and the handling of the
/// chunks that shape the pixels (`PLTE`, `tRNS`, `IDAT`, `IEND`) as ``PNGDecoder``'s chunk walk
/// meets them.
struct PNGDecodeState {
  /// The whole file.
  let file: UnsafeRawBufferPointer
  let header: PNGHeader
  let limits: DecodeLimits
  /// Whether the output is RGBA16 instead of RGBA8.
  let wide: Bool
  /// `PLTE` as R, G, B triples (empty before it).
  private var palette: [UInt8] = []
  private var sawPalette = false
  /// The raw `tRNS` data, once checked against the color type (empty when absent).
  private var transparency: [UInt8] = []
  private var sawTransparency = false
  /// Color metadata and the EXIF orientation.
  var metadata = PNGMetadata()
  /// The row decoder and the inflater, from the first `IDAT` on.
  private var rows: PNGRowDecoder?
  private var stream: InflateStream?
  /// Where the first `IDAT`'s data starts, for errors.
  private var imageDataStart = 0
  /// The data of every `IDAT` chunk up to the end of the image.
  private var imageDataChunks: [Range<Int>] = []
  /// Set when every row is decoded (or the stream ended); later `IDAT` data is ignored.
  private var imageDone = false
  /// Set when the stream produced more than the image needs (the extra is ignored).
  private var overlong = false

  init(file: UnsafeRawBufferPointer, header: PNGHeader, limits: DecodeLimits, wide: Bool) {
    self.file = file
    self.header = header
    self.limits = limits
    self.wide = wide
  }

  /// Whether image data has started (ancillary color chunks after it are ignored).
  var hasImageData: Bool { rows != nil }

  /// `PLTE`: at most one, before the image data, not in a grayscale image, 1...256 entries.
  mutating func readPalette(_ chunk: PNGChunk) throws(DecodeError) {
    guard rows == nil else {
      throw .invalid(format: .png, offset: chunk.offset, reason: "the PLTE chunk comes after IDAT")
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
    palette = Array(chunk.data(in: file))
  }

  /// `tRNS`: the first one before the image data, when its length suits the color type (as
  /// libpng: before `PLTE`, or longer than the palette, it is ignored).
  mutating func readTransparency(_ chunk: PNGChunk) {
    guard rows == nil, !sawTransparency else { return }
    sawTransparency = true
    let fits: Bool
    switch header.colorType {
    case .palette: fits = sawPalette && chunk.length <= palette.count / 3
    case .gray: fits = chunk.length == 2
    case .rgb: fits = chunk.length == 6
    case .grayAlpha, .rgba: fits = false
    }
    if fits { transparency = Array(chunk.data(in: file)) }
  }

  /// `IDAT`: streams the data into the inflater and decodes every row it completes.
  mutating func readImageData(_ chunk: PNGChunk) throws(DecodeError) {
    if rows == nil { try startImageData(at: chunk) }
    guard !imageDone else { return }
    imageDataChunks.append(chunk.dataStart..<(chunk.dataStart + chunk.length))
    // Taken out of the optionals (and put back below) so that their buffers stay uniquely
    // referenced and are never copied on write.
    guard var decoder = rows.take(), var inflater = stream.take() else { return }
    var failure: InflateError?
    do { try inflater.append(chunk.data(in: file)) } catch { failure = error }
    let rowError = inflater.output.withUnsafeBytes { decoder.consume($0) }
    if let rowError { throw rowError }
    // Rows decoded are no longer needed beyond the inflate window: dropping them keeps the
    // filtered data at O(window + chunk output), not a whole-image buffer freshly faulted
    // in on every decode.
    if decoder.consumed >= 4 * InflateStream.windowSize {
      decoder.rebase(droppingFirst: inflater.discardOutput(before: decoder.consumed))
    }
    if let failure {
      // libpng's "Too much image data" is benign: once every row is decoded, the rest is ignored.
      guard case .outputLongerThanExpected = failure else {
        throw .compressedData(format: .png, offset: imageDataStart, failure)
      }
      if !decoder.isComplete {
        // The step that crossed the exact limit (a match or stored block) was not written.
        try finishOverlong(&decoder, skipping: inflater.discardedByteCount)
      }
      imageDone = true
      overlong = true
    } else if inflater.isFinished {
      imageDone = true
    }
    rows = decoder
    stream = inflater
  }

  /// Creates the row decoder and the inflater at the first `IDAT`, with the exact size of the
  /// filtered rows the header implies (which the decoder checked against the limits).
  private mutating func startImageData(at chunk: PNGChunk) throws(DecodeError) {
    guard header.colorType != .palette || sawPalette else {
      throw .invalid(
        format: .png, offset: chunk.offset,
        reason: "the palette image has no PLTE chunk before IDAT")
    }
    let expected = header.filteredSize ?? 0
    let converter = PNGPixelConverter(header: header, palette: palette, transparency: transparency)
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

  /// `IEND` (at `chunk`): checks that the stream is complete (with its Adler-32) and exactly
  /// long enough, and returns the decoded rows.
  mutating func finish(at chunk: PNGChunk) throws(DecodeError) -> PNGRowDecoder {
    guard var decoder = rows.take(), var inflater = stream.take() else {
      throw .invalid(format: .png, offset: chunk.offset, reason: "IEND comes before any IDAT chunk")
    }
    if !overlong {
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
    return decoder
  }

  /// Decodes the rows the exact-size stream could not deliver because one step crossed the
  /// limit: inflates the image data again with room for one more step (at most a
  /// 65,535-byte stored block or a 258-byte match past the image), so that every row is
  /// produced.
  private func finishOverlong(_ rows: inout PNGRowDecoder, skipping skipped: Int)
    throws(DecodeError)
  {
    let expected = header.filteredSize ?? 0
    var retry: InflateStream
    do {
      let (room, overflow) = expected.addingReportingOverflow(65_793)
      retry = try InflateStream(
        format: .zlib, limits: InflateLimits(maxOutputBytes: overflow ? Int.max : room))
    } catch {
      throw .compressedData(format: .png, offset: imageDataStart, error)
    }
    for range in imageDataChunks {
      do { try retry.append(UnsafeRawBufferPointer(rebasing: file[range])) } catch {
        guard case .outputLimitExceeded = error else {
          throw .compressedData(format: .png, offset: imageDataStart, error)
        }
        break
      }
      if retry.output.count >= expected { break }
    }
    // The rows already decoded read the first stream's output from byte `skipped` on.
    let rowError = retry.output.withUnsafeBytes { output in
      rows.consume(UnsafeRawBufferPointer(rebasing: output[min(skipped, output.count)...]))
    }
    if let rowError { throw rowError }
    guard rows.isComplete else {
      throw .compressedData(
        format: .png, offset: imageDataStart, .outputLongerThanExpected(expected: expected))
    }
  }
}
