import TFLiteModel

/// EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER and GREATER_EQUAL with NumPy-style broadcasting:
/// two operands of one type, a bool output. The types, as LiteRT 2.3.0 runs them:
///
/// - float32, int32, int64: the stored values (float comparisons as C++'s, NaN unordered).
/// - uint8, int8 (quantized): as TFLite's `ComparisonWithScaling`, each operand is offset by its
///   zero point, shifted left by 8 bits and multiplied by its own scale as a fixed-point
///   multiplier (`QuantizeMultiplier(scale)`), and the two rescaled integers are compared; so
///   operands of different scales compare by real value, to the rounding of that arithmetic.
///   Scales must lie in (0, 1), where TFLite's arithmetic is defined (it aborts or shifts by a
///   negative amount otherwise). Tabulated at load: 256 rescaled values per operand.
/// - int16: the stored values, except EQUAL and NOT_EQUAL on quantized operands, which are
///   rescaled as above (as LiteRT does).
/// - bool: EQUAL and NOT_EQUAL (any non-zero byte reads as true).
///
/// Beyond LiteRT: uint8/int8 operands without quantization parameters compare their stored
/// values (TFLite aborts on the zero scale), and NOT_EQUAL on int16 without quantization
/// computes `a != b` (LiteRT 2.3.0 leaves that output unwritten).
struct ComparisonKernel: Kernel {
  static let sourceFile = #filePath
  /// The kernels of the operators registered with `equatable`.
  static let equatable = [
    KernelVariant(ComparisonKernel.self, [.float32, .int8, .uint8, .int16, .int32, .int64, .bool])
  ]
  /// The kernels of the operators registered with `ordered`.
  static let ordered = [
    KernelVariant(ComparisonKernel.self, [.float32, .int8, .uint8, .int16, .int32, .int64])
  ]

  /// How the operands are read and compared.
  private enum Operands {
    case float32, int32, int64, int16, bool
    /// uint8 (false) or int8 (true) stored values, unscaled.
    case bytes(signed: Bool)
    /// Stored bytes through each operand's table of rescaled values.
    case rescaledBytes(tableA: [Int32], tableB: [Int32])
    /// Quantized int16 EQUAL / NOT_EQUAL, rescaled element by element.
    case rescaledInt16(OperandRescaling, OperandRescaling)
  }

  private let comparison: Comparison
  private let operands: Operands
  private let broadcast: Broadcast

  /// The kernel of `comparison` for the node: operand types and shapes checked, the output
  /// shape set to the broadcast shape.
  static func make(_ node: inout NodeContext, _ comparison: Comparison)
    throws(InterpreterError) -> any Kernel
  {
    let (a, b, broadcast) = try node.broadcastOperands()
    guard a.type == b.type else {
      throw node.unsupported("both operands must have one type")
    }
    guard node.outputs[0].type == .bool else {
      throw node.unsupported("the output must be bool")
    }
    let operands = try self.operands(a, b, comparison, node)
    try node.setOutputShape(0, broadcast.shape)
    return ComparisonKernel(comparison: comparison, operands: operands, broadcast: broadcast)
  }

  /// How operands `a` and `b` (of one type) are compared, or why they cannot be.
  private static func operands(
    _ a: TensorDescription, _ b: TensorDescription, _ comparison: Comparison,
    _ node: NodeContext
  ) throws(InterpreterError) -> Operands {
    let quantized = !(a.quantization?.scales.isEmpty ?? true)
    switch a.type {
    case .float32: return .float32
    case .int32: return .int32
    case .int64: return .int64
    case .bool where comparison.isEquality: return .bool
    case .int16:
      guard comparison.isEquality && quantized else { return .int16 }
      return .rescaledInt16(try rescaling(a, "input 0", node), try rescaling(b, "input 1", node))
    case .uint8, .int8:
      guard quantized else { return .bytes(signed: a.type == .int8) }
      let signed = a.type == .int8
      return .rescaledBytes(
        tableA: try rescaling(a, "input 0", node).byteTable(signed: signed),
        tableB: try rescaling(b, "input 1", node).byteTable(signed: signed))
    default:
      let accepted =
        comparison.isEquality
        ? "float32, int32, int64, int16, uint8, int8 and bool"
        : "float32, int32, int64, int16, uint8 and int8"
      throw node.unsupported("\(a.type) is not supported (\(accepted) are)")
    }
  }

  /// The comparison rescaling of a quantized operand: `(q − zp) · 2^8`, times its scale.
  private static func rescaling(_ tensor: TensorDescription, _ role: String, _ node: NodeContext)
    throws(InterpreterError) -> OperandRescaling
  {
    let quantization = try PerTensorQuantization(tensor, role, node)
    guard quantization.scale > 0, quantization.scale < 1 else {
      throw node.unsupported(
        "\(role) has scale \(quantization.scale); quantized comparisons need a scale in (0, 1)")
    }
    return OperandRescaling(
      zeroPoint: quantization.zeroPoint, leftShift: 8, real: Double(quantization.scale))
  }

  func run(_ io: KernelIO) {
    let out = io.output(0, as: Bool.self)
    switch operands {
    case .float32: compare(io, Float.self, out)
    case .int32: compare(io, Int32.self, out)
    case .int64: compare(io, Int64.self, out)
    case .int16: compare(io, Int16.self, out)
    case .bytes(let signed):
      if signed { compare(io, Int8.self, out) } else { compare(io, UInt8.self, out) }
    case .bool:
      let comparison = self.comparison
      broadcast.map(
        io.input(0, as: UInt8.self), io.input(1, as: UInt8.self), into: out,
        pool: io.pool
      ) { comparison.apply(min($0, 1), min($1, 1)) }
    case .rescaledBytes(let tableA, let tableB):
      compareRescaled(io, tableA, tableB, out)
    case .rescaledInt16(let scaleA, let scaleB):
      let comparison = self.comparison
      broadcast.map(
        io.input(0, as: Int16.self), io.input(1, as: Int16.self), into: out,
        pool: io.pool
      ) { comparison.apply(scaleA.apply(Int32($0)), scaleB.apply(Int32($1))) }
    }
  }

  /// Compares the stored values.
  private func compare<T: Comparable>(
    _ io: KernelIO, _: T.Type, _ out: UnsafeMutablePointer<Bool>
  ) {
    let comparison = self.comparison
    broadcast.map(io.input(0, as: T.self), io.input(1, as: T.self), into: out, pool: io.pool) {
      comparison.apply($0, $1)
    }
  }

  /// Compares the rescaled values of stored bytes, looked up in the operands' tables.
  private func compareRescaled(
    _ io: KernelIO, _ tableA: [Int32], _ tableB: [Int32], _ out: UnsafeMutablePointer<Bool>
  ) {
    let comparison = self.comparison
    tableA.withUnsafeBufferPointer { tableA in
      tableB.withUnsafeBufferPointer { tableB in
        let (lookA, lookB) = (
          tableA.baseAddress.unsafelyUnwrapped, tableB.baseAddress.unsafelyUnwrapped
        )
        broadcast.map(
          io.input(0, as: UInt8.self), io.input(1, as: UInt8.self), into: out,
          pool: io.pool
        ) { comparison.apply(lookA[Int($0)], lookB[Int($1)]) }
      }
    }
  }
}
