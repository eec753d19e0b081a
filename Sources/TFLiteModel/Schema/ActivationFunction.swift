/// The activation fused into an op's output (`ActivationFunctionType` in the TFLite schema).
public enum ActivationFunction: Int8, Sendable, CustomStringConvertible {
  /// No activation.
  case none = 0
  /// `max(0, x)`.
  case relu = 1
  /// `min(1, max(-1, x))`.
  case reluN1To1 = 2
  /// `min(6, max(0, x))`.
  case relu6 = 3
  /// `tanh(x)`.
  case tanh = 4
  /// Sign bit (unused by current converters).
  case signBit = 5

  /// Reads the `fused_activation_function` field `fieldID` of an options table (NONE when the
  /// table or field is absent).
  init(_ table: FlatBufferTable?, fieldID: Int) throws(FlatBufferError) {
    self =
      try table?.enumeration(
        fieldID, "fused_activation_function", "ActivationFunctionType", ActivationFunction.init)
      ?? .none
  }

  public var description: String { Self.schemaNames[Int(rawValue)] }

  /// The schema names, by raw value.
  private static let schemaNames: [String] = [
    "NONE", "RELU", "RELU_N1_TO_1", "RELU6", "TANH", "SIGN_BIT",
  ]
}
