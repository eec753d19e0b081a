/// TFLite's quantized MUL on 8-bit operands (reference `mul.h`), eight outputs at a time:
/// `clamp(outputOffset + MultiplyByQuantizedMultiplier((a − zeroA) · (b − zeroB)))`, bit for
/// bit as the scalar arithmetic (the product of two offset bytes fits an Int32 exactly; the
/// requantization is ``Requantization/Uniform``'s). The tail runs through
/// ``Requantization/scalar(_:column:_:)``.
enum QuantizedProduct {
  /// Computes the `o.count` outputs of `o`.
  @inline(never)
  static func run(_ o: QuantizedProductOperands) {
    guard o.count > 0 else { return }
    if o.signed {
      run(o, Int8.self)
    } else {
      run(o, UInt8.self)
    }
  }

  /// ``run(_:)`` reading the bytes as `Byte`: the parameters set up once, then each row.
  @inline(__always)
  static func run<Byte: FixedWidthInteger & SIMDScalar>(
    _ o: QuantizedProductOperands, _: Byte.Type
  ) {
    let u = Requantization.Uniform(o.requantization)
    for row in 0..<max(o.rows, 0) {
      let (a, b) = (o.a + row &* o.aRowStep, o.b + row &* o.bRowStep)
      run(o, a, b, o.output + row &* o.outputRowStep, u, Byte.self)
    }
  }

  /// One row of `o` at `a`, `b` into `output`.
  @inline(__always)
  static func run<Byte: FixedWidthInteger & SIMDScalar>(
    _ o: QuantizedProductOperands, _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>,
    _ output: UnsafeMutablePointer<UInt8>, _ u: Requantization.Uniform, _: Byte.Type
  ) {
    let zero = SIMD8<Int32>()
    let (zeroA, zeroB) = (SIMD8(repeating: o.zeroA), SIMD8(repeating: o.zeroB))
    // A broadcast operand is the same eight lanes every time.
    let repeatedA = SIMD8(repeating: value(a, Byte.self)) &- zeroA
    let repeatedB = SIMD8(repeating: value(b, Byte.self)) &- zeroB
    var i = 0
    while i &+ 8 <= o.count {
      let x = o.aStep == 0 ? repeatedA : lanes(a + i, Byte.self) &- zeroA
      let y = o.bStep == 0 ? repeatedB : lanes(b + i, Byte.self) &- zeroB
      Requantization.store(u.vector(x &* y, bias: zero), output + i)
      i &+= 8
    }
    while i < o.count {
      let x = value(a + i &* o.aStep, Byte.self) &- o.zeroA
      let y = value(b + i &* o.bStep, Byte.self) &- o.zeroB
      output[i] = Requantization.scalar(x &* y, column: 0, o.requantization)
      i &+= 1
    }
  }

  /// The byte at `pointer` read as `Byte`, widened.
  @inline(__always)
  static func value<Byte: FixedWidthInteger>(_ pointer: UnsafePointer<UInt8>, _: Byte.Type)
    -> Int32
  {
    Int32(truncatingIfNeeded: UnsafeRawPointer(pointer).load(as: Byte.self))
  }

  /// Eight bytes from `pointer` read as `Byte`, widened lane by lane.
  @inline(__always)
  static func lanes<Byte: FixedWidthInteger & SIMDScalar>(
    _ pointer: UnsafePointer<UInt8>, _: Byte.Type
  ) -> SIMD8<Int32> {
    let bytes = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Byte>.self)
    var result = SIMD8<Int32>()
    for lane in 0..<8 { result[lane] = Int32(truncatingIfNeeded: bytes[lane]) }
    return result
  }
}
