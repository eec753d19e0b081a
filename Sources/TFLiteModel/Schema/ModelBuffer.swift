/// Constant data of a model (`Buffer` in the TFLite schema): weights, biases, metadata.
public struct ModelBuffer: Sendable, Equatable {
  /// The bytes: a view into the loaded file, never a copy. Empty when the buffer holds no data
  /// (converters make buffer 0 such a sentinel). Converters align inline data to 16 bytes, but
  /// nothing checks it: read elements with unaligned loads or check the address first.
  public internal(set) var data: ModelBytes
  /// True when the bytes live after the FlatBuffer, addressed by the `offset`/`size` fields
  /// (the layout converters use for models over 2 GB).
  public internal(set) var isOutsideFlatBuffer: Bool

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    if let range = try t.byteRange(0, "data") {
      data = t.reader.bytes[range]
      isOutsideFlatBuffer = false
    } else if let outside = try t.bytesAfterFlatBuffer(offsetID: 1, "offset", sizeID: 2, "size") {
      data = outside
      isOutsideFlatBuffer = true
    } else {
      data = t.reader.bytes[0..<0]
      isOutsideFlatBuffer = false
    }
  }
}
