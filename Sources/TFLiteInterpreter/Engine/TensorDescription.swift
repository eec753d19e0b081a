import TFLiteModel

/// What a kernel knows about one of its tensors while it is being prepared.
struct TensorDescription {
  /// Index in the subgraph's tensors.
  let index: Int
  let name: String
  var type: TensorType
  /// The shape; for outputs, the kernel sets it while preparing.
  var shape: [Int]
  let quantization: Quantization?
  /// The data when known before running: constant data (a view into the model bytes) or the
  /// result of folding constant computations at load. Nil for activations and inputs.
  var constant: ModelBytes?

  /// Number of elements (1 for a scalar).
  var elementCount: Int { shape.reduce(1, *) }

  /// Size in bytes of the data.
  var byteCount: Int { elementCount * (type.byteSize ?? 0) }

  /// The constant data read as `T` values, or nil when the data is not known at load.
  func constantValues<T: FixedWidthInteger>(as: T.Type) -> [T]? {
    guard let constant, constant.count == elementCount * MemoryLayout<T>.size else { return nil }
    return constant.withUnsafeBytes { raw in
      (0..<elementCount).map {
        raw.loadUnaligned(fromByteOffset: $0 * MemoryLayout<T>.size, as: T.self)
      }
    }
  }

  /// Integer constant data (int32 or int64) widened to `Int`, or nil when not known at load.
  func constantIntegers() -> [Int]? {
    switch type {
    case .int32: return constantValues(as: Int32.self)?.map(Int.init)
    case .int64:
      return constantValues(as: Int64.self).map { $0.map { Int(truncatingIfNeeded: $0) } }
    default: return nil
    }
  }
}
