/// Builders for small synthetic TFLite models and metadata, for schema features and hostile
/// cases the shared models do not have. Field ids follow schema.fbs and metadata_schema.fbs.
public enum SyntheticModel {
  public typealias Node = TestFlatBuffer

  public static func tensor(
    _ name: String, shape: [Int32], type: Int8 = 0, buffer: UInt32 = 0, extra: [Int: Node] = [:]
  ) -> Node {
    var fields: [Int: Node] = [
      0: .int32s(shape), 1: .int8(type), 2: .uint32(buffer), 3: .string(name),
    ]
    fields.merge(extra) { $1 }
    return .table(fields)
  }

  public static func op(
    _ opcode: UInt32, inputs: [Int32], outputs: [Int32], options: (UInt8, Node)? = nil,
    extra: [Int: Node] = [:]
  )
    -> Node
  {
    var fields: [Int: Node] = [0: .uint32(opcode), 1: .int32s(inputs), 2: .int32s(outputs)]
    if let (type, table) = options {
      fields[3] = .uint8(type)
      fields[4] = table
    }
    fields.merge(extra) { $1 }
    return .table(fields)
  }

  public static func opcode(
    builtin: Int32, deprecated: Int8? = nil, custom: String? = nil, version: Int32? = nil
  ) -> Node {
    var fields: [Int: Node] = [3: .int32(builtin), 0: .int8(deprecated ?? Int8(clamping: builtin))]
    if let custom { fields[1] = .string(custom) }
    if let version { fields[2] = .int32(version) }
    return .table(fields)
  }

  /// A model with one subgraph; buffer 0 is the empty sentinel unless `buffers` says otherwise.
  public static func model(
    opcodes: [Node], tensors: [Node], inputs: [Int32], outputs: [Int32], operators: [Node],
    buffers: [Node] = [.table([:])], extra: [Int: Node] = [:]
  ) -> Node {
    let subgraph: Node = .table([
      0: .vector(tensors), 1: .int32s(inputs), 2: .int32s(outputs), 3: .vector(operators),
      4: .string("main"),
    ])
    var fields: [Int: Node] = [
      0: .uint32(3), 1: .vector(opcodes), 2: .vector([subgraph]), 3: .string("synthetic"),
      4: .vector(buffers),
    ]
    fields.merge(extra) { $1 }
    return .table(fields)
  }

  public static func bytes(_ model: Node) -> [UInt8] {
    TestFlatBuffer.serialize(model, identifier: "TFL3")
  }

  /// A minimal valid model: one ADD of tensors 0 and 1 into 2.
  public static var minimal: Node {
    model(
      opcodes: [opcode(builtin: 0)],
      tensors: [
        tensor("a", shape: [1, 4]), tensor("b", shape: [1, 4]), tensor("sum", shape: [1, 4]),
      ],
      inputs: [0, 1], outputs: [2],
      operators: [op(0, inputs: [0, 1], outputs: [2], options: (11, .table([0: .int8(1)])))])
  }

  /// Metadata with one input and one output tensor, as a `M001` buffer.
  public static func metadata(_ root: [Int: Node]) -> [UInt8] {
    TestFlatBuffer.serialize(.table(root), identifier: "M001")
  }

  /// `minimal` with a `TFLITE_METADATA` entry holding `metadataBytes`.
  public static func withMetadata(_ metadataBytes: [UInt8], name: String = "TFLITE_METADATA")
    -> [UInt8]
  {
    bytes(
      model(
        opcodes: [opcode(builtin: 0)],
        tensors: [
          tensor("a", shape: [1, 4]), tensor("b", shape: [1, 4]), tensor("sum", shape: [1, 4]),
        ],
        inputs: [0, 1], outputs: [2], operators: [op(0, inputs: [0, 1], outputs: [2])],
        buffers: [.table([:]), .table([0: .bytes(metadataBytes)])],
        extra: [6: .vector([.table([0: .string(name), 1: .uint32(1)])])]))
  }
}
