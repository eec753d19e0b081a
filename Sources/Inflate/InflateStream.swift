/// Incremental DEFLATE / zlib decompression for input that arrives in pieces, such as the
/// `IDAT` chunks of a PNG.
///
/// Feed chunks of any size, including single bytes, with ``append(_:)-(UnsafeRawBufferPointer)``;
/// the decompressed bytes accumulate in ``output``. Call ``finish()`` after the last chunk
/// to check that the stream is complete and take the output. Limits and errors are those
/// of ``Inflate``; once an error is thrown the stream stays failed and every later call
/// throws the same error. Input bytes after the end of the stream are counted in
/// ``trailingByteCount`` and otherwise ignored.
public struct InflateStream: Sendable {
  private var decoder: InflateDecoder
  private var out: InflateOutput
  /// Input bytes presented earlier but not consumed yet (at most a block header's worth).
  private var pending: [UInt8] = []
  private var failure: InflateError?
  /// Input bytes that arrived after the end of the stream.
  public private(set) var trailingByteCount = 0

  /// Creates a stream decoder.
  /// - Throws: ``InflateError/outputLimitExceeded(limit:)`` if `limits.expectedOutputBytes`
  ///   is above `limits.maxOutputBytes` (nothing is allocated then).
  public init(format: InflateFormat, limits: InflateLimits = InflateLimits()) throws(InflateError) {
    decoder = InflateDecoder(format: format)
    out = try InflateOutput(limits: limits, compressedSize: nil)
  }

  /// The bytes decompressed so far and not discarded (a view of the output buffer, not a
  /// copy): output bytes ``discardedByteCount`` onwards.
  public var output: ArraySlice<UInt8> { out.storage[0..<out.count] }

  /// Output bytes dropped by ``discardOutput(before:)``.
  public var discardedByteCount: Int { out.discarded }

  /// The back-reference window DEFLATE needs behind the newest output byte.
  public static let windowSize = 32_768

  /// Drops ``output`` bytes before index `position` (of the current ``output``) that the
  /// stream no longer needs, so that a caller consuming the output as it arrives (a PNG row
  /// decoder) keeps memory at O(window + chunk) instead of O(whole output). Keeps the last
  /// ``windowSize`` bytes and, for zlib, any byte not yet in the running Adler-32. Returns how
  /// many bytes were dropped (``output`` indexes shift down by that much). After a discard,
  /// ``finish()`` returns only the bytes still held.
  @discardableResult
  public mutating func discardOutput(before position: Int) -> Int {
    var bytes = min(position, out.count - Self.windowSize)
    if decoder.format == .zlib { bytes = min(bytes, decoder.checksummedCount) }
    guard bytes > 0 else { return 0 }
    out.discard(bytes)
    if decoder.format == .zlib { decoder.checksummedCount -= bytes }
    return bytes
  }

  /// Whether the end of the stream (and, for zlib, its verified trailer) has been reached.
  public var isFinished: Bool { decoder.isDone }

  /// Decompresses as much as `chunk`, appended to earlier input, allows.
  /// - Throws: ``InflateError`` for corrupt data or exceeded limits (never for input that
  ///   merely ends early; that is reported by ``finish()``).
  public mutating func append(_ chunk: UnsafeRawBufferPointer) throws(InflateError) {
    if let failure { throw failure }
    if decoder.isDone {
      trailingByteCount += chunk.count
      return
    }
    do {
      try Self.feed(chunk, decoder: &decoder, output: &out, pending: &pending)
      if decoder.isDone {
        trailingByteCount += pending.count
        pending = []
      }
    } catch {
      failure = error
      throw error
    }
  }

  /// Decompresses as much as `chunk` allows; contiguous collections such as `[UInt8]` and
  /// `ArraySlice<UInt8>` are read in place. See ``append(_:)-(UnsafeRawBufferPointer)``.
  public mutating func append(_ chunk: some Collection<UInt8>) throws(InflateError) {
    let result: Result<Void, InflateError>? = chunk.withContiguousStorageIfAvailable { buffer in
      Result { () throws(InflateError) in try append(UnsafeRawBufferPointer(buffer)) }
    }
    if let result {
      try result.get()
    } else {
      try Array(chunk).withUnsafeBufferPointer { (buffer) throws(InflateError) in
        try append(UnsafeRawBufferPointer(buffer))
      }
    }
  }

  /// Declares the end of the input and returns the complete output.
  /// - Throws: ``InflateError/unexpectedEndOfInput(byteOffset:)`` if the stream is
  ///   incomplete, ``InflateError/outputShorterThanExpected(expected:actual:)`` if an exact
  ///   size was set and not reached, or the error that already stopped the stream.
  public mutating func finish() throws(InflateError) -> [UInt8] {
    if let failure { throw failure }
    if !decoder.isDone {
      let error = InflateError.unexpectedEndOfInput(
        byteOffset: decoder.consumedBefore + pending.count)
      failure = error
      throw error
    }
    if out.isExact && out.discarded + out.count != out.limit {
      let error = InflateError.outputShorterThanExpected(
        expected: out.limit, actual: out.discarded + out.count)
      failure = error
      throw error
    }
    out.trim()
    return out.storage
  }

  /// Runs the decoder over the pending bytes plus `chunk` and keeps what it did not consume.
  private static func feed(
    _ chunk: UnsafeRawBufferPointer, decoder: inout InflateDecoder, output: inout InflateOutput,
    pending: inout [UInt8]
  ) throws(InflateError) {
    if pending.isEmpty {
      let consumed = try decoder.run(input: chunk, isFinal: false, output: &output)
      if consumed < chunk.count {
        pending.append(contentsOf: chunk[consumed...])
      }
    } else {
      pending.append(contentsOf: chunk)
      let consumed = try pending.withUnsafeBufferPointer { (buffer) throws(InflateError) in
        try decoder.run(input: UnsafeRawBufferPointer(buffer), isFinal: false, output: &output)
      }
      pending.removeFirst(consumed)
    }
  }
}
