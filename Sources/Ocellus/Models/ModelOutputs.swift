import TFLiteModel

/// A model's outputs as validation sees them: each output's shape (as an interpreter
/// computed it, else as the file records it), its tensor metadata and its reference.
struct ModelOutputs {
  let shapes: [[Int]]
  let metadata: [TensorMetadata?]
  let references: [TensorReference]

  /// The outputs of `model`'s main subgraph; `computedShapes` (when given) win over the file's.
  init(model: ModelFile, computedShapes: [[Int]]?) {
    let subgraph = model.mainSubgraph
    let subgraphMetadata = model.mainSubgraphMetadata
    let positions = subgraph.outputs.indices
    shapes = positions.map { position in
      if let computedShapes, position < computedShapes.count { return computedShapes[position] }
      return subgraph.tensors[subgraph.outputs[position]].shape
    }
    let metadata: [TensorMetadata?] = positions.map { position in
      subgraphMetadata.flatMap {
        position < $0.outputTensors.count ? $0.outputTensors[position] : nil
      }
    }
    self.metadata = metadata
    references = positions.map { position in
      TensorReference(
        role: .output, position: position, name: subgraph.tensors[subgraph.outputs[position]].name,
        metadataName: metadata[position]?.name)
    }
  }

  /// The first output whose metadata satisfies `condition`.
  func firstPosition(where condition: (TensorMetadata) -> Bool) -> Int? {
    metadata.firstIndex { $0.map(condition) ?? false }
  }
}
