/// Options of `AVERAGE_POOL_2D`, `MAX_POOL_2D` and `L2_POOL_2D` (`Pool2DOptions`), in pixels.
public struct Pool2DOptions: BuiltinOptionsTable {
  /// How the window meets the border (SAME when unset).
  public internal(set) var padding: Padding
  /// The window's step and size across and down, in pixels (0 when unset).
  public internal(set) var strideWidth, strideHeight, filterWidth, filterHeight: Int
  /// The activation fused into the output (NONE when unset).
  public internal(set) var activation: ActivationFunction

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    (padding, strideWidth, strideHeight) = try table.window()
    filterWidth = try table.int(3, "filter_width")
    filterHeight = try table.int(4, "filter_height")
    activation = try table.activation(5)
  }
}
