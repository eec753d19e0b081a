import TFLiteModel

/// A tensor as the interpreter sees it: after shapes are propagated, before or after a run.
public struct TensorSpec: Sendable, Equatable {
  /// Index in the subgraph's tensors.
  public var index: Int
  public var name: String
  public var type: TensorType
  /// The current shape (computed at load for outputs the file leaves unshaped).
  public var shape: [Int]
  /// Quantization parameters, or nil for real-valued tensors.
  public var quantization: Quantization?

  /// Number of elements (1 for a scalar).
  public var elementCount: Int { shape.reduce(1, *) }
  /// Size of the data in bytes.
  public var byteCount: Int { elementCount * (type.byteSize ?? 0) }
}
