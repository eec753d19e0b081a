/// An inclusive range of dimension indices (`ValueRange` in the metadata schema), e.g. which
/// dimensions of a detector output hold the content (`{min: 2, max: 2}`).
public struct ValueRange: Sendable, Equatable {
  /// First dimension, inclusive.
  public internal(set) var min: Int
  /// Last dimension, inclusive.
  public internal(set) var max: Int

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    min = Int(try t.integer(0, "min", default: Int32(0)))
    max = Int(try t.integer(1, "max", default: Int32(0)))
  }
}
