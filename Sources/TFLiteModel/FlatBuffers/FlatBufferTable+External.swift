extension FlatBufferTable {
  /// Bytes addressed by an absolute file offset and size held in two `ulong` fields, the layout
  /// large models use for data placed after the FlatBuffer. Nil when the offset is 0 or 1 (the
  /// converter's "not used" values); an error when the bytes run past the end of the file.
  /// A view into the file, not a copy.
  func bytesAfterFlatBuffer(offsetID: Int, _ offsetField: String, sizeID: Int, _ sizeField: String)
    throws(FlatBufferError) -> ModelBytes?
  {
    let offset = try integer(offsetID, offsetField, default: UInt64(0))
    let size = try integer(sizeID, sizeField, default: UInt64(0))
    guard offset > 1 else { return nil }
    let fileSize = UInt64(reader.bytes.count)
    guard offset <= fileSize, size <= fileSize - offset else {
      throw error(
        offsetField,
        .invalidValue(
          "\(size) bytes at file offset \(offset) run past the end of the file (\(fileSize) bytes)")
      )
    }
    return reader.bytes[Int(offset)..<Int(offset + size)]
  }
}
