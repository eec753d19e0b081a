/// The resumable DEFLATE / zlib decoder behind ``Inflate`` and ``InflateStream``.
///
/// `run` decodes as far as the given input allows and returns how many bytes it consumed.
/// Every unit (zlib header, block header, one literal or match, part of a stored block,
/// trailer) is decoded atomically: when the input ends inside one and more input may come,
/// the decoder rewinds to the unit's start and asks for more. Between runs it keeps fewer
/// than 8 bits, so the caller re-presents the unconsumed bytes followed by new ones.
struct InflateDecoder: Sendable {
  /// Where the decoder is in the stream.
  enum Phase: Equatable, Sendable {
    case zlibHeader
    case blockHeader
    case stored(remaining: Int)
    case huffman
    case zlibTrailer
    case done
  }

  /// What `decodeHuffman` stopped for.
  enum HuffmanStatus {
    case endOfBlock
    case needsInput
    case needsOutput(Int)
  }

  let format: InflateFormat
  var phase: Phase
  /// Whether the current block has BFINAL set.
  var isLastBlock = false
  /// Bits carried over from the previous run (fewer than 8).
  var bitBuffer: UInt64 = 0
  var bitCount = 0
  /// Input bytes consumed by earlier runs; added to positions in errors.
  var consumedBefore = 0
  /// Whether the current Huffman block uses the fixed code.
  var usesFixedTables = false
  /// Dynamic tables, allocated on the first dynamic block.
  var literalTable: [UInt32] = []
  var distanceTable: [UInt32] = []
  /// Adler-32 of `output[0..<checksummedCount]` (zlib only).
  var adler = Adler32()
  var checksummedCount = 0

  init(format: InflateFormat) {
    self.format = format
    phase = format == .zlib ? .zlibHeader : .blockHeader
  }

  /// Whether the whole stream (and its trailer) has been decoded.
  var isDone: Bool { phase == .done }

  /// Decodes from `input` into `output` until the input runs out or the stream ends, and
  /// returns the number of input bytes consumed (the rest must be presented again, before
  /// any new input). With `isFinal`, running out of input is an error.
  mutating func run(
    input: UnsafeRawBufferPointer, isFinal: Bool, output: inout InflateOutput
  ) throws(InflateError) -> Int {
    if phase == .done { return 0 }
    guard let base = input.baseAddress, input.count > 0 else {
      if isFinal { throw .unexpectedEndOfInput(byteOffset: consumedBefore) }
      return 0
    }
    try output.makeRoom(0)
    var cursor = BitCursor(
      base: base, end: input.count, position: 0, buffer: bitBuffer, count: bitCount)
    loop: while true {
      switch phase {
      case .zlibHeader:
        guard try readZlibHeader(&cursor, isFinal: isFinal) else { break loop }
      case .blockHeader:
        guard try readBlockHeader(&cursor, isFinal: isFinal) else { break loop }
      case .stored(let remaining):
        guard try copyStored(remaining: remaining, &cursor, isFinal: isFinal, output: &output)
        else { break loop }
      case .huffman:
        switch try decodeHuffman(&cursor, isFinal: isFinal, output: &output) {
        case .endOfBlock:
          finishBlock()
        case .needsInput:
          break loop
        case .needsOutput(let needed):
          try output.makeRoom(needed)
        }
      case .zlibTrailer:
        guard try readZlibTrailer(&cursor, isFinal: isFinal, output: output) else { break loop }
      case .done:
        break loop
      }
    }
    // Hand whole unread bytes back to the caller; keep the partial byte's bits.
    let consumed = cursor.position - cursor.count / 8
    bitCount = cursor.count & 7
    bitBuffer = cursor.buffer & ((1 << UInt64(bitCount)) - 1)
    consumedBefore += consumed
    if format == .zlib && phase != .done { updateChecksum(output) }
    return consumed
  }

  /// Moves past the end of a block.
  mutating func finishBlock() {
    if isLastBlock {
      phase = format == .zlib ? .zlibTrailer : .done
    } else {
      phase = .blockHeader
    }
  }

  /// The error for input that ended inside a unit that cannot be resumed.
  func endOfInput(_ cursor: BitCursor) -> InflateError {
    .unexpectedEndOfInput(byteOffset: consumedBefore + cursor.end)
  }

  /// The absolute bit offset of a position within this run's input.
  func absoluteBit(_ bitPosition: Int) -> Int {
    consumedBefore * 8 + bitPosition
  }

  /// Extends the Adler-32 over output produced since the last update.
  mutating func updateChecksum(_ output: InflateOutput) {
    guard output.count > checksummedCount else { return }
    let start = checksummedCount
    let end = output.count
    output.storage.withUnsafeBufferPointer { buffer in
      adler.update(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[start..<end]))
    }
    checksummedCount = end
  }

  /// Reads the 2-byte zlib header. Returns `false` if more input is needed.
  mutating func readZlibHeader(_ cursor: inout BitCursor, isFinal: Bool) throws(InflateError)
    -> Bool
  {
    guard cursor.ensure(16) else {
      if isFinal { throw endOfInput(cursor) }
      return false
    }
    let cmf = UInt8(cursor.take(8))
    let flg = UInt8(cursor.take(8))
    guard (Int(cmf) * 256 + Int(flg)) % 31 == 0 else {
      throw .zlibHeaderCheckFailed(cmf: cmf, flg: flg)
    }
    guard cmf & 0x0F == 8 else { throw .unsupportedZlibMethod(method: Int(cmf & 0x0F)) }
    guard cmf >> 4 <= 7 else { throw .invalidZlibWindowSize(cinfo: Int(cmf >> 4)) }
    guard flg & 0x20 == 0 else { throw .presetDictionaryUnsupported }
    phase = .blockHeader
    return true
  }

  /// Reads and verifies the Adler-32 trailer. Returns `false` if more input is needed.
  mutating func readZlibTrailer(
    _ cursor: inout BitCursor, isFinal: Bool, output: InflateOutput
  ) throws(InflateError) -> Bool {
    let saved = cursor
    cursor.alignToByte()
    let trailerByte = consumedBefore + cursor.bitPosition / 8
    guard cursor.ensure(32) else {
      if isFinal { throw endOfInput(cursor) }
      cursor = saved
      return false
    }
    var expected: UInt32 = 0
    for _ in 0..<4 {
      expected = (expected << 8) | UInt32(cursor.take(8))
    }
    updateChecksum(output)
    let computed = adler.value
    guard computed == expected else {
      throw .checksumMismatch(expected: expected, computed: computed, byteOffset: trailerByte)
    }
    phase = .done
    return true
  }

  /// Copies (part of) a stored block. Returns `false` if more input is needed.
  mutating func copyStored(
    remaining: Int, _ cursor: inout BitCursor, isFinal: Bool, output: inout InflateOutput
  ) throws(InflateError) -> Bool {
    var remaining = remaining
    while remaining > 0 {
      let available = cursor.end - cursor.position
      if available == 0 {
        phase = .stored(remaining: remaining)
        if isFinal { throw endOfInput(cursor) }
        return false
      }
      let chunk = min(remaining, available)
      try output.makeRoom(chunk)
      let source = cursor.base + cursor.position
      let start = output.count
      output.storage.withUnsafeMutableBufferPointer { buffer in
        UnsafeMutableRawBufferPointer(buffer).baseAddress?.advanced(by: start)
          .copyMemory(from: source, byteCount: chunk)
      }
      output.count += chunk
      cursor.position += chunk
      remaining -= chunk
    }
    finishBlock()
    return true
  }
}
