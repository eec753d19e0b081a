/// The element loop of TFLite's hybrid input quantization (`SymmetricQuantizeFloats`,
/// `AsymmetricQuantizeFloats`), eight values at a time: `base + v · inverse` in float (multiply,
/// then add), rounded half away from zero (`std::round`), converted as x86-64's
/// `static_cast<int32_t>` does (`Int32.min` for NaN and values out of range), clamped to
/// `lower...127`. Bit-identical to the scalar loop.
enum QuantizeRow {
  /// Quantizes `o.count` values (see ``QuantizeRowOperands``).
  @inline(never)
  static func run(_ o: QuantizeRowOperands) {
    // One call site of `quantize`, so that it inlines: the last partial group goes through a
    // zero-padded vector.
    var i = 0
    while i < o.count {
      let n = min(8, o.count &- i)
      var v = SIMD8<Float>(repeating: 0)
      if n == 8 {
        v = UnsafeRawPointer(o.values + i).loadUnaligned(as: SIMD8<Float>.self)
      } else {
        for lane in 0..<n { v[lane] = o.values[i &+ lane] }
      }
      let q = quantize(v * o.inverse + o.base, lower: o.lower)
      if n == 8 {
        UnsafeMutableRawPointer(o.quantized + i).storeBytes(of: q, as: SIMD8<Int8>.self)
      } else {
        for lane in 0..<n { o.quantized[i &+ lane] = q[lane] }
      }
      i &+= 8
    }
  }

  /// Eight values rounded, converted and clamped as the type's documentation says (whole-vector
  /// operations and simple lane loops only, so that it compiles to vector instructions).
  @inline(__always)
  static func quantize(_ x: SIMD8<Float>, lower: Int32) -> SIMD8<Int8> {
    let rounded = AffineQuantize.roundedHalfAway(x)
    let low = Float(lower)
    // Masked selects (a lane loop of ternaries compiles to scalar branches); NaN stays NaN.
    var clamped = rounded
    clamped.replace(with: low, where: rounded .< low)
    clamped.replace(with: 127, where: rounded .> 127)
    // NaN and values C++'s int32 conversion cannot represent become Int32.min: the lower bound.
    let valid = (x .> -2_147_483_904) .& (x .< 2_147_483_648)
    clamped.replace(with: low, where: .!valid)
    let bits = unsafeBitCast(clamped + Requantization.magic, to: SIMD8<Int32>.self)
    let integers = bits &- Requantization.magicBits
    var result = SIMD8<Int8>()
    for lane in 0..<8 { result[lane] = Int8(truncatingIfNeeded: integers[lane]) }
    return result
  }
}
