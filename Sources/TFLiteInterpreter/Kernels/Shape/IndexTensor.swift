import TFLiteModel

/// Reads the elements of an index tensor of GATHER and GATHER_ND: int16, int32 or int64,
/// widened to `Int` (int64 values truncated to the platform's `Int`).
struct IndexTensor {
  /// The index types TFLite's gathers accept.
  static let types: Set<TensorType> = [.int16, .int32, .int64]

  let type: TensorType

  /// The reader of `tensor`, or an unsupported-node error naming `what` when its type is not
  /// one of ``types``.
  init(_ tensor: TensorDescription, _ what: String, _ node: NodeContext) throws(InterpreterError) {
    guard Self.types.contains(tensor.type) else {
      throw node.unsupported(
        "\(what) of type \(tensor.type) are not supported (int16, int32, int64 are)")
    }
    type = tensor.type
  }

  /// The values of `tensor` when known at load.
  static func constantValues(_ tensor: TensorDescription) -> [Int]? {
    if tensor.type == .int16 { return tensor.constantValues(as: Int16.self)?.map(Int.init) }
    return tensor.constantIntegers()
  }

  /// Element `position` of the index data at `base`.
  @inline(__always)
  func callAsFunction(_ base: UnsafeRawPointer, _ position: Int) -> Int {
    switch type {
    case .int16: return Int(base.loadUnaligned(fromByteOffset: position * 2, as: Int16.self))
    case .int32: return Int(base.loadUnaligned(fromByteOffset: position * 4, as: Int32.self))
    default:
      return Int(
        truncatingIfNeeded: base.loadUnaligned(fromByteOffset: position * 8, as: Int64.self))
    }
  }
}
