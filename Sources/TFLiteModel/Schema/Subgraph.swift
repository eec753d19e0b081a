/// A graph of operators over tensors (`SubGraph` in the TFLite schema). The first subgraph of a
/// model is the main one; others are bodies of control-flow ops.
public struct Subgraph: Sendable, Equatable {
  /// The subgraph's name (may be empty).
  public internal(set) var name: String
  /// All tensors, indexed by the operators' inputs and outputs.
  public internal(set) var tensors: [ModelTensor]
  /// Tensor indices of the inputs, in the order callers feed them.
  public internal(set) var inputs: [Int]
  /// Tensor indices of the outputs, in the order they are returned.
  public internal(set) var outputs: [Int]
  /// The operators in execution order.
  public internal(set) var operators: [Operator]

  /// The input tensors, in order.
  public var inputTensors: [ModelTensor] { inputs.map { tensors[$0] } }
  /// The output tensors, in order.
  public var outputTensors: [ModelTensor] { outputs.map { tensors[$0] } }

  init(_ t: FlatBufferTable, bufferCount: Int, operatorCodeCount: Int) throws(FlatBufferError) {
    tensors =
      try t.tables(0, "tensors") { table throws(FlatBufferError) in
        try ModelTensor(table, bufferCount: bufferCount)
      }
    let count = tensors.count
    inputs = try Operator.tensorIndices(t, 1, "inputs", tensorCount: count, allowOmitted: false)
    outputs = try Operator.tensorIndices(t, 2, "outputs", tensorCount: count, allowOmitted: false)
    operators =
      try t.tables(3, "operators") { table throws(FlatBufferError) in
        try Operator(table, tensorCount: count, operatorCodeCount: operatorCodeCount)
      }
    name = try t.string(4, "name") ?? ""
    try t.verify(as: "SubGraph", in: .tflite, only: [5])
  }
}
