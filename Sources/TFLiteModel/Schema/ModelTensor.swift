/// A tensor as the model file declares it (`Tensor` in the TFLite schema).
public struct ModelTensor: Sendable, Equatable {
  /// The tensor's name (for debugging and signatures; may be empty).
  public internal(set) var name: String
  /// The element type.
  public internal(set) var type: TensorType
  /// The static shape. Empty for scalars, and for outputs whose shape the runtime computes.
  public internal(set) var shape: [Int]
  /// The shape with -1 where a dimension is dynamic; nil when the file does not record it
  /// (then the shape is fully static).
  public internal(set) var shapeSignature: [Int]?
  /// Index into ``ModelFile/buffers``; 0 means the tensor has no constant data.
  public internal(set) var bufferIndex: Int
  /// Quantization parameters, or nil for real-valued tensors.
  public internal(set) var quantization: Quantization?
  /// State that persists between invocations (e.g. RNN state).
  public internal(set) var isVariable: Bool
  /// How the tensor is stored sparse, if it is (its constant data then hold only the values
  /// present; see ``SparsityParameters/densified(values:elementSize:shape:maxBytes:)``).
  public internal(set) var sparsity: SparsityParameters?
  /// The tensor is stored sparse (`sparsity` present); such tensors need densifying.
  public var isSparse: Bool { sparsity != nil }
  /// Whether the rank is known even when `shape` is empty (newer converters set this).
  public internal(set) var hasRank: Bool

  /// Number of elements of the static shape (1 for a scalar), or nil if a dimension is negative
  /// or the product overflows.
  public var elementCount: Int? {
    var count = 1
    for dimension in shape {
      guard dimension >= 0 else { return nil }
      let (product, overflow) = count.multipliedReportingOverflow(by: dimension)
      if overflow { return nil }
      count = product
    }
    return count
  }

  /// True when the signature marks any dimension as dynamic (-1).
  public var hasDynamicShape: Bool { shapeSignature?.contains(-1) ?? false }

  init(_ t: FlatBufferTable, bufferCount: Int) throws(FlatBufferError) {
    shape = try t.ints(0, "shape") ?? []
    type = try t.enumeration(1, "type", "TensorType", TensorType.init)
    let buffer = try t.integer(2, "buffer", default: UInt32(0))
    if buffer != 0 && Int(buffer) >= bufferCount {
      throw t.error("buffer", .indexOutOfRange(Int64(buffer), count: bufferCount, of: "buffer"))
    }
    bufferIndex = Int(buffer)
    name = try t.string(3, "name") ?? ""
    quantization = try t.child(4, "quantization", Quantization.init)
    isVariable = try t.bool(5, "is_variable", default: false)
    sparsity = try t.child(6, "sparsity", SparsityParameters.init)
    shapeSignature = try t.ints(7, "shape_signature")
    hasRank = try t.bool(8, "has_rank", default: false)
    // Not decoded, but verified: variant sub-types, external buffer.
    try t.verify(as: "Tensor", in: .tflite, only: [9, 10])
    if let index = shape.firstIndex(where: { $0 < 0 }) {
      throw t.error(
        "shape",
        .invalidValue("dimension \(index) is \(shape[index]); static shapes cannot be negative"))
    }
    if let signature = shapeSignature {
      if signature.count != shape.count {
        throw t.error(
          "shape_signature",
          .invalidValue("rank \(signature.count) differs from the shape's rank \(shape.count)"))
      }
      if let index = signature.firstIndex(where: { $0 < -1 }) {
        throw t.error(
          "shape_signature",
          .invalidValue("dimension \(index) is \(signature[index]); only -1 may be negative"))
      }
    }
  }
}
