#if OCELLUS_AVX2 || OCELLUS_AVX512
  import OcellusKernels
#endif

/// Elementwise float32 functions (``FloatFunction``) eight lanes at a time, with SIMD arithmetic
/// only (no libm) and lane selects written as bit operations, so that each compiles to vector
/// instructions of the build's CPU (the standard library's `replacing(with:where:)` becomes a
/// scalar loop).
///
/// Accuracy (checked against the exact functions over a dense grid and every power of two):
/// `exp` within 2 ulp relative over its whole range, subnormal results included, overflowing
/// to +inf and underflowing to 0 where the exact function does; logistic and tanh within 1e-6
/// absolute and relative. NaN inputs give NaN (relu6 gives 0, as TFLite's does).
enum FloatFunctions {
  typealias Vector = SIMD8<Float>

  /// Runs `o.function` over the `o.count` inputs.
  @inline(never)
  static func run(_ o: FloatFunctionOperands) {
    // One loop of its own per function (`map` specialized for each), so the choice is made
    // once, not per vector.
    switch o.function {
    case .logistic: map(o, LogisticLanes())
    case .tanh: map(o, TanhLanes())
    case .exp: map(o, ExpLanes())
    case .scaledExp(let shift, let scale): map(o, ScaledExpLanes(shift: shift, scale: scale))
    case .relu: map(o, ClampLanes(lower: 0, upper: .infinity))
    case .reluN1To1: map(o, ClampLanes(lower: -1, upper: 1))
    case .relu0To1: map(o, ClampLanes(lower: 0, upper: 1))
    case .relu6: map(o, Relu6Lanes())
    case .hardSwish: map(o, HardSwishLanes())
    case .leakyRelu(let alpha): map(o, LeakyReluLanes(alpha: alpha))
    }
  }

  /// `function` over the `o.count` floats, eight at a time; the last partial group goes
  /// through a zero-padded vector, so every element sees the same code. A function of its own
  /// per lane function (generic, so specialized for each), small enough that the lane
  /// function is inlined in it.
  @inline(never)
  static func map<F: LaneFunction>(_ o: FloatFunctionOperands, _ function: F) {
    var index = 0
    while index &+ 8 <= o.count {
      let x = UnsafeRawPointer(o.input + index).loadUnaligned(as: Vector.self)
      UnsafeMutableRawPointer(o.output + index).storeBytes(of: function(x), as: Vector.self)
      index &+= 8
    }
    let remaining = o.count &- index
    guard remaining > 0 else { return }
    var lanes = Vector()
    for lane in 0..<remaining { lanes[lane] = o.input[index &+ lane] }
    let result = function(lanes)
    for lane in 0..<remaining { o.output[index &+ lane] = result[lane] }
  }

  /// `a[i] < b[i] ? then[i] : otherwise[i]` lane by lane (false where either is NaN), written
  /// as a loop of ternaries so that LLVM forms one compare and one blend.
  @inline(__always)
  static func whereLess(_ a: Vector, _ b: Vector, _ then: Vector, _ otherwise: Vector) -> Vector {
    var result = otherwise
    for lane in 0..<8 { result[lane] = a[lane] < b[lane] ? then[lane] : otherwise[lane] }
    return result
  }

  /// `min(max(0, x), 6)`, NaN to 0.
  @inline(__always)
  static func relu6(_ x: Vector) -> Vector {
    let (zero, six) = (Vector(), Vector(repeating: 6))
    let positive = whereLess(zero, x, x, zero)
    return whereLess(six, positive, six, positive)
  }

  /// e^x. Inputs are clamped to [-104, 89] first, beyond which the float result is 0 or +inf.
  @inline(__always)
  static func exp(_ x: Vector) -> Vector {
    let (high, low) = (Vector(repeating: 89), Vector(repeating: -104))
    let x = whereLess(x, low, low, whereLess(high, x, high, x))
    // x = n·ln2 + r with |r| ≤ ln2/2 (NaN stays NaN all the way through). Adding 1.5·2^23
    // rounds x·log2(e) to an integer, which then sits in the low mantissa bits; ln 2 is split so
    // that n·ln2High is exact (Cody–Waite).
    let roundingShift = Vector(repeating: 12_582_912)
    let shifted = multiplyAdd(x, Vector(repeating: 1.442_695_04), roundingShift)
    let n = shifted - roundingShift
    let r = multiplyAdd(
      n, Vector(repeating: 2.121_944_4e-4), multiplyAdd(n, Vector(repeating: -0.693_359_375), x))
    // e^r by a degree-6 polynomial (least-squares fit of the relative error on |r| ≤ ln2/2),
    // fused multiply-adds where the build has them.
    var p = Vector(repeating: 1.375_140_9e-3)
    p = multiplyAdd(p, r, Vector(repeating: 8.368_918_7e-3))
    p = multiplyAdd(p, r, Vector(repeating: 4.166_953_3e-2))
    p = multiplyAdd(p, r, Vector(repeating: 0.166_665_18))
    p = multiplyAdd(p, r, Vector(repeating: 0.499_999_88))
    p = multiplyAdd(p, r, Vector(repeating: 1))
    p = multiplyAdd(p, r, Vector(repeating: 1))
    // Scale by 2^n in two halves so that both factors are normal floats for n in [-150, 129]:
    // results that are subnormal are rounded once, and overflow gives +inf.
    let integer = unsafeBitCast(shifted, to: SIMD8<Int32>.self) &- 0x4B40_0000
    let half = integer &>> 1
    let rest = integer &- half
    let scale1 = unsafeBitCast((half &+ 127) &<< 23, to: Vector.self)
    let scale2 = unsafeBitCast((rest &+ 127) &<< 23, to: Vector.self)
    return p * scale1 * scale2
  }

  /// 1 / (1 + e^-x), with TFLite's reference cut-offs: exactly 1 above 16.619047 and e^x below -9.
  @inline(__always)
  static func logistic(_ x: Vector) -> Vector {
    let (low, high, one) = (
      Vector(repeating: -9), Vector(repeating: 16.619_047), Vector(repeating: 1)
    )
    let e = exp(whereLess(x, low, x, -x))
    return whereLess(high, x, one, whereLess(x, low, e, one / (one + e)))
  }

  /// tanh(x): an odd polynomial below |x| = 0.625, `1 - 2 / (e^{2|x|} + 1)` above, computed on
  /// |x| and given x's sign at the end (so tanh(-0) is -0).
  @inline(__always)
  static func tanh(_ x: Vector) -> Vector {
    let bits = unsafeBitCast(x, to: SIMD8<UInt32>.self)
    let sign = bits & 0x8000_0000
    let m = unsafeBitCast(bits & 0x7FFF_FFFF, to: Vector.self)
    // Large: 1 - 2 / (e^{2|x|} + 1) is 1 once e^{2|x|} overflows, NaN for NaN.
    let e = exp(m + m)
    let large = 1 - 2 / (e + 1)
    // Small: |x| + |x|³·Q(x²), Q fitted for relative error on [0, 0.625].
    let s = m * m
    var q = Vector(repeating: -5.718_927e-3)
    q = q * s + 2.065_309_5e-2
    q = q * s - 5.374_464_8e-2
    q = q * s + 0.133_315_13
    q = q * s - 0.333_332_87
    let small = m + m * s * q
    let result = whereLess(m, Vector(repeating: 0.625), small, large)
    return unsafeBitCast(unsafeBitCast(result, to: SIMD8<UInt32>.self) | sign, to: Vector.self)
  }
}
