/// Unfilters the decompressed PNG pixel stream row by row as it grows and writes the pixels
/// as RGBA, so each row is converted while it is still in cache.
///
/// Handles one pass (non-interlaced) or the seven Adam7 passes, scattering interlaced pixels
/// to their image positions. Its buffers are sized by the header, which the caller has
/// checked against ``DecodeLimits`` before creating it.
struct PNGRowDecoder {
  /// Where decoding stands in the stream.
  private struct Cursor {
    var passIndex = 0
    var rowInPass = 0
    /// Bytes of the filtered stream consumed so far.
    var consumed = 0
    /// Which row slot holds the previous row (1...3; 0 is the zero row).
    var previousSlot = 0
  }

  let header: PNGHeader
  let converter: PNGPixelConverter
  /// Whether the output is RGBA16 (``rgba16``) instead of RGBA8 (``rgba8``).
  let wide: Bool
  private let passes: [PNGPass]
  /// Bytes per row slot: the widest row plus padding for 4-byte loads.
  private let slotSize: Int
  /// Four row slots: zeros (the row above a pass's first row), and three rotating rows.
  private var slots: [UInt8]
  private var cursor = Cursor()
  /// The RGBA8 output (empty when ``wide``).
  private(set) var rgba8: [UInt8]
  /// The RGBA16 output (empty unless ``wide``).
  private(set) var rgba16: [UInt16]

  /// Creates the decoder and allocates its output (`width × height × 4` samples).
  init(header: PNGHeader, converter: PNGPixelConverter, wide: Bool) {
    self.header = header
    self.converter = converter
    self.wide = wide
    passes = header.passes
    slotSize = header.rowBytes(pixels: header.width) + 8
    slots = [UInt8](repeating: 0, count: 4 * slotSize)
    let samples = header.width * header.height * 4
    // Left uninitialized: every sample is written once the last row of the last pass is
    // decoded (the passes together cover every pixel), and the output is returned only then.
    // Pages the data never reaches are never touched, so a header promising a huge image
    // with little data behind it costs address space, not memory.
    rgba8 =
      wide ? [] : [UInt8](unsafeUninitializedCapacity: samples) { _, count in count = samples }
    rgba16 =
      wide ? [UInt16](unsafeUninitializedCapacity: samples) { _, count in count = samples } : []
  }

  /// Whether every row of every pass has been decoded.
  var isComplete: Bool { cursor.passIndex >= passes.count }

  /// Bytes of the filtered stream consumed so far, counted from the start of the buffer
  /// `consume` is given (see ``rebase(droppingFirst:)``).
  var consumed: Int { cursor.consumed }

  /// Notes that the first `bytes` (≤ ``consumed``) of the stream buffer were dropped: the
  /// next `consume` is given the buffer without them.
  mutating func rebase(droppingFirst bytes: Int) {
    cursor.consumed -= bytes
  }

  /// Decodes every complete row of `stream` (the whole filtered stream produced so far) that
  /// has not been decoded yet.
  ///
  /// - Returns: an error for a row with a filter type other than 0...4, otherwise nil.
  mutating func consume(_ stream: UnsafeRawBufferPointer) -> DecodeError? {
    var cursor = self.cursor
    let passes = self.passes
    let header = self.header
    let converter = self.converter
    let slotSize = self.slotSize
    let wide = self.wide
    let error: DecodeError? = slots.withUnsafeMutableBufferPointer { slotBuffer in
      guard let slotBase = slotBuffer.baseAddress else { return nil }
      if wide {
        return rgba16.withUnsafeMutableBufferPointer { output in
          Self.decodeRows(
            stream, header: header, passes: passes, converter: converter, slots: slotBase,
            slotSize: slotSize,
            output8: nil, output16: output.baseAddress, cursor: &cursor)
        }
      }
      return rgba8.withUnsafeMutableBufferPointer { output in
        Self.decodeRows(
          stream, header: header, passes: passes, converter: converter, slots: slotBase,
          slotSize: slotSize,
          output8: output.baseAddress, output16: nil, cursor: &cursor)
      }
    }
    self.cursor = cursor
    return error
  }

  private static func decodeRows(
    _ stream: UnsafeRawBufferPointer, header: PNGHeader, passes: [PNGPass],
    converter: PNGPixelConverter,
    slots: UnsafeMutablePointer<UInt8>, slotSize: Int, output8: UnsafeMutablePointer<UInt8>?,
    output16: UnsafeMutablePointer<UInt16>?, cursor: inout Cursor
  ) -> DecodeError? {
    guard let base = stream.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
    let stride = header.filterStride
    let imageRowSamples = header.width * 4
    while cursor.passIndex < passes.count {
      let pass = passes[cursor.passIndex]
      let rowBytes = header.rowBytes(pixels: pass.width)
      @inline(__always) func convert(_ row: UnsafeMutablePointer<UInt8>, y: Int) {
        if let output8 {
          converter.convert8(
            row, count: pass.width, into: output8 + y * imageRowSamples, x0: pass.x0, dx: pass.dx)
        } else if let output16 {
          converter.convert16(
            row, count: pass.width, into: output16 + y * imageRowSamples, x0: pass.x0, dx: pass.dx)
        }
      }
      while cursor.rowInPass < pass.height {
        guard stream.count - cursor.consumed >= rowBytes + 1 else { return nil }
        let filterType = base[cursor.consumed]
        let previous = slots + cursor.previousSlot * slotSize
        let currentSlot = cursor.previousSlot % 3 + 1
        let current = slots + currentSlot * slotSize
        let y = pass.y0 + cursor.rowInPass * pass.dy
        // Two Paeth rows in a row (the common case in photos) are unfiltered together.
        if filterType == 4 && (stride == 3 || stride == 4) && cursor.rowInPass + 1 < pass.height
          && stream.count - cursor.consumed >= 2 * (rowBytes + 1)
          && base[cursor.consumed + rowBytes + 1] == 4
        {
          let nextSlot = currentSlot % 3 + 1
          let next = slots + nextSlot * slotSize
          PNGFilter.paethPair(
            base + cursor.consumed + 1, base + cursor.consumed + rowBytes + 2, previous: previous,
            current, next,
            count: rowBytes, stride: stride)
          convert(current, y: y)
          convert(next, y: y + pass.dy)
          cursor.consumed += 2 * (rowBytes + 1)
          cursor.previousSlot = nextSlot
          cursor.rowInPass += 2
          continue
        }
        guard
          PNGFilter.unfilter(
            type: filterType, source: base + cursor.consumed + 1, previous: previous,
            destination: current,
            count: rowBytes, stride: stride)
        else {
          let place =
            header.interlaced
            ? "row \(cursor.rowInPass) of Adam7 pass \(pass.number)" : "row \(cursor.rowInPass)"
          return .invalid(
            format: .png, offset: nil,
            reason:
              "\(place) has filter type \(filterType) (decompressed byte \(cursor.consumed)); only 0...4 exist"
          )
        }
        convert(current, y: y)
        cursor.consumed += rowBytes + 1
        cursor.previousSlot = currentSlot
        cursor.rowInPass += 1
      }
      cursor.passIndex += 1
      cursor.rowInPass = 0
      cursor.previousSlot = 0
    }
    return nil
  }
}
