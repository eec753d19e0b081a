/// Whether a tensor is one of a model's inputs or one of its outputs.
public enum TensorRole: String, Sendable, Equatable {
  /// An input of the model's main subgraph.
  case input
  /// An output of the model's main subgraph.
  case output
}
