/// Options of `SPACE_TO_DEPTH` (`SpaceToDepthOptions`).
public struct SpaceToDepthOptions: BuiltinOptionsTable {
  /// The side of the square pixel blocks, in pixels (0 when unset).
  public internal(set) var blockSize: Int

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    blockSize = try table.int(0, "block_size")
  }
}
