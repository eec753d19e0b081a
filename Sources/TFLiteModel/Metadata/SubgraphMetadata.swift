/// What the metadata says about one subgraph (`SubGraphMetadata`); models use only the first.
public struct SubgraphMetadata: Sendable, Equatable {
  public internal(set) var name, description: String?
  /// One entry per subgraph input, in the subgraph's input order.
  public internal(set) var inputTensors: [TensorMetadata]
  /// One entry per subgraph output, in the subgraph's output order.
  public internal(set) var outputTensors: [TensorMetadata]
  /// Files for the subgraph as a whole.
  public internal(set) var associatedFiles: [AssociatedFile]
  /// Steps applied across all inputs (metadata 1.1.0).
  public internal(set) var inputProcessUnits: [ProcessUnit]
  /// Steps applied across all outputs (metadata 1.1.0).
  public internal(set) var outputProcessUnits: [ProcessUnit]
  /// Groups of inputs (metadata 1.2.0).
  public internal(set) var inputTensorGroups: [TensorGroup]
  /// Groups of outputs (metadata 1.2.0), e.g. a detector's `detection_result`.
  public internal(set) var outputTensorGroups: [TensorGroup]
  /// Application-defined entries (metadata 1.5.0).
  public internal(set) var customMetadata: [CustomMetadata]

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    name = try t.string(0, "name")
    description = try t.string(1, "description")
    inputTensors = try t.tables(2, "input_tensor_metadata", TensorMetadata.init)
    outputTensors = try t.tables(3, "output_tensor_metadata", TensorMetadata.init)
    associatedFiles = try t.tables(4, "associated_files", AssociatedFile.init)
    inputProcessUnits = try ProcessUnit.list(t, 5, "input_process_units")
    outputProcessUnits = try ProcessUnit.list(t, 6, "output_process_units")
    inputTensorGroups = try t.tables(7, "input_tensor_groups", TensorGroup.init)
    outputTensorGroups = try t.tables(8, "output_tensor_groups", TensorGroup.init)
    customMetadata = try t.tables(9, "custom_metadata", CustomMetadata.init)
  }
}
