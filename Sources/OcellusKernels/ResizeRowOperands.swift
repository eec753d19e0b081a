/// The operands of one output row of a uint8 bilinear resize (TFLite's float reference kernel
/// for uint8), as a tuple so that every build of the kernels shares the same type.
///
/// - `top`, `bottom`: the two input rows the output row interpolates (rows y0 and y1, NHWC).
/// - `columns`: per output column x, the element offsets of its two input pixels in a row
///   (`x0 · channels`, `x1 · channels`), 2 · `width` entries.
/// - `dx`: per output column, the horizontal weight of the right pixel (`width` entries).
/// - `dy`: the vertical weight of the bottom row.
/// - `output`: `width × channels` bytes.
public typealias ResizeRowOperands = (
  top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>,
  columns: UnsafePointer<Int>, dx: UnsafePointer<Float>, dy: Float,
  width: Int, channels: Int, output: UnsafeMutablePointer<UInt8>
)
