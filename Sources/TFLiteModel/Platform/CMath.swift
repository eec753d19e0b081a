#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(WASILibc)
  import WASILibc
#elseif canImport(ucrt)
  import ucrt
#endif

/// The C library's math functions that kernels and calibration call, in one place, under their
/// C names.
///
/// TFLite computes `std::exp`, `std::tanh`, … with the platform's libm; calling the same
/// functions (not a Swift re-implementation) is what keeps Ocellus's float results equal to
/// LiteRT's on the same machine. This is the only file of the core that imports the C library
/// for math, so a port to a platform without one replaces just this file.
package enum CMath {
  /// `expf`: e^x in float.
  @inlinable package static func expf(_ x: Float) -> Float { libmExpf(x) }
  /// `expm1f`: e^x − 1 in float, exact near 0.
  @inlinable package static func expm1f(_ x: Float) -> Float { libmExpm1f(x) }
  /// `logf`: the natural logarithm in float.
  @inlinable package static func logf(_ x: Float) -> Float { libmLogf(x) }
  /// `powf`: x^y in float.
  @inlinable package static func powf(_ x: Float, _ y: Float) -> Float { libmPowf(x, y) }
  /// `tanhf`: the hyperbolic tangent in float.
  @inlinable package static func tanhf(_ x: Float) -> Float { libmTanhf(x) }
  /// `sinf`: the sine of x radians in float.
  @inlinable package static func sinf(_ x: Float) -> Float { libmSinf(x) }
  /// `cosf`: the cosine of x radians in float.
  @inlinable package static func cosf(_ x: Float) -> Float { libmCosf(x) }
  /// `erff`: the error function in float.
  @inlinable package static func erff(_ x: Float) -> Float { libmErff(x) }
  /// `atan2f`: the angle of the point (x, y) in radians, in [−π, π], in float.
  @inlinable package static func atan2f(_ y: Float, _ x: Float) -> Float { libmAtan2f(y, x) }
  /// `exp`: e^x in double.
  @inlinable package static func exp(_ x: Double) -> Double { libmExp(x) }
  /// `log`: the natural logarithm in double.
  @inlinable package static func log(_ x: Double) -> Double { libmLog(x) }
  /// `pow`: x^y in double.
  @inlinable package static func pow(_ x: Double, _ y: Double) -> Double { libmPow(x, y) }
  /// `tanh`: the hyperbolic tangent in double.
  @inlinable package static func tanh(_ x: Double) -> Double { libmTanh(x) }
  /// `erf`: the error function in double.
  @inlinable package static func erf(_ x: Double) -> Double { libmErf(x) }
  /// `atan2`: the angle of the point (x, y) in radians, in [−π, π], in double.
  @inlinable package static func atan2(_ y: Double, _ x: Double) -> Double { libmAtan2(y, x) }
  /// `frexp`: x as a fraction in [0.5, 1) (0 for 0) times 2^exponent.
  @inlinable package static func frexp(_ x: Double, _ exponent: inout Int32) -> Double {
    libmFrexp(x, &exponent)
  }
}

@usableFromInline func libmExpf(_ x: Float) -> Float { expf(x) }
@usableFromInline func libmExpm1f(_ x: Float) -> Float { expm1f(x) }
@usableFromInline func libmLogf(_ x: Float) -> Float { logf(x) }
@usableFromInline func libmPowf(_ x: Float, _ y: Float) -> Float { powf(x, y) }
@usableFromInline func libmTanhf(_ x: Float) -> Float { tanhf(x) }
@usableFromInline func libmSinf(_ x: Float) -> Float { sinf(x) }
@usableFromInline func libmCosf(_ x: Float) -> Float { cosf(x) }
@usableFromInline func libmErff(_ x: Float) -> Float { erff(x) }
@usableFromInline func libmAtan2f(_ y: Float, _ x: Float) -> Float { atan2f(y, x) }
@usableFromInline func libmExp(_ x: Double) -> Double { exp(x) }
@usableFromInline func libmLog(_ x: Double) -> Double { log(x) }
@usableFromInline func libmPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@usableFromInline func libmTanh(_ x: Double) -> Double { tanh(x) }
@usableFromInline func libmErf(_ x: Double) -> Double { erf(x) }
@usableFromInline func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@usableFromInline func libmFrexp(_ x: Double, _ exponent: inout Int32) -> Double {
  frexp(x, &exponent)
}
