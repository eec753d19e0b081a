/// The operands of one run of an elementwise quantized sum or difference (TFLite's 8-bit ADD
/// and SUB), as a tuple so that every build of the kernels shares the same type.
///
/// - `a`, `b`, `aStep`, `bStep`, `signed`, `zeroA`, `zeroB`, `output`, `count`: as in
///   ``QuantizedProductOperands``.
/// - `leftShift`: the headroom each offset operand is shifted left by first (20 for 8-bit).
/// - `scaleA`, `scaleB`: each shifted operand's rescaling (per-tensor tables: no offset, no
///   clamp, bias zero).
/// - `subtract`: `a − b` instead of `a + b`.
/// - `requantization`: the output scaling, offset and clamp (per-tensor, bias zero).
public typealias QuantizedSumOperands = (
  a: UnsafePointer<UInt8>, aStep: Int, b: UnsafePointer<UInt8>, bStep: Int,
  signed: Bool, zeroA: Int32, zeroB: Int32, leftShift: Int32,
  scaleA: RequantizationTable, scaleB: RequantizationTable, subtract: Bool,
  requantization: RequantizationTable,
  output: UnsafeMutablePointer<UInt8>, count: Int
)
