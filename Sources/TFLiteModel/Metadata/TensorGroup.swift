/// Tensors that belong together (`TensorGroup`, metadata 1.2.0), e.g. a detector's location,
/// category and score outputs in the group `detection_result`.
public struct TensorGroup: Sendable, Equatable {
  public internal(set) var name: String
  /// Names of the member tensors' metadata, in order.
  public internal(set) var tensorNames: [String]

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    name = try t.string(0, "name") ?? ""
    tensorNames = try t.strings(1, "tensor_names") ?? []
  }
}
