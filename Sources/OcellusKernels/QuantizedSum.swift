/// TFLite's quantized ADD and SUB on 8-bit operands (reference `add.h`, `sub.h`), eight
/// outputs at a time: each offset operand shifted left by `leftShift` and rescaled
/// (`MultiplyByQuantizedMultiplierSmallerThanOneExp`), the two summed (or subtracted), the
/// result rescaled, offset and clamped — every step ``Requantization/Uniform``'s fixed-point
/// arithmetic, bit for bit as the scalar loop. The tail runs through
/// ``Requantization/scalar(_:column:_:)``.
enum QuantizedSum {
  /// Computes the `o.count` outputs of `o`.
  @inline(never)
  static func run(_ o: QuantizedSumOperands) {
    guard o.count > 0 else { return }
    if o.signed {
      run(o, Int8.self)
    } else {
      run(o, UInt8.self)
    }
  }

  /// ``run(_:)`` reading the bytes as `Byte`.
  @inline(__always)
  static func run<Byte: FixedWidthInteger & SIMDScalar>(_ o: QuantizedSumOperands, _: Byte.Type) {
    let (ua, ub) = (Requantization.Uniform(o.scaleA), Requantization.Uniform(o.scaleB))
    let u = Requantization.Uniform(o.requantization)
    let zero = SIMD8<Int32>()
    let shift = o.leftShift
    let (zeroA, zeroB) = (SIMD8(repeating: o.zeroA), SIMD8(repeating: o.zeroB))
    // A broadcast operand is the same eight lanes every time.
    let repeatedA = SIMD8(repeating: QuantizedProduct.value(o.a, Byte.self)) &- zeroA
    let repeatedB = SIMD8(repeating: QuantizedProduct.value(o.b, Byte.self)) &- zeroB
    var i = 0
    while i &+ 8 <= o.count {
      let a = o.aStep == 0 ? repeatedA : QuantizedProduct.lanes(o.a + i, Byte.self) &- zeroA
      let b = o.bStep == 0 ? repeatedB : QuantizedProduct.lanes(o.b + i, Byte.self) &- zeroB
      let scaledA = ua.vector(a &<< shift, bias: zero)
      let scaledB = ub.vector(b &<< shift, bias: zero)
      let sum = o.subtract ? scaledA &- scaledB : scaledA &+ scaledB
      Requantization.store(u.vector(sum, bias: zero), o.output + i)
      i &+= 8
    }
    while i < o.count {
      let a = QuantizedProduct.value(o.a + i &* o.aStep, Byte.self) &- o.zeroA
      let b = QuantizedProduct.value(o.b + i &* o.bStep, Byte.self) &- o.zeroB
      o.output[i] = scalar(a &<< shift, b &<< shift, o)
      i &+= 1
    }
  }

  /// One output from the shifted offset operands.
  @inline(__always)
  static func scalar(_ a: Int32, _ b: Int32, _ o: QuantizedSumOperands) -> UInt8 {
    let scaledA = Requantization.value(a, column: 0, o.scaleA)
    let scaledB = Requantization.value(b, column: 0, o.scaleB)
    let sum = o.subtract ? scaledA &- scaledB : scaledA &+ scaledB
    return Requantization.scalar(sum, column: 0, o.requantization)
  }
}
