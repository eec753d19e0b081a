/// Options of `CALL_ONCE` (`CallOnceOptions`).
public struct CallOnceOptions: BuiltinOptionsTable {
  /// The index of the subgraph run once, at the first invocation (0 when unset).
  public internal(set) var initSubgraph: Int

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    initSubgraph = try table.int(0, "init_subgraph_index")
  }
}
