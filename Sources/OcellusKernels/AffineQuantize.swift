/// TFLite's QUANTIZE from float32 (reference `AffineQuantize`), eight values at a time:
/// `x / scale` in float (a division, not a multiplication by the reciprocal), rounded half away
/// from zero (`std::round`), converted as x86-64's `static_cast<int32_t>` does (`Int32.min` for
/// NaN and values out of range), the zero point added with int32 wrapping, then clamped.
///
/// The vector path takes groups whose quotients are all below 2^22 in magnitude, where the
/// clamp can be applied before the zero point is added; a group with a larger quotient, NaN or
/// an infinity, and the tail, run ``scalar(_:_:)``, the reference formula. Bit-identical to it.
enum AffineQuantize {
  /// Quantizes `o.count` values (see ``AffineQuantizeOperands``).
  @inline(never)
  static func run(_ o: AffineQuantizeOperands) {
    switch (o.outputBytes, o.signed) {
    case (1, true): run(o, Int8.self)
    case (1, false): run(o, UInt8.self)
    default: run(o, Int16.self)
    }
  }

  /// ``run(_:)`` storing `Output` integers.
  @inline(__always)
  static func run<Output: FixedWidthInteger & SIMDScalar>(
    _ o: AffineQuantizeOperands, _: Output.Type
  ) {
    let output = o.output.assumingMemoryBound(to: Output.self)
    let scale = SIMD8<Float>(repeating: o.scale)
    // Bounds for the quotient, so that adding the zero point lands in lower...upper.
    let low = SIMD8<Float>(repeating: Float(o.lower - o.zeroPoint))
    let high = SIMD8<Float>(repeating: Float(o.upper - o.zeroPoint))
    let zero = SIMD8<Int32>(repeating: o.zeroPoint)
    var i = 0
    while i &+ 8 <= o.count {
      let v = UnsafeRawPointer(o.values + i).loadUnaligned(as: SIMD8<Float>.self) / scale
      // False for NaN too.
      let small = (v .< 4_194_304) .& (v .> -4_194_304)
      guard all(small) else {
        for k in i..<(i &+ 8) { output[k] = Output(truncatingIfNeeded: scalar(o.values[k], o)) }
        i &+= 8
        continue
      }
      // Masked selects: `clamped(lowerBound:upperBound:)` runs lane by lane, six times slower.
      let rounded = roundedHalfAway(v)
      var clamped = rounded
      clamped.replace(with: low, where: rounded .< low)
      clamped.replace(with: high, where: rounded .> high)
      let bits = unsafeBitCast(clamped + Requantization.magic, to: SIMD8<Int32>.self)
      let integers = (bits &- Requantization.magicBits) &+ zero
      var narrowed = SIMD8<Output>()
      for lane in 0..<8 { narrowed[lane] = Output(truncatingIfNeeded: integers[lane]) }
      UnsafeMutableRawPointer(output + i).storeBytes(of: narrowed, as: SIMD8<Output>.self)
      i &+= 8
    }
    while i < o.count {
      output[i] = Output(truncatingIfNeeded: scalar(o.values[i], o))
      i &+= 1
    }
  }

  /// One value by the reference formula, as an Int32 in `o.lower...o.upper`.
  @inline(__always)
  static func scalar(_ x: Float, _ o: AffineQuantizeOperands) -> Int32 {
    let rounded = (x / o.scale).rounded(.toNearestOrAwayFromZero)
    // static_cast<int32_t> on x86-64: out-of-range values and NaN become Int32.min.
    let integer = rounded >= -2_147_483_648 && rounded < 2_147_483_648 ? Int32(rounded) : .min
    return min(max(integer &+ o.zeroPoint, o.lower), o.upper)
  }

  /// Eight values rounded half away from zero, as `std::round` (exact for every finite value;
  /// NaN stays NaN): whole-vector operations and a simple lane loop, so that it compiles to
  /// vector instructions.
  @inline(__always)
  static func roundedHalfAway(_ v: SIMD8<Float>) -> SIMD8<Float> {
    var whole = SIMD8<Float>()
    for lane in 0..<8 { whole[lane] = v[lane].rounded(.towardZero) }
    let fraction = v - whole  // exact
    var rounded = whole
    rounded.replace(with: whole + 1, where: fraction .>= 0.5)
    rounded.replace(with: whole - 1, where: fraction .<= -0.5)
    return rounded
  }
}
