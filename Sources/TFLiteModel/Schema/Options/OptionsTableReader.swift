/// One builtin options table as the model stores it, under its union tag: what a
/// ``BuiltinOptionsTable`` type decodes itself from. A missing table, like a missing field,
/// reads as the schema's defaults. Only `TFLiteModel` reads the fields; every read is checked.
public struct OptionsTableReader {
  /// The union tag the table is stored under (types that decode several tags look at it).
  let tag: BuiltinOptionsType
  /// The table, nil when the model stores none.
  let table: FlatBufferTable?

  init(_ table: FlatBufferTable?, tag: BuiltinOptionsType) {
    self.table = table
    self.tag = tag
  }

  /// Int32 field `id` as an `Int`.
  func int(_ id: Int, _ field: String, default defaultValue: Int32 = 0) throws(FlatBufferError)
    -> Int
  {
    Int(try table?.integer(id, field, default: defaultValue) ?? defaultValue)
  }

  /// Bool field `id`.
  func flag(_ id: Int, _ field: String, default defaultValue: Bool = false)
    throws(FlatBufferError) -> Bool
  {
    try table?.bool(id, field, default: defaultValue) ?? defaultValue
  }

  /// Float field `id` (default 0).
  func real(_ id: Int, _ field: String) throws(FlatBufferError) -> Float {
    try table?.float(id, field, default: 0) ?? 0
  }

  /// `TensorType` field `id` (default `float32`).
  func tensorType(_ id: Int, _ field: String) throws(FlatBufferError) -> TensorType {
    try table?.enumeration(id, field, "TensorType", TensorType.init) ?? .float32
  }

  /// Enum field `id` of schema enum `enumName`, made by `make` from its raw value (an error
  /// where `make` returns nil); `fallback` when the table is absent.
  func enumeration<E>(
    _ id: Int, _ field: String, _ enumName: String, fallback: E, _ make: (Int8) -> E?
  ) throws(FlatBufferError) -> E {
    try table?.enumeration(id, field, enumName, make) ?? fallback
  }

  /// The `fused_activation_function` field `id` (NONE when absent).
  func activation(_ id: Int) throws(FlatBufferError) -> ActivationFunction {
    try ActivationFunction(table, fieldID: id)
  }

  /// Int32 vector field `id`, nil when absent.
  func ints(_ id: Int, _ field: String) throws(FlatBufferError) -> [Int]? {
    try table?.ints(id, field)
  }

  /// String field `id`, empty when absent.
  func string(_ id: Int, _ field: String) throws(FlatBufferError) -> String {
    try table?.string(id, field) ?? ""
  }

  /// The fields that open the options of every windowed operator (`CONV_2D`,
  /// `DEPTHWISE_CONV_2D`, `TRANSPOSE_CONV`, the 2-D pools): `padding` (0), `stride_w` (1) and
  /// `stride_h` (2).
  func window() throws(FlatBufferError) -> (padding: Padding, strideWidth: Int, strideHeight: Int) {
    (try Padding(table, fieldID: 0), try int(1, "stride_w"), try int(2, "stride_h"))
  }

  /// `dilation_w_factor` (field `id`) and `dilation_h_factor` (`id + 1`), 1 when absent.
  func dilations(_ id: Int) throws(FlatBufferError) -> (width: Int, height: Int) {
    (
      try int(id, "dilation_w_factor", default: 1),
      try int(id + 1, "dilation_h_factor", default: 1)
    )
  }
}
