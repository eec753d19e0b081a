/// Options of `LOCAL_RESPONSE_NORMALIZATION` (`LocalResponseNormalizationOptions`): each
/// value is divided by `(bias + alpha · Σ x²) ^ beta`, the sum over the channels within
/// `radius` of it. Every field is 0 when unset.
public struct LocalResponseNormalizationOptions: BuiltinOptionsTable {
  /// The half-width of the channel window.
  public internal(set) var radius: Int
  /// The divisor's terms: `bias` is added to the sum of squares scaled by `alpha`, `beta` is
  /// the exponent.
  public internal(set) var bias, alpha, beta: Float

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    radius = try table.int(0, "radius")
    bias = try table.real(1, "bias")
    alpha = try table.real(2, "alpha")
    beta = try table.real(3, "beta")
  }
}
