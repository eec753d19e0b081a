/// `c + a * b`, lane-wise: one fused multiply-add where the target has it natively.
///
/// The AVX builds and arm64 use `addingProduct` (a single rounding, one instruction); the
/// baseline x86-64 build has no FMA instruction, where `addingProduct` would become a libm call
/// per lane, so it multiplies and adds (two roundings).
@inline(__always)
func multiplyAdd<V: SIMD>(_ a: V, _ b: V, _ c: V) -> V where V.Scalar == Float {
  #if OCELLUS_AVX2 || OCELLUS_AVX512 || arch(arm64)
    return c.addingProduct(a, b)
  #else
    return c + a * b
  #endif
}

/// `min(max(x, lower), upper)` lane-wise, keeping NaN (written lane by lane so that it
/// compiles to vector compares and min/max rather than a scalar loop).
@inline(__always)
func clamp<V: SIMD>(_ x: V, _ lower: V, _ upper: V) -> V where V.Scalar == Float {
  var result = x
  for lane in 0..<V.scalarCount {
    let value = result[lane]
    result[lane] = value < lower[lane] ? lower[lane] : (value > upper[lane] ? upper[lane] : value)
  }
  return result
}

/// Loads `V.scalarCount` floats from `pointer` (no alignment needed).
@inline(__always)
func load<V: SIMD>(_ pointer: UnsafePointer<Float>) -> V where V.Scalar == Float {
  UnsafeRawPointer(pointer).loadUnaligned(as: V.self)
}

/// Sixteen Int32 values at `pointer + offset` bytes (no alignment needed). Non-generic and
/// `@inline(__always)` (not `@_transparent`): its body, the generic `loadUnaligned`, is
/// optimized to one load before the wrapper is inlined, so the generic call never lands in a
/// large kernel, where the inliner's size budget can leave it a call in the inner loop.
@inline(__always)
func loadInt32x16(_ pointer: UnsafeRawPointer, _ offset: Int = 0) -> SIMD16<Int32> {
  pointer.loadUnaligned(fromByteOffset: offset, as: SIMD16<Int32>.self)
}

/// Stores `value` to `pointer` (no alignment needed).
@inline(__always)
func store<V: SIMD>(_ value: V, _ pointer: UnsafeMutablePointer<Float>) where V.Scalar == Float {
  UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: V.self)
}

/// Loads the first `count` lanes from `pointer` (the rest are zero); reads only `count` floats.
@inline(__always)
func loadPartial<V: SIMD>(_ pointer: UnsafePointer<Float>, _ count: Int) -> V
where V.Scalar == Float {
  var value = V()
  withUnsafeMutableBytes(of: &value) { raw in
    for lane in 0..<min(count, V.scalarCount) {
      raw.storeBytes(of: pointer[lane], toByteOffset: lane &* 4, as: Float.self)
    }
  }
  return value
}

/// Stores the first `count` lanes of `value`; writes only `count` floats. (Through memory, so
/// that the vector code computing `value` is not scalarized for the lane extraction.)
@inline(__always)
func storePartial<V: SIMD>(_ value: V, _ pointer: UnsafeMutablePointer<Float>, _ count: Int)
where V.Scalar == Float {
  withUnsafeBytes(of: value) { raw in
    for lane in 0..<min(count, V.scalarCount) {
      pointer[lane] = raw.load(fromByteOffset: lane &* 4, as: Float.self)
    }
  }
}

/// `c + a * b` for one float: fused where the target has FMA (see the vector version).
@inline(__always)
func multiplyAdd(_ a: Float, _ b: Float, _ c: Float) -> Float {
  #if OCELLUS_AVX2 || OCELLUS_AVX512 || arch(arm64)
    return c.addingProduct(a, b)
  #else
    return c + a * b
  #endif
}
