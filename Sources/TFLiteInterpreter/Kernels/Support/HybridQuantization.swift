internal import OcellusKernels

/// TFLite's on-the-fly quantization of float activations for hybrid kernels (float32
/// activations, int8 weights): one row (or one image) at a time, to int8 with its own scale,
/// exactly as `tensor_utils::SymmetricQuantizeFloats` and `AsymmetricQuantizeFloats`
/// (`portable_tensor_utils.cc`) compute them.
enum HybridQuantization {
  /// How one row was quantized: `real ≈ scale · (q − offset)`.
  struct Row {
    var scale: Float
    /// The zero point (0 for symmetric quantization).
    var offset: Int32
  }

  /// Quantizes `count` (≥ 1) floats from `values` into `quantized`, symmetrically when
  /// `asymmetric` is false (`q = round(v · 127 / max|v|)` in −127...127, offset 0) and with a
  /// nudged zero point otherwise (−128...127). `kernels`, unless the reference build, runs the
  /// element loop eight values at a time (`quantizeRow`, the same results).
  @inline(__always)
  static func quantize(
    _ values: UnsafePointer<Float>, count: Int, into quantized: UnsafeMutablePointer<Int8>,
    asymmetric: Bool, kernels: KernelSet? = nil
  ) -> Row {
    let vector = kernels.flatMap { $0.isReference ? nil : $0.entry.quantizeRow }
    return asymmetric
      ? quantizeAsymmetric(values, count: count, into: quantized, vector: vector)
      : Row(
        scale: quantizeSymmetric(values, count: count, into: quantized, vector: vector),
        offset: 0)
  }

  /// `std::minmax_element` over `count` (≥ 1) floats: the first smallest and the last largest.
  @inline(__always)
  static func minMax(_ values: UnsafePointer<Float>, count: Int) -> (min: Float, max: Float) {
    if count >= 32, let range = vectorMinMax(values, count: count) { return range }
    var low = values[0]
    var high = values[0]
    for index in 1..<max(count, 1) {
      let value = values[index]
      if value < low { low = value }
      if !(value < high) { high = value }
    }
    return (low, high)
  }

  /// ``minMax(_:count:)`` 16 lanes at a time, or nil when a value is NaN (whose effect on the
  /// scalar scan depends on its position) or infinite (left to the scalar scan too). Without NaN the extremes are the same values
  /// (a +0/−0 tie can pick the other zero, which no caller distinguishes: both are clamped
  /// against 0).
  static func vectorMinMax(_ values: UnsafePointer<Float>, count: Int) -> (min: Float, max: Float)?
  {
    let raw = UnsafeRawPointer(values)
    var low = raw.loadUnaligned(as: SIMD16<Float>.self)
    var high = low
    // `v − v` is NaN for NaN and ±inf: any such value sends the row to the scalar scan.
    var probe = low - low
    var i = 16
    while i + 16 <= count {
      let v = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<Float>.self)
      // Lane loops of ternaries compile to compares and blends (`replace(with:where:)` and
      // `pointwiseMin` to a branch per lane).
      for lane in 0..<16 {
        low[lane] = v[lane] < low[lane] ? v[lane] : low[lane]
        high[lane] = v[lane] > high[lane] ? v[lane] : high[lane]
      }
      probe += v - v
      i += 16
    }
    guard probe.sum() == 0 else { return nil }
    var (minimum, maximum) = (low.min(), high.max())
    while i < count {
      let value = values[i]
      if value.isNaN { return nil }
      minimum = Swift.min(minimum, value)
      maximum = Swift.max(maximum, value)
      i += 1
    }
    return (minimum, maximum)
  }

  /// `SymmetricQuantizeFloats`: returns the scale `max|v| / 127` (1 when every value is 0).
  static func quantizeSymmetric(
    _ values: UnsafePointer<Float>, count: Int, into quantized: UnsafeMutablePointer<Int8>,
    vector: (@Sendable (QuantizeRowOperands) -> Void)? = nil
  ) -> Float {
    guard count > 0 else { return 1 }
    let (low, high) = minMax(values, count: count)
    let range = Swift.max(abs(low), abs(high))
    guard range != 0 else {
      quantized.update(repeating: 0, count: count)
      return 1
    }
    let inverse = 127 / range
    if let vector {
      vector((values, count, inverse, 0, -127, quantized))
      return range / 127
    }
    for index in 0..<count {
      let value = truncate((values[index] * inverse).rounded(.toNearestOrAwayFromZero))
      quantized[index] = Int8(truncatingIfNeeded: Swift.min(127, Swift.max(-127, value)))
    }
    return range / 127
  }

  /// `AsymmetricQuantizeFloats`: the range `[min(0, min v), max(0, max v)]` mapped onto
  /// −128...127 in double precision, the zero point nudged to an integer.
  static func quantizeAsymmetric(
    _ values: UnsafePointer<Float>, count: Int, into quantized: UnsafeMutablePointer<Int8>,
    vector: (@Sendable (QuantizeRowOperands) -> Void)? = nil
  ) -> Row {
    guard count > 0 else { return Row(scale: 1, offset: 0) }
    let (low, high) = minMax(values, count: count)
    let rmin = Double(Swift.min(0, low))
    let rmax = Double(Swift.max(0, high))
    guard rmin != rmax else {
      quantized.update(repeating: 0, count: count)
      return Row(scale: 1, offset: 0)
    }
    let (qmin, qmax) = (-128.0, 127.0)
    let scale = (rmax - rmin) / (qmax - qmin)
    let fromMin = qmin - rmin / scale
    let fromMax = qmax - rmax / scale
    let errorMin = abs(qmin) + abs(rmin / scale)
    let errorMax = abs(qmax) + abs(rmax / scale)
    let zeroPoint = errorMin < errorMax ? fromMin : fromMax
    let offset: Int32
    if zeroPoint <= qmin {
      offset = -128
    } else if zeroPoint >= qmax {
      offset = 127
    } else {
      offset = Int32(zeroPoint.rounded(.toNearestOrAwayFromZero))
    }
    let row = Row(scale: Float(scale), offset: offset)
    let inverse = 1 / row.scale
    let base = Float(offset)
    if let vector {
      vector((values, count, inverse, base, -128, quantized))
      return row
    }
    for index in 0..<count {
      let value = truncate((base + values[index] * inverse).rounded(.toNearestOrAwayFromZero))
      quantized[index] = Int8(truncatingIfNeeded: Swift.min(127, Swift.max(-128, value)))
    }
    return row
  }

  /// C++'s `static_cast<int32_t>(float)` as x86-64 computes it: truncation toward zero, and
  /// `Int32.min` for NaN and out-of-range values (where C++ leaves it undefined).
  @inline(__always)
  static func truncate(_ value: Float) -> Int32 {
    value > -2_147_483_904 && value < 2_147_483_648 ? Int32(value) : Int32.min
  }
}
