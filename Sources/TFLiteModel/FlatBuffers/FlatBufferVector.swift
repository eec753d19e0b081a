/// Where a FlatBuffer vector's elements lie: checked to fit inside the buffer.
struct FlatBufferVector {
  /// Absolute position of the first element.
  let elements: Int
  /// Number of elements.
  let count: Int
}

extension FlatBufferReader {
  /// Reads the length prefix of the vector at `position` and checks its elements fit.
  func vector(at position: Int, elementSize: Int, field: String) throws(FlatBufferError)
    -> FlatBufferVector
  {
    try check(position, length: 4, field: field)
    guard let count = Int(exactly: u32(position)) else {
      throw FlatBufferError(
        path: [field], offset: position, problem: .outOfBounds(length: Int.max, bufferEnd: end))
    }
    try check(position + 4, length: count * elementSize, field: field)
    return FlatBufferVector(elements: position + 4, count: count)
  }

  /// Reads the string at `position`: length, UTF-8 bytes, then a NUL that must be present.
  func string(at position: Int, field: String) throws(FlatBufferError) -> String {
    let vector = try vector(at: position, elementSize: 1, field: field)
    let terminator = vector.elements + vector.count
    try check(terminator, length: 1, field: field)
    guard u8(terminator) == 0 else {
      throw FlatBufferError(path: [field], offset: terminator, problem: .stringNotTerminated)
    }
    try charge(vector.count, at: position, field: field)
    return String(decoding: bytes[vector.elements..<terminator], as: UTF8.self)
  }
}
