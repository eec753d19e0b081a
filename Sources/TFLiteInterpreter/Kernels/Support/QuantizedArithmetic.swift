import TFLiteModel

/// TFLite's integer requantization arithmetic, bit for bit: a real multiplier becomes a 32-bit
/// fixed-point multiplier and a power-of-two shift (`QuantizeMultiplier`), applied with
/// gemmlowp's saturating rounding doubling high multiply and rounding right shift
/// (`MultiplyByQuantizedMultiplier`, the double-rounding variant TFLite builds by default).
enum QuantizedArithmetic {
  /// A real multiplier as `multiplier · 2^(shift − 31)`, with `multiplier` in [2^30, 2^31)
  /// (or 0). `shift` > 0 shifts left.
  struct Multiplier: Equatable, Sendable {
    var multiplier: Int32
    var shift: Int

    /// TFLite's `QuantizeMultiplier`: `frexp`, round half away from zero, renormalise 2^31,
    /// flush tiny multipliers to zero. Huge shifts are kept, as in TFLite's default
    /// (double-rounding) build, where `x * (1 << shift)` then wraps like `&<<`.
    init(_ real: Double) {
      guard real != 0, real.isFinite else {
        (multiplier, shift) = (0, 0)
        return
      }
      var exponent: Int32 = 0
      let fraction = CMath.frexp(real, &exponent)
      var fixed = Int64((fraction * Double(1 << 31)).rounded(.toNearestOrAwayFromZero))
      var shift = Int(exponent)
      if fixed == 1 << 31 {
        fixed /= 2
        shift += 1
      }
      if shift < -31 {
        (shift, fixed) = (0, 0)
      }
      self.multiplier = Int32(truncatingIfNeeded: fixed)
      self.shift = shift
    }

    init(multiplier: Int32, shift: Int) {
      self.multiplier = multiplier
      self.shift = shift
    }

    /// `MultiplyByQuantizedMultiplier(x, multiplier, shift)`.
    @inline(__always)
    func apply(_ x: Int32) -> Int32 {
      let leftShift = shift > 0 ? shift : 0
      let rightShift = shift > 0 ? 0 : -shift
      return QuantizedArithmetic.roundingDivideByPowerOfTwo(
        QuantizedArithmetic.saturatingRoundingDoublingHighMultiply(
          x &<< Int32(leftShift), multiplier), rightShift)
    }
  }

  /// gemmlowp's `SaturatingRoundingDoublingHighMul`: the high 32 bits of `2·a·b`, rounded to
  /// nearest (ties away from zero), saturating the one overflowing case.
  @inline(__always)
  static func saturatingRoundingDoublingHighMultiply(_ a: Int32, _ b: Int32) -> Int32 {
    if a == b && a == Int32.min { return Int32.max }
    let product = Int64(a) * Int64(b)
    let nudge: Int64 = product >= 0 ? 1 << 30 : 1 - (1 << 30)
    // C++ integer division truncates toward zero, as Swift's does.
    return Int32(truncatingIfNeeded: (product + nudge) / (1 << 31))
  }

  /// gemmlowp's `RoundingDivideByPOT`: `x / 2^exponent` rounded to nearest, ties away from
  /// zero. `exponent` in 0...31.
  @inline(__always)
  static func roundingDivideByPowerOfTwo(_ x: Int32, _ exponent: Int) -> Int32 {
    let mask = Int32(truncatingIfNeeded: (Int64(1) << exponent) - 1)
    let remainder = x & mask
    let threshold = (mask >> 1) + (x < 0 ? 1 : 0)
    return (x >> Int32(exponent)) + (remainder > threshold ? 1 : 0)
  }

  /// The output range a fused activation leaves a quantized tensor in (TFLite's
  /// `CalculateActivationRangeQuantized`), within the type's range `qmin...qmax`.
  static func activationRange(
    _ activation: FusedActivation, scale: Float, zeroPoint: Int, qmin: Int32, qmax: Int32
  ) -> ClosedRange<Int32> {
    func quantize(_ value: Float) -> Int32 {
      let steps = (value / scale).rounded(.toNearestOrAwayFromZero)
      guard steps.isFinite, abs(steps) < 1e9 else { return steps < 0 ? qmin : qmax }
      return Int32(clamping: zeroPoint + Int(steps))
    }
    let lower = activation.lower == -.infinity ? qmin : max(qmin, quantize(activation.lower))
    let upper = activation.upper == .infinity ? qmax : min(qmax, quantize(activation.upper))
    return lower...max(lower, upper)
  }
}
