import TFLiteModel

/// The per-tensor quantization of one uint8 or int8 tensor of an activation op, checked at load:
/// real value = `scale` · (q − `zeroPoint`).
struct QuantizedOperand {
  /// True for int8, false for uint8.
  let isSigned: Bool
  /// The scale, finite and positive.
  let scale: Float
  /// The zero point, within the type's range.
  let zeroPoint: Int32

  /// Smallest value of the type (0 or −128).
  var qmin: Int32 { isSigned ? -128 : 0 }
  /// Largest value of the type (255 or 127).
  var qmax: Int32 { isSigned ? 127 : 255 }

  /// The stored values of the type in increasing order (0...255 or −128...127).
  var values: ClosedRange<Int32> { qmin...qmax }

  /// Reads `tensor`'s quantization; throws (naming `role`) unless it is uint8 or int8 with one
  /// finite positive scale and a zero point the type can hold.
  init(_ tensor: TensorDescription, _ role: String, node: NodeContext) throws(InterpreterError) {
    switch tensor.type {
    case .uint8: isSigned = false
    case .int8: isSigned = true
    default: throw node.unsupported("\(role) has type \(tensor.type), expected uint8 or int8")
    }
    let quantization = try PerTensorQuantization(tensor, role, node)
    try quantization.requireScale(role, node)
    scale = quantization.scale
    zeroPoint = quantization.zeroPoint
  }

  /// The table index of stored value `q` (its byte pattern).
  @inline(__always)
  func index(_ q: Int32) -> Int { Int(UInt8(truncatingIfNeeded: q)) }
}
