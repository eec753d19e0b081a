/// The operands of one output row of a hybrid DEPTHWISE_CONV_2D's integer sums
/// (``HybridDepthwise/row(_:)``), as a tuple so that every build of the kernels shares the
/// same type.
///
/// - `image`: one image's quantized input, `inputHeight × inputWidth × depth` int8 (NHWC), with
///   zero point `offset`.
/// - `weights`: `filterHeight × filterWidth × channels` int8 (`channels = depth × multiplier`).
/// - Geometry: output row `oy` of `outputWidth` pixels; strides, dilations and padding in
///   pixels; taps outside the image are skipped (they add nothing).
/// - `sums`: `outputWidth × channels` Int32 results, `Σ_taps w · (q − offset)` (wrapping).
public typealias HybridDepthwiseOperands = (
  image: UnsafePointer<Int8>, inputHeight: Int, inputWidth: Int, depth: Int, offset: Int32,
  weights: UnsafePointer<Int8>, filterHeight: Int, filterWidth: Int, multiplier: Int,
  channels: Int, oy: Int, outputWidth: Int, strideHeight: Int, strideWidth: Int,
  dilationHeight: Int, dilationWidth: Int, padTop: Int, padLeft: Int,
  sums: UnsafeMutablePointer<Int32>
)
