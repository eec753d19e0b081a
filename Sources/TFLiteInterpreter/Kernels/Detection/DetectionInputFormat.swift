import TFLiteModel

/// How `TFLite_Detection_PostProcess` reads one of its inputs as floats: float32 as is, or
/// uint8/int8 dequantized with the tensor's own per-tensor scale and zero point through a
/// 256-entry table computed at load.
///
/// The table reproduces upstream's arithmetic exactly. Box encodings and anchors use
/// `(float(q) - float(zero_point)) * scale` in `Float` (upstream's `Dequantizer`); class
/// predictions use `Float(Double(scale) * Double(q - zero_point))` (upstream's
/// `optimized_ops::Dequantize`). For zero points and values of 8-bit tensors both give the same
/// floats, but each input follows its own formula.
struct DetectionInputFormat {
  /// Which dequantization formula a quantized input follows.
  enum Formula {
    /// Box encodings and anchors: a float difference times the scale.
    case floatDifference
    /// Class predictions: an integer difference times the scale, in double, rounded once.
    case doubleProduct
  }

  /// The float of each byte (indexed by the byte read as unsigned), or nil for float32 input.
  let table: [Float]?

  /// Checks input `position` of `node` and builds its format.
  ///
  /// - Throws: ``InterpreterError`` when the type is not float32, uint8 or int8, or a quantized
  ///   input lacks a finite per-tensor scale or has a zero point outside 32 bits.
  init(_ node: NodeContext, position: Int, role: String, formula: Formula)
    throws(InterpreterError)
  {
    let tensor = try node.input(position)
    switch tensor.type {
    case .float32:
      table = nil
      return
    case .uint8, .int8:
      break
    default:
      throw node.unsupported(
        "the \(role) (input \(position)) have type \(tensor.type); float32, uint8 and int8 are supported"
      )
    }
    guard let parameters = tensor.quantization?.perTensor else {
      throw node.unsupported(
        "the \(tensor.type) \(role) (input \(position)) need one per-tensor scale and zero point")
    }
    let (scale, zero) = (parameters.scale, parameters.zeroPoint)
    guard scale.isFinite else {
      throw node.invalid("the \(role) (input \(position)) have a non-finite scale \(scale)")
    }
    guard Int(Int32.min)...Int(Int32.max) ~= zero else {
      throw node.invalid(
        "the \(role) (input \(position)) have zero point \(zero), outside 32 bits")
    }
    let signed = tensor.type == .int8
    table = (0..<256).map { byte -> Float in
      let q = signed ? Int(Int8(truncatingIfNeeded: byte)) : byte
      switch formula {
      case .floatDifference: return (Float(q) - Float(zero)) * scale
      case .doubleProduct: return Float(Double(scale) * Double(q - zero))
      }
    }
  }

  /// Element `index` of an input at `base`, as a float: looked up in `table` (a copy of a
  /// quantized input's ``table``) when given, else read as float32.
  @inline(__always)
  static func value(_ base: UnsafeRawPointer, _ index: Int, _ table: UnsafePointer<Float>?)
    -> Float
  {
    if let table {
      return table[Int(base.load(fromByteOffset: index, as: UInt8.self))]
    }
    return base.loadUnaligned(fromByteOffset: index &* 4, as: Float.self)
  }
}
