/// Options of `IF` (`IfOptions`): indices into the model's subgraphs (0 when unset).
public struct IfOptions: BuiltinOptionsTable {
  /// The subgraphs run when the condition is true and when it is false.
  public internal(set) var thenSubgraph, elseSubgraph: Int

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    thenSubgraph = try table.int(0, "then_subgraph_index")
    elseSubgraph = try table.int(1, "else_subgraph_index")
  }
}
