import TFLiteModel

/// POW on float32 and int32 tensors with NumPy-style broadcasting, as LiteRT computes it:
///
/// - in general `std::pow` elementwise: `powf` on floats; on int32 the power of the two values
///   as doubles, converted back as x86-64 converts (truncation toward zero; NaN and values out
///   of the int32 range give `Int32.min`);
/// - but when the operands' shapes differ and the exponent is a single element within 1e-5 of
///   an integer n ≥ 1 (checked when the kernel runs), TFLite's `IntegerExponentPow`: the base
///   raised by repeated squaring (`x^n = (x^⌊n/2⌋)²`, times x for odd n), every product clamped
///   to the finite floats (±3.4028235e38; so an overflow gives the largest float, not ∞), or
///   wrapping on int32.
///
/// Where TFLite fails at run time (a negative int32 exponent) the same double arithmetic gives
/// a defined result: `x^−k` truncated (0 unless |x| = 1), `Int32.min` for 0^−k.
struct PowerKernel: Kernel {
  static let sourceFile = #filePath

  private let type: TensorType
  private let broadcast: Broadcast
  /// The operands' shapes differ and the exponent has one element: the repeated-squaring path
  /// applies when its value is an integer ≥ 1.
  private let scalarExponent: Bool

  /// The kernel for the node: float32 or int32 operands that broadcast.
  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let (base, exponent, broadcast) = try node.broadcastOperands()
    guard base.type == exponent.type, base.type == node.outputs[0].type else {
      throw node.unsupported("operand and result types must match")
    }
    guard base.type == .float32 || base.type == .int32 else {
      throw node.unsupported("\(base.type) is not supported (float32 and int32 are)")
    }
    try node.setOutputShape(0, broadcast.shape)
    return PowerKernel(
      type: base.type, broadcast: broadcast,
      scalarExponent: base.shape != exponent.shape && exponent.elementCount == 1)
  }

  func run(_ io: KernelIO) {
    if type == .int32 {
      let exponent = io.input(1, as: Int32.self)
      if scalarExponent && exponent[0] >= 1 {
        bySquaring(io, Int32.self, Int(exponent[0])) { $0 &* $1 }
        return
      }
      broadcast.map(
        io.input(0, as: Int32.self), exponent, into: io.output(0, as: Int32.self), pool: io.pool
      ) { Self.integerPower($0, $1) }
      return
    }
    let exponent = io.input(1, as: Float.self)
    if scalarExponent, let integer = Self.integerExponent(exponent[0]) {
      bySquaring(io, Float.self, integer) { a, b in
        let product = a * b
        return product < -.greatestFiniteMagnitude
          ? -.greatestFiniteMagnitude
          : (product > .greatestFiniteMagnitude ? .greatestFiniteMagnitude : product)
      }
      return
    }
    broadcast.map(
      io.input(0, as: Float.self), exponent, into: io.output(0, as: Float.self), pool: io.pool
    ) { CMath.powf($0, $1) }
  }

  /// `static_cast<int>(std::round(e))` when `e` is within 1e-5 of it (in float) and it is ≥ 1,
  /// else nil. The conversion is x86-64's (NaN and out-of-range values give `Int32.min`).
  static func integerExponent(_ exponent: Float) -> Int? {
    let rounded = exponent.rounded(.toNearestOrAwayFromZero)
    let integer = rounded > -2_147_483_904 && rounded < 2_147_483_648 ? Int32(rounded) : .min
    guard integer >= 1, abs(exponent - Float(integer)) < 1e-5 else { return nil }
    return Int(integer)
  }

  /// `std::pow` of int32 values: computed on doubles, converted back as x86-64 does.
  @inline(__always)
  static func integerPower(_ base: Int32, _ exponent: Int32) -> Int32 {
    let value = CMath.pow(Double(base), Double(exponent))
    return value > -2_147_483_649 && value < 2_147_483_648 ? Int32(value) : .min
  }

  /// `IntegerExponentPow`: the output is the base to the power `exponent` (≥ 1), by recursive
  /// squaring with `multiply` (which applies TFLite's clamp), element by element in place.
  private func bySquaring<T>(
    _ io: KernelIO, _: T.Type, _ exponent: Int, _ multiply: (T, T) -> T
  ) {
    let base = io.input(0, as: T.self)
    let output = io.output(0, as: T.self)
    // The multiplications, outermost first: squaring, then one more factor for odd exponents.
    var steps: [Bool] = []
    var remaining = exponent
    while remaining > 1 {
      steps.append(remaining % 2 == 1)
      remaining /= 2
    }
    io.pool.parallelFor(broadcast.count, minimumChunk: 4096) { range in
      for index in range {
        let x = base[index]
        var value = x
        for odd in steps.reversed() {
          value = multiply(value, value)
          if odd { value = multiply(x, value) }
        }
        output[index] = value
      }
    }
  }
}
