/// One node of a subgraph (`Operator` in the TFLite schema).
public struct Operator: Sendable, Equatable {
  /// Index into ``Model/operatorCodes``.
  public var opcodeIndex: Int
  /// Input tensor indices into the subgraph's tensors; -1 marks an omitted optional input.
  public var inputs: [Int]
  /// Output tensor indices.
  public var outputs: [Int]
  /// Intermediate tensors some quantized kernels use (e.g. LSTM); usually empty.
  public var intermediates: [Int]
  /// Variable inputs the op writes to, one flag per input; usually empty.
  public var mutatingVariableInputs: [Bool]
  /// The decoded builtin options.
  public var builtinOptions: BuiltinOptions
  /// The custom operator's options: a view into the model bytes (no copy), or nil.
  /// Stored inline or, for very large models, after the FlatBuffer at an absolute file offset.
  public var customOptions: ArraySlice<UInt8>?
  /// Encoding of ``customOptions``; 0 is FlexBuffers, the only format the schema defines.
  public var customOptionsFormat: Int8

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
    let optionsType = try t.unionType(3, "builtin_options_type")
    do {
      builtinOptions = try BuiltinOptions(
        type: optionsType, table: t.unionValue(3, "builtin_options"))
    } catch {
      throw error.path == ["builtin_options"] ? error : error.within("builtin_options")
    }
    customOptionsFormat = try t.integer(6, "custom_options_format", default: Int8(0))
    mutatingVariableInputs =
      try t.integers(7, "mutating_variable_inputs", as: UInt8.self)?.map { $0 != 0 } ?? []
    intermediates = try Self.tensorIndices(
      t, 8, "intermediates", tensorCount: tensorCount, allowOmitted: false)
    let reader = t.reader
    if let range = try t.byteRange(5, "custom_options") {
      customOptions = reader.bytes[range]
    } else {
      let offset = try t.integer(9, "large_custom_options_offset", default: UInt64(0))
      let size = try t.integer(10, "large_custom_options_size", default: UInt64(0))
      if offset > 1 {
        guard offset <= UInt64(reader.bytes.count), size <= UInt64(reader.bytes.count) - offset
        else {
          throw t.error(
            "large_custom_options_offset",
            .invalidValue(
              "\(size) bytes at file offset \(offset) run past the end of the file (\(reader.bytes.count) bytes)"
            ))
        }
        customOptions = reader.bytes[Int(offset)..<Int(offset + size)]
      } else {
        customOptions = nil
      }
    }
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
