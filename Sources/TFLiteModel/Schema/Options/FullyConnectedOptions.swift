/// Options of `FULLY_CONNECTED` (`FullyConnectedOptions`).
public struct FullyConnectedOptions: BuiltinOptionsTable {
  /// Layout of the weights: 0 = default row-major `[outputs, inputs]`, 1 = `SHUFFLED4x16INT8`.
  public enum WeightsFormat: Int8, Sendable {
    case `default` = 0
    case shuffled4x16Int8 = 1
  }

  /// The activation fused into the output (NONE when unset).
  public internal(set) var activation: ActivationFunction
  /// The weights' layout (`default` when unset).
  public internal(set) var weightsFormat: WeightsFormat
  /// Keep the input's leading dimensions in the output instead of flattening to 2-D.
  public internal(set) var keepNumDims: Bool
  /// Hybrid models: quantize float inputs asymmetrically on the fly.
  public internal(set) var asymmetricQuantizeInputs: Bool
  /// For int16 activations: the bias type; `float32` (the default) means unset.
  public internal(set) var quantizedBiasType: TensorType

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    activation = try table.activation(0)
    weightsFormat = try table.enumeration(
      1, "weights_format", "FullyConnectedOptionsWeightsFormat", fallback: .default,
      WeightsFormat.init)
    keepNumDims = try table.flag(2, "keep_num_dims")
    asymmetricQuantizeInputs = try table.flag(3, "asymmetric_quantize_inputs")
    quantizedBiasType = try table.tensorType(4, "quantized_bias_type")
  }
}
