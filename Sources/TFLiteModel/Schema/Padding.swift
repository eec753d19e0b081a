/// How a convolution or pooling window treats the image border (`Padding` in the TFLite schema).
public enum Padding: Int8, Sendable, CustomStringConvertible {
  /// Output size is `ceil(input / stride)`; the input is zero-padded (or ignored, for pooling)
  /// evenly, with the extra row/column at the bottom/right.
  case same = 0
  /// No padding: output size is `ceil((input - (filter - 1) * dilation) / stride)`.
  case valid = 1

  /// Reads the `padding` field `fieldID` of an options table (SAME when the table or field is absent).
  init(_ table: FlatBufferTable?, fieldID: Int) throws(FlatBufferError) {
    self = try table?.enumeration(fieldID, "padding", "Padding", Padding.init) ?? .same
  }

  public var description: String { self == .same ? "SAME" : "VALID" }
}
