/// The operands of one run of an elementwise quantized product (TFLite's 8-bit MUL), as a
/// tuple so that every build of the kernels shares the same type.
///
/// - `a`, `b`: the operands' stored bytes (int8 bit patterns when `signed`, uint8 otherwise);
///   output `i` reads `a[i · aStep]` and `b[i · bStep]`, each step 1 (contiguous) or 0 (one
///   element repeated: a broadcast operand).
/// - `zeroA`, `zeroB`: the operands' zero points, subtracted before multiplying.
/// - `requantization`: the output scaling, offset and clamp of a per-tensor table (`uniform`,
///   no `scale`, bias zero; see ``RequantizationTable``).
/// - `output`: `count` bytes.
/// - `rows`, `aRowStep`, `bRowStep`, `outputRowStep`: the run repeated `rows` times, row `r`
///   reading at `a + r · aRowStep`, `b + r · bRowStep` and writing at
///   `output + r · outputRowStep` (a squeeze-excite scale against every pixel: one call).
public typealias QuantizedProductOperands = (
  a: UnsafePointer<UInt8>, aStep: Int, b: UnsafePointer<UInt8>, bStep: Int,
  signed: Bool, zeroA: Int32, zeroB: Int32,
  requantization: RequantizationTable,
  output: UnsafeMutablePointer<UInt8>, count: Int,
  rows: Int, aRowStep: Int, bRowStep: Int, outputRowStep: Int
)
