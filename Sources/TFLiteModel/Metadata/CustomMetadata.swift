/// Application-defined metadata (`CustomMetadata`, metadata 1.5.0): a name and opaque bytes.
public struct CustomMetadata: Sendable, Equatable {
  public internal(set) var name: String
  /// The bytes (a copy, indexed from 0).
  public internal(set) var data: ArraySlice<UInt8>

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    name = try t.string(0, "name") ?? ""
    let range = try t.byteRange(1, "data") ?? 0..<0
    data = ArraySlice(t.reader.bytes[range])
  }
}
