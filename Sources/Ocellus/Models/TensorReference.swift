/// Names one input or output tensor of a model, for diagnostics: its role, its position in the
/// subgraph's input or output list, the tensor's own name and the name its metadata gives it.
public struct TensorReference: Sendable, Equatable, CustomStringConvertible {
  /// Input or output.
  public var role: TensorRole
  /// 0-based position in the main subgraph's inputs or outputs (not the tensor index).
  public var position: Int
  /// The tensor's name in the model file (may be empty).
  public var name: String
  /// The `TensorMetadata.name` describing it, if the model has metadata for it.
  public var metadataName: String?

  /// Creates a reference.
  public init(role: TensorRole, position: Int, name: String, metadataName: String? = nil) {
    self.role = role
    self.position = position
    self.name = name
    self.metadataName = metadataName
  }

  /// E.g. `output 0 "sigmoid" (metadata "probability")`.
  public var description: String {
    var text = "\(role.rawValue) \(position) \"\(name)\""
    if let metadataName, metadataName != name { text += " (metadata \"\(metadataName)\")" }
    return text
  }
}
