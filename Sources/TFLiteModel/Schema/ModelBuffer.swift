/// Constant data of a model (`Buffer` in the TFLite schema): weights, biases, metadata.
public struct ModelBuffer: Sendable, Equatable {
  /// The bytes: a view into the loaded file, never a copy. Empty when the buffer holds no data
  /// (buffer 0 is always such a sentinel). Inline data is 16-byte aligned within the file.
  public var data: ArraySlice<UInt8>
  /// True when the bytes live after the FlatBuffer, addressed by the `offset`/`size` fields
  /// (the layout converters use for models over 2 GB).
  public var isOutsideFlatBuffer: Bool

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    let reader = t.reader
    if let range = try t.byteRange(0, "data") {
      data = reader.bytes[range]
      isOutsideFlatBuffer = false
      return
    }
    let offset = try t.integer(1, "offset", default: UInt64(0))
    let size = try t.integer(2, "size", default: UInt64(0))
    if offset > 1 {
      guard offset <= UInt64(reader.bytes.count), size <= UInt64(reader.bytes.count) - offset else {
        throw t.error(
          "offset",
          .invalidValue(
            "\(size) bytes at file offset \(offset) run past the end of the file (\(reader.bytes.count) bytes)"
          ))
      }
      data = reader.bytes[Int(offset)..<Int(offset + size)]
      isOutsideFlatBuffer = true
    } else {
      data = reader.bytes[0..<0]
      isOutsideFlatBuffer = false
    }
  }
}
