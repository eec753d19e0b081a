/// Options of `TRANSPOSE_CONV` (`TransposeConvOptions`). Strides are in pixels.
public struct TransposeConvOptions: BuiltinOptionsTable {
  /// How the window meets the border (SAME when unset).
  public internal(set) var padding: Padding
  /// The window's step across and down, in pixels (0 when unset).
  public internal(set) var strideWidth, strideHeight: Int
  /// The activation fused into the output (NONE when unset).
  public internal(set) var activation: ActivationFunction
  /// For int16 activations: the bias and accumulator type (`int32` or `int64`); `float32`
  /// (the default) means unset.
  public internal(set) var quantizedBiasType: TensorType

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    (padding, strideWidth, strideHeight) = try table.window()
    activation = try table.activation(3)
    quantizedBiasType = try table.tensorType(4, "quantized_bias_type")
  }
}
