/// The operands of ``AffineQuantize/run(_:)``, as a tuple so that every build of the kernels
/// shares the same type: `count` floats at `values` become
/// `q[i] = clamp(Int32(round(values[i] / scale)) &+ zeroPoint, lower, upper)`, stored at
/// `output` as `outputBytes`-byte integers (1: int8 when `signed`, else uint8; 2: int16).
public typealias AffineQuantizeOperands = (
  values: UnsafePointer<Float>, count: Int, scale: Float, zeroPoint: Int32, lower: Int32,
  upper: Int32, output: UnsafeMutableRawPointer, outputBytes: Int, signed: Bool
)
