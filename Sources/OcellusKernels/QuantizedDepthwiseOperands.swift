/// The operands of an integer depthwise convolution run on the float depthwise kernel, as a
/// tuple so that every build of the kernels shares the same type.
///
/// - `input`, `filter`: as in ``DepthwiseOperands``, holding integer-valued floats (input
///   values and weights minus their zero points); taps outside the image count as zero.
/// - `magic`: `inputChannels × multiplier` floats, all ``Requantization/magic`` (the float
///   kernel's bias: sums start there so that they convert to integers exactly).
/// - Geometry (`inputHeight` … `padLeft`): as in ``DepthwiseOperands``.
/// - `requantization`: per-channel bias, multiplier and clamp (see ``RequantizationTable``).
/// - `output`: `[batch][outputHeight][outputWidth][inputChannels × multiplier]` bytes.
///
/// Each output sums `filterHeight × filterWidth` products in float, which must be exact: the
/// caller checks that this many products stay below ``Requantization/sumLimit`` (2^22) in
/// magnitude.
public typealias QuantizedDepthwiseOperands = (
  input: UnsafePointer<Float>, inputHeight: Int, inputWidth: Int, inputChannels: Int,
  filter: UnsafePointer<Float>, filterHeight: Int, filterWidth: Int, multiplier: Int,
  magic: UnsafePointer<Float>,
  outputHeight: Int, outputWidth: Int,
  strideHeight: Int, strideWidth: Int, dilationHeight: Int, dilationWidth: Int,
  padTop: Int, padLeft: Int,
  requantization: RequantizationTable,
  output: UnsafeMutablePointer<UInt8>
)
