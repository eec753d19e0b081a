/// A named entry point of a model (`SignatureDef` in the TFLite schema), e.g. `serving_default`.
public struct SignatureDef: Sendable, Equatable {
  /// A signature input or output: its public name and the tensor behind it.
  public struct TensorName: Sendable, Equatable {
    /// The name callers use.
    public internal(set) var name: String
    /// Index into the signature's subgraph's tensors.
    public internal(set) var tensorIndex: Int

    /// Pairs a public name with a tensor index.
    public init(name: String, tensorIndex: Int) {
      self.name = name
      self.tensorIndex = tensorIndex
    }
  }

  /// The signature's key, e.g. `serving_default`.
  public internal(set) var key: String
  /// Index into ``ModelFile/subgraphs``.
  public internal(set) var subgraphIndex: Int
  /// Named inputs.
  public internal(set) var inputs: [TensorName]
  /// Named outputs.
  public internal(set) var outputs: [TensorName]

  init(_ t: FlatBufferTable, subgraphs: [Subgraph]) throws(FlatBufferError) {
    let subgraph = try t.integer(4, "subgraph_index", default: UInt32(0))
    guard Int(subgraph) < subgraphs.count else {
      throw t.error(
        "subgraph_index", .indexOutOfRange(Int64(subgraph), count: subgraphs.count, of: "subgraph"))
    }
    subgraphIndex = Int(subgraph)
    key = try t.string(2, "signature_key") ?? ""
    let tensorCount = subgraphs[Int(subgraph)].tensors.count
    func names(_ id: Int, _ field: String) throws(FlatBufferError) -> [TensorName] {
      try t.tables(id, field) { map throws(FlatBufferError) in
        let index = try map.integer(1, "tensor_index", default: UInt32(0))
        guard Int(index) < tensorCount else {
          throw map.error(
            "tensor_index", .indexOutOfRange(Int64(index), count: tensorCount, of: "tensor"))
        }
        return TensorName(name: try map.string(0, "name") ?? "", tensorIndex: Int(index))
      }
    }
    inputs = try names(0, "inputs")
    outputs = try names(1, "outputs")
  }
}
