/// The operands of ``QuantizeRow/run(_:)``, as a tuple so that every build of the kernels
/// shares the same type: `count` floats at `values` become
/// `q[i] = clamp(Int32(round(base + values[i] · inverse)), lower, 127)` at `quantized`.
public typealias QuantizeRowOperands = (
  values: UnsafePointer<Float>, count: Int, inverse: Float, base: Float, lower: Int32,
  quantized: UnsafeMutablePointer<Int8>
)
