/// One-shot DEFLATE (RFC 1951) and zlib (RFC 1950) decompression.
///
/// Decodes stored, fixed-Huffman and dynamic-Huffman blocks with table-driven Huffman
/// decoding and a 64-bit bit buffer. Every code is validated as zlib does, back-references
/// are checked against the output produced so far, and output never grows past
/// ``InflateLimits``. Bytes after the end of the stream (after the Adler-32 trailer for
/// `.zlib`) are ignored, as zlib does. For input that arrives in pieces use ``InflateStream``.
public enum Inflate {
  /// Decompresses the whole stream in `input`.
  ///
  /// - Parameters:
  ///   - input: The compressed bytes.
  ///   - format: `.raw` for bare DEFLATE, `.zlib` for a zlib stream (header and Adler-32 checked).
  ///   - limits: The output cap and, optionally, the exact expected size.
  /// - Returns: The decompressed bytes.
  /// - Throws: ``InflateError`` naming what was wrong and where; truncated input throws
  ///   ``InflateError/unexpectedEndOfInput(byteOffset:)``.
  public static func decompress(
    _ input: UnsafeRawBufferPointer, format: InflateFormat, limits: InflateLimits = InflateLimits()
  ) throws(InflateError) -> [UInt8] {
    var output = try InflateOutput(limits: limits, compressedSize: input.count)
    var decoder = InflateDecoder(format: format)
    _ = try decoder.run(input: input, isFinal: true, output: &output)
    // A final run either finishes the stream or throws.
    guard decoder.isDone else { throw .unexpectedEndOfInput(byteOffset: input.count) }
    if output.isExact && output.count != output.limit {
      throw .outputShorterThanExpected(expected: output.limit, actual: output.count)
    }
    output.trim()
    return output.storage
  }

  /// Decompresses the whole stream in `input`; see ``decompress(_:format:limits:)-(UnsafeRawBufferPointer,_,_)``.
  public static func decompress(
    _ input: [UInt8], format: InflateFormat, limits: InflateLimits = InflateLimits()
  ) throws(InflateError) -> [UInt8] {
    try input.withUnsafeBufferPointer { (buffer) throws(InflateError) in
      try decompress(UnsafeRawBufferPointer(buffer), format: format, limits: limits)
    }
  }

  /// Decompresses the whole stream in `input` (read in place, without copying); see
  /// ``decompress(_:format:limits:)-(UnsafeRawBufferPointer,_,_)``.
  public static func decompress(
    _ input: ArraySlice<UInt8>, format: InflateFormat, limits: InflateLimits = InflateLimits()
  ) throws(InflateError) -> [UInt8] {
    try input.withUnsafeBufferPointer { (buffer) throws(InflateError) in
      try decompress(UnsafeRawBufferPointer(buffer), format: format, limits: limits)
    }
  }
}
