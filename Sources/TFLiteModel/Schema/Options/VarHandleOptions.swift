/// Options of `VAR_HANDLE` (`VarHandleOptions`): the resource variable's name, both parts
/// empty when unset.
public struct VarHandleOptions: BuiltinOptionsTable {
  /// The variable's container, and its name within the container.
  public internal(set) var container, sharedName: String

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    container = try table.string(0, "container")
    sharedName = try table.string(1, "shared_name")
  }
}
