import TFLiteModel

/// ADD, SUB and MUL on uint8/int8 tensors, and MAXIMUM/MINIMUM on uint8/int8/int16 tensors,
/// bit-exact with TFLite's reference kernels, with NumPy-style broadcasting.
///
/// ADD and SUB follow TFLite's 8-bit rescaling: each input, offset by its zero point and shifted
/// left by 20 bits, is scaled by `scale / (2 · max(scale1, scale2))`; the sum (difference) is
/// scaled by `2 · max(scale1, scale2) / (2^20 · outputScale)`, offset by the output zero point
/// and clamped to the fused activation's range. MUL multiplies the offset inputs and scales the
/// product by `scale1 · scale2 / outputScale` (computed in float, as TFLite does). Every scaling
/// is a 32-bit fixed-point multiplier and shift (`QuantizedArithmetic.Multiplier`).
/// MAXIMUM and MINIMUM compare the stored integers, ignoring the quantization parameters, as
/// TFLite does (converters give both inputs the output's parameters).
///
/// Each input's part of the arithmetic depends only on its stored byte, so it is tabulated at
/// load (256 entries per input); outputs of ``pairTableThreshold`` elements or more also
/// tabulate the result for all 65,536 byte pairs (64 KiB) and run on lookups alone.
///
/// Beyond TFLite: an output scaling of 1 or more is accepted for ADD (TFLite aborts), computed
/// with the same fixed-point arithmetic as SUB uses for it.
final class QuantizedBinaryKernel: Kernel {
  /// Output size from which ADD/SUB/MUL precompute the result of every byte pair.
  static let pairTableThreshold = 16_384

  private let operation: BinaryOperation
  private let type: TensorType
  private let broadcast: Broadcast
  /// Both operands have the output's shape: one flat loop.
  private let sameShape: Bool
  /// ADD/SUB/MUL arithmetic on stored bytes.
  private let arithmetic: Arithmetic?
  /// The result for every byte pair (`a << 8 | b`), or empty.
  private let pairs: [UInt8]

  /// The per-byte tables and output stage of ADD, SUB or MUL.
  private struct Arithmetic {
    /// ADD/SUB: each input's rescaled value (`(q − z) · 2^20`, scaled); MUL: `q − z`. Indexed
    /// by the stored byte's bit pattern.
    let tableA: [Int32]
    let tableB: [Int32]
    let operation: BinaryOperation
    let output: QuantizedArithmetic.Multiplier
    let outputOffset: Int32
    let lower: Int32
    let upper: Int32

    /// The output byte for stored bytes `x` and `y`.
    @inline(__always)
    func combine(
      _ x: UInt8, _ y: UInt8, _ tableA: UnsafePointer<Int32>, _ tableB: UnsafePointer<Int32>
    ) -> UInt8 {
      let (a, b) = (tableA[Int(x)], tableB[Int(y)])
      let raw: Int32
      switch operation {
      case .add: raw = a &+ b
      case .subtract: raw = a &- b
      default: raw = a &* b
      }
      let value = output.apply(raw) &+ outputOffset
      return UInt8(truncatingIfNeeded: min(max(value, lower), upper))
    }
  }

  private init(
    operation: BinaryOperation, type: TensorType, broadcast: Broadcast, arithmetic: Arithmetic?
  ) {
    self.operation = operation
    self.type = type
    self.broadcast = broadcast
    sameShape = broadcast.stridesA == broadcast.stridesB && !broadcast.stridesA.contains(0)
    self.arithmetic = arithmetic
    if let arithmetic, broadcast.count >= Self.pairTableThreshold {
      pairs = arithmetic.tableA.withUnsafeBufferPointer { tableA in
        arithmetic.tableB.withUnsafeBufferPointer { tableB in
          (0..<65_536).map { pair in
            arithmetic.combine(
              UInt8(truncatingIfNeeded: pair >> 8), UInt8(truncatingIfNeeded: pair),
              tableA.baseAddress.unsafelyUnwrapped, tableB.baseAddress.unsafelyUnwrapped)
          }
        }
      }
    } else {
      pairs = []
    }
  }

  /// Builds the kernel for a node whose operands and result all have the integer type `type`
  /// (checked by ``BinaryKernel``).
  static func make(
    _ node: inout NodeContext, _ operation: BinaryOperation, broadcast: Broadcast,
    fused: ActivationFunction
  ) throws(InterpreterError) -> any Kernel {
    let a = try node.input(0)
    let b = try node.input(1)
    let type = a.type
    switch operation {
    case .maximum, .minimum:
      guard [.uint8, .int8, .int16].contains(type) else {
        throw node.unsupported("\(type) is not supported (uint8, int8 and int16 are)")
      }
      try node.setOutputShape(0, broadcast.shape)
      return QuantizedBinaryKernel(
        operation: operation, type: type, broadcast: broadcast, arithmetic: nil)
    case .add, .subtract, .multiply:
      guard type == .uint8 || type == .int8 else {
        throw node.unsupported("quantized \(type) arithmetic is not supported (uint8, int8 are)")
      }
    case .divide, .floorMod:
      throw node.unsupported("quantized \(type) operands are not supported (float32, int32 are)")
    }
    let quantizedA = try PerTensorQuantization(a, "input 0", node)
    let quantizedB = try PerTensorQuantization(b, "input 1", node)
    let quantizedOut = try PerTensorQuantization(node.outputs[0], "the output", node)
    try quantizedA.requireScale("input 0", node)
    try quantizedB.requireScale("input 1", node)
    try quantizedOut.requireScale("the output", node)
    let range = try quantizedOut.activationRange(fused, node)
    try node.setOutputShape(0, broadcast.shape)
    let (scaleA, scaleB, scaleOut) = (quantizedA.scale, quantizedB.scale, quantizedOut.scale)
    /// The stored value of every byte, minus the zero point.
    func offsetValues(_ zeroPoint: Int32) -> [Int32] {
      (0..<256).map { byte in
        (type == .int8 ? Int32(Int8(truncatingIfNeeded: byte)) : Int32(byte)) - zeroPoint
      }
    }
    let valuesA = offsetValues(quantizedA.zeroPoint)
    let valuesB = offsetValues(quantizedB.zeroPoint)

    if operation == .multiply {
      // As TFLite's Prepare: the product and quotient in float, then widened.
      let real = Double(scaleA * scaleB / scaleOut)
      guard real.isFinite else {
        throw node.unsupported("the output scaling \(real) is not finite")
      }
      return QuantizedBinaryKernel(
        operation: operation, type: type, broadcast: broadcast,
        arithmetic: Arithmetic(
          tableA: valuesA, tableB: valuesB, operation: operation,
          output: QuantizedArithmetic.Multiplier(real), outputOffset: quantizedOut.zeroPoint,
          lower: range.lowerBound, upper: range.upperBound))
    }
    // As TFLite's Prepare (left_shift 20): twice the larger scale in float, the rest in double.
    let twiceMaximum = Double(2 * max(scaleA, scaleB))
    let realA = Double(scaleA) / twiceMaximum
    let realB = Double(scaleB) / twiceMaximum
    let realOut = twiceMaximum / Double(Float(1 << leftShift) * scaleOut)
    guard twiceMaximum.isFinite, realOut.isFinite, realOut > 0 else {
      throw node.unsupported("the scales give an unusable output scaling \(realOut)")
    }
    // `MultiplyByQuantizedMultiplierSmallerThanOneExp((q − z) · 2^20)`; |q − z| ≤ 255, so the
    // shift cannot overflow.
    let multiplierA = QuantizedArithmetic.Multiplier(realA)
    let multiplierB = QuantizedArithmetic.Multiplier(realB)
    return QuantizedBinaryKernel(
      operation: operation, type: type, broadcast: broadcast,
      arithmetic: Arithmetic(
        tableA: valuesA.map { multiplierA.apply($0 << Int32(leftShift)) },
        tableB: valuesB.map { multiplierB.apply($0 << Int32(leftShift)) }, operation: operation,
        output: QuantizedArithmetic.Multiplier(realOut), outputOffset: quantizedOut.zeroPoint,
        lower: range.lowerBound, upper: range.upperBound))
  }

  /// The fixed-point headroom TFLite gives 8-bit ADD/SUB inputs.
  private static let leftShift = 20

  func run(_ io: KernelIO) {
    guard let arithmetic else {
      switch type {
      case .uint8: compare(io, UInt8.self)
      case .int8: compare(io, Int8.self)
      default: compare(io, Int16.self)
      }
      return
    }
    let a = io.input(0, as: UInt8.self)
    let b = io.input(1, as: UInt8.self)
    let out = io.output(0, as: UInt8.self)
    if !pairs.isEmpty {
      pairs.withUnsafeBufferPointer { pairs in
        let pairs = pairs.baseAddress.unsafelyUnwrapped
        io.pool.parallelFor(broadcast.count, minimumChunk: 16_384) { range in
          if sameShape {
            for o in range { out[o] = pairs[Int(a[o]) << 8 | Int(b[o])] }
          } else {
            broadcast.forEach(in: range) { o, i, j in out[o] = pairs[Int(a[i]) << 8 | Int(b[j])] }
          }
        }
      }
      return
    }
    arithmetic.tableA.withUnsafeBufferPointer { tableA in
      arithmetic.tableB.withUnsafeBufferPointer { tableB in
        let tableA = tableA.baseAddress.unsafelyUnwrapped
        let tableB = tableB.baseAddress.unsafelyUnwrapped
        io.pool.parallelFor(broadcast.count, minimumChunk: 4096) { range in
          if sameShape {
            for o in range { out[o] = arithmetic.combine(a[o], b[o], tableA, tableB) }
          } else {
            broadcast.forEach(in: range) { o, i, j in
              out[o] = arithmetic.combine(a[i], b[j], tableA, tableB)
            }
          }
        }
      }
    }
  }

  /// MAXIMUM / MINIMUM of the stored values (`a > b ? a : b`, `a < b ? a : b`).
  private func compare<T: FixedWidthInteger>(_ io: KernelIO, _: T.Type) {
    let a = io.input(0, as: T.self)
    let b = io.input(1, as: T.self)
    let out = io.output(0, as: T.self)
    let maximum = operation == .maximum
    io.pool.parallelFor(broadcast.count, minimumChunk: 8192) { range in
      if sameShape {
        if maximum {
          for o in range { out[o] = a[o] > b[o] ? a[o] : b[o] }
        } else {
          for o in range { out[o] = a[o] < b[o] ? a[o] : b[o] }
        }
      } else {
        broadcast.forEach(in: range) { o, i, j in
          out[o] = maximum ? (a[i] > b[j] ? a[i] : b[j]) : (a[i] < b[j] ? a[i] : b[j])
        }
      }
    }
  }
}
