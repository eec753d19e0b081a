/// One node of a subgraph (`Operator` in the TFLite schema).
public struct Operator: Sendable, Equatable {
  /// Index into ``ModelFile/operatorCodes``.
  public internal(set) var opcodeIndex: Int
  /// Input tensor indices into the subgraph's tensors; -1 marks an omitted optional input.
  public internal(set) var inputs: [Int]
  /// Output tensor indices.
  public internal(set) var outputs: [Int]
  /// Intermediate tensors some quantized kernels use (e.g. LSTM); usually empty.
  public internal(set) var intermediates: [Int]
  /// Variable inputs the op writes to, one flag per input; usually empty.
  public internal(set) var mutatingVariableInputs: [Bool]
  /// The decoded builtin options.
  public internal(set) var builtinOptions: BuiltinOptions
  /// The custom operator's options (a small copy, indexed from 0), or nil.
  /// Stored inline or, for very large models, after the FlatBuffer at an absolute file offset.
  public internal(set) var customOptions: ArraySlice<UInt8>?
  /// Encoding of ``customOptions``; 0 is FlexBuffers, the only format the schema defines.
  public internal(set) var customOptionsFormat: Int8

  init(_ t: FlatBufferTable, tensorCount: Int, operatorCodeCount: Int) throws(FlatBufferError) {
    let opcode = try t.integer(0, "opcode_index", default: UInt32(0))
    guard Int(opcode) < operatorCodeCount else {
      throw t.error(
        "opcode_index",
        .indexOutOfRange(Int64(opcode), count: operatorCodeCount, of: "operator code"))
    }
    opcodeIndex = Int(opcode)
    inputs = try Self.tensorIndices(t, 1, "inputs", tensorCount: tensorCount, allowOmitted: true)
    outputs = try Self.tensorIndices(t, 2, "outputs", tensorCount: tensorCount, allowOmitted: false)
    builtinOptions = try t.union(
      3, type: "builtin_options_type", value: "builtin_options", BuiltinOptions.init)
    customOptionsFormat = try t.integer(6, "custom_options_format", default: Int8(0))
    mutatingVariableInputs =
      try t.integers(7, "mutating_variable_inputs", as: UInt8.self)?.map { $0 != 0 } ?? []
    intermediates = try Self.tensorIndices(
      t, 8, "intermediates", tensorCount: tensorCount, allowOmitted: false)
    if let range = try t.byteRange(5, "custom_options") {
      customOptions = ArraySlice(t.reader.bytes[range])
    } else {
      customOptions = try t.bytesAfterFlatBuffer(
        offsetID: 9, "large_custom_options_offset", sizeID: 10, "large_custom_options_size"
      ).map { ArraySlice($0) }
    }
    // Not decoded, but verified: builtin_options_2, debug_metadata_index.
    try t.verify(as: "Operator", in: .tflite, only: [11, 12, 13])
  }

  /// Reads a vector of tensor indices, each checked against the subgraph's tensor count.
  static func tensorIndices(
    _ t: FlatBufferTable, _ id: Int, _ field: String, tensorCount: Int, allowOmitted: Bool
  ) throws(FlatBufferError) -> [Int] {
    guard let indices = try t.ints(id, field) else { return [] }
    for (position, index) in indices.enumerated()
    where index >= tensorCount || index < (allowOmitted ? -1 : 0) {
      throw t.error(
        "\(field)[\(position)]", .indexOutOfRange(Int64(index), count: tensorCount, of: "tensor"))
    }
    return indices
  }
}
