/// Options of `WHILE` (`WhileOptions`): indices into the model's subgraphs (0 when unset).
public struct WhileOptions: BuiltinOptionsTable {
  /// The subgraph computing whether to run the body again, and the loop body.
  public internal(set) var conditionSubgraph, bodySubgraph: Int

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    conditionSubgraph = try table.int(0, "cond_subgraph_index")
    bodySubgraph = try table.int(1, "body_subgraph_index")
  }
}
