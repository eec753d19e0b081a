/// Reading the fields of a builtin options table that may be absent: a missing table, like a
/// missing field, reads as the schema's defaults.
extension Optional where Wrapped == FlatBufferTable {
  /// Int32 field `id` as an `Int`.
  func int(_ id: Int, _ field: String, default defaultValue: Int32 = 0) throws(FlatBufferError)
    -> Int
  {
    Int(try self?.integer(id, field, default: defaultValue) ?? defaultValue)
  }

  /// Bool field `id`.
  func flag(_ id: Int, _ field: String, default defaultValue: Bool = false)
    throws(FlatBufferError) -> Bool
  {
    try self?.bool(id, field, default: defaultValue) ?? defaultValue
  }

  /// Float field `id` (default 0).
  func real(_ id: Int, _ field: String) throws(FlatBufferError) -> Float {
    try self?.float(id, field, default: 0) ?? 0
  }

  /// `TensorType` field `id` (default `float32`).
  func tensorType(_ id: Int, _ field: String) throws(FlatBufferError) -> TensorType {
    try self?.enumeration(id, field, "TensorType", TensorType.init) ?? .float32
  }

  /// The fields that open the options of every windowed operator (`CONV_2D`,
  /// `DEPTHWISE_CONV_2D`, `TRANSPOSE_CONV`, the 2-D pools): `padding` (0), `stride_w` (1) and
  /// `stride_h` (2).
  func window() throws(FlatBufferError) -> (padding: Padding, strideWidth: Int, strideHeight: Int) {
    (try Padding(self, fieldID: 0), try int(1, "stride_w"), try int(2, "stride_h"))
  }

  /// `dilation_w_factor` (field `id`) and `dilation_h_factor` (`id + 1`), 1 when absent.
  func dilations(_ id: Int) throws(FlatBufferError) -> (width: Int, height: Int) {
    (
      try int(id, "dilation_w_factor", default: 1),
      try int(id + 1, "dilation_h_factor", default: 1)
    )
  }
}
