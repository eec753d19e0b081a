/// Float32 `exp`, logistic and `tanh` on eight lanes at a time, written with SIMD arithmetic
/// only (no libm), so that activations and softmax vectorize.
///
/// Accuracy (checked against libm over every float32 input): `exp` is within 2 ulp relative
/// over its whole range, including results that are subnormal, and overflows to +inf and
/// underflows to 0 where the exact function does; `logistic` and `tanh` are within 1e-6 absolute
/// (and about 1e-7 relative) of the exact functions everywhere. NaN inputs give NaN.
enum VectorMath {
  /// Eight float lanes.
  typealias Vector = SIMD8<Float>

  /// e^x. Inputs are clamped to [-104, 89] first, beyond which the float result is 0 or +inf.
  @inline(__always)
  static func exp(_ x: Vector) -> Vector {
    var x = x
    x.replace(with: 89, where: x .> 89)
    x.replace(with: -104, where: x .< -104)
    // x = n·ln2 + r with |r| ≤ ln2/2 (NaN stays NaN all the way through). Adding 1.5·2^23
    // rounds x·log2(e) to an integer, which then sits in the low mantissa bits; ln 2 is split so
    // that n·ln2High is exact (Cody–Waite). Constants are literals here, not static
    // properties, so that no lazy-initialisation check lands in the loop.
    let roundingShift = Vector(repeating: 12_582_912)
    let shifted = x * 1.442_695_04 + roundingShift
    let n = shifted - roundingShift
    let r = x - n * 0.693_359_375 - n * -2.121_944_4e-4
    // e^r by a degree-6 polynomial (least-squares fit of the relative error on |r| ≤ ln2/2).
    var p = Vector(repeating: 1.375_140_9e-3)
    p = p * r + 8.368_918_7e-3
    p = p * r + 4.166_953_3e-2
    p = p * r + 0.166_665_18
    p = p * r + 0.499_999_88
    p = p * r + 1
    p = p * r + 1
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
    let low = x .< -9
    let e = exp((-x).replacing(with: x, where: low))
    var result = 1 / (1 + e)
    result.replace(with: e, where: low)
    result.replace(with: 1, where: x .> 16.619_047)
    return result
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
    let result = large.replacing(with: small, where: m .< 0.625)
    return unsafeBitCast(unsafeBitCast(result, to: SIMD8<UInt32>.self) | sign, to: Vector.self)
  }

  /// Loads eight floats from `pointer` (no alignment needed).
  @inline(__always)
  static func load(_ pointer: UnsafePointer<Float>) -> Vector {
    UnsafeRawPointer(pointer).loadUnaligned(as: Vector.self)
  }

  /// Stores eight floats at `pointer` (no alignment needed).
  @inline(__always)
  static func store(_ value: Vector, _ pointer: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: Vector.self)
  }

  /// Applies `body` to `count` floats from `input`, writing `output`, eight at a time; the last
  /// partial group goes through a zero-padded vector, so every element sees the same code.
  @inline(__always)
  static func map(
    _ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>, count: Int,
    _ body: (Vector) -> Vector
  ) {
    var index = 0
    while index + 8 <= count {
      store(body(load(input + index)), output + index)
      index += 8
    }
    let remaining = count - index
    if remaining > 0 {
      var lanes = Vector(repeating: 0)
      for lane in 0..<remaining { lanes[lane] = input[index + lane] }
      let result = body(lanes)
      for lane in 0..<remaining { output[index + lane] = result[lane] }
    }
  }
}
