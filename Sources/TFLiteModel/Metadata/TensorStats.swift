/// The value range a tensor was observed to take (`Stats`); informational. A single value
/// applies to every channel.
public struct TensorStats: Sendable, Equatable {
  public internal(set) var max, min: [Float]

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    max = try t.floats(0, "max") ?? []
    min = try t.floats(1, "min") ?? []
  }
}
