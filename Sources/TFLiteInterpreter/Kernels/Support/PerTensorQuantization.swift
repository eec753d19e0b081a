import TFLiteModel

/// One tensor's per-tensor affine quantization (`real = scale · (q − zeroPoint)`), as an integer
/// kernel reads it from TFLite's legacy `params`, checked at load: the one per-tensor
/// quantization type of the interpreter's kernels.
///
/// Unquantized tensors read as scale 0 and zero point 0, as in TFLite; kernels that divide by
/// the scale ask for ``requireScale(_:_:)`` first (``eightBit(_:_:_:)`` does, for the 8-bit
/// lookup-table kernels).
struct PerTensorQuantization {
  let scale: Float
  let zeroPoint: Int32
  /// The values the tensor's storage type holds (uint8 `0...255`, int8 `-128...127`, int16
  /// `-32768...32767`, int32 the full range).
  let range: ClosedRange<Int32>

  /// Reads `tensor`'s parameters; `what` names it in errors ("input 1", "the output").
  ///
  /// Throws when the tensor is quantized per channel (more than one scale), when its zero point
  /// lies outside its type's range, or when its type is not uint8, int8, int16 or int32.
  init(_ tensor: TensorDescription, _ what: String, _ node: NodeContext) throws(InterpreterError) {
    guard let range = Self.range(of: tensor.type) else {
      throw node.unsupported("\(what) has type \(tensor.type), which is not an integer type")
    }
    self.range = range
    let scales = tensor.quantization?.scales ?? []
    guard scales.count <= 1 else {
      throw node.unsupported(
        "\(what) is quantized per channel (\(scales.count) scales); this operator needs one scale")
    }
    let parameters = tensor.quantization?.perTensor ?? TensorQuantization(scale: 0, zeroPoint: 0)
    scale = parameters.scale
    let zero = parameters.zeroPoint
    guard Int(range.lowerBound)...Int(range.upperBound) ~= zero else {
      throw node.invalid("\(what) has zero point \(zero), outside the \(tensor.type) range")
    }
    zeroPoint = Int32(zero)
  }

  /// Reads a uint8 or int8 `tensor`'s parameters, with a finite positive scale; throws
  /// (naming `role`) for any other type or scale.
  static func eightBit(_ tensor: TensorDescription, _ role: String, _ node: NodeContext)
    throws(InterpreterError) -> PerTensorQuantization
  {
    guard tensor.type == .uint8 || tensor.type == .int8 else {
      throw node.unsupported("\(role) has type \(tensor.type), expected uint8 or int8")
    }
    let quantization = try PerTensorQuantization(tensor, role, node)
    try quantization.requireScale(role, node)
    return quantization
  }

  /// True for the signed storage types (int8, int16, int32).
  var isSigned: Bool { range.lowerBound < 0 }
  /// Smallest stored value (0 for uint8, −128 for int8, …).
  var qmin: Int32 { range.lowerBound }
  /// Largest stored value (255 for uint8, 127 for int8, …).
  var qmax: Int32 { range.upperBound }

  /// The 256-entry table index of 8-bit stored value `q` (its byte pattern).
  @inline(__always)
  func index(_ q: Int32) -> Int { Int(UInt8(truncatingIfNeeded: q)) }

  /// The range of an integer storage type, or nil for other types.
  static func range(of type: TensorType) -> ClosedRange<Int32>? {
    switch type {
    case .uint8: return 0...255
    case .int8: return -128...127
    case .int16: return -32768...32767
    case .int32: return Int32.min...Int32.max
    default: return nil
    }
  }

  /// Throws unless the scale is positive and finite (kernels that rescale divide by it).
  func requireScale(_ what: String, _ node: NodeContext) throws(InterpreterError) {
    guard scale > 0, scale.isFinite else {
      throw node.unsupported(
        "\(what) needs a positive, finite quantization scale (it has \(scale))")
    }
  }

  /// The clamp a fused activation gives this (output) tensor, as TFLite's
  /// `CalculateActivationRangeQuantized`: RELU, RELU6 and RELU_N1_TO_1 quantize 0, 6, ±1 with
  /// this scale and zero point (float division, rounded half away from zero) and intersect them
  /// with the type's range. Throws for TANH and SIGN_BIT (not clamps), and for a clamp on a
  /// tensor without a usable scale.
  func activationRange(_ fused: ActivationFunction, _ node: NodeContext) throws(InterpreterError)
    -> ClosedRange<Int32>
  {
    let activation = try FusedActivation(fused, node: node)
    guard !activation.isIdentity else { return range }
    try requireScale("the output (for its fused \(fused))", node)
    return QuantizedArithmetic.activationRange(
      activation, scale: scale, zeroPoint: Int(zeroPoint), qmin: range.lowerBound,
      qmax: range.upperBound)
  }
}
