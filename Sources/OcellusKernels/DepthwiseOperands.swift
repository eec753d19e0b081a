/// The operands of a float depthwise convolution over NHWC tensors, as a tuple so that every
/// build of the kernels (and the interpreter calling them) shares the same type.
///
/// - `input`: `[batch][inputHeight][inputWidth][inputChannels]`.
/// - `filter`: `[filterHeight][filterWidth][inputChannels * multiplier]`; output channel
///   `oc` reads input channel `oc / multiplier`.
/// - `bias`: `inputChannels * multiplier` floats (zeros when the model has none).
/// - `output`: `[batch][outputHeight][outputWidth][inputChannels * multiplier]`.
/// - Output pixel `(oy, ox)` and tap `(ky, kx)` read input pixel
///   `(oy * strideHeight - padTop + ky * dilationHeight, ox * strideWidth - padLeft + kx * dilationWidth)`;
///   taps outside the image count as zero.
/// - `lower`, `upper`: the fused activation's clamp (±infinity for none).
public typealias DepthwiseOperands = (
  input: UnsafePointer<Float>, inputHeight: Int, inputWidth: Int, inputChannels: Int,
  filter: UnsafePointer<Float>, filterHeight: Int, filterWidth: Int, multiplier: Int,
  bias: UnsafePointer<Float>,
  output: UnsafeMutablePointer<Float>, outputHeight: Int, outputWidth: Int,
  strideHeight: Int, strideWidth: Int, dilationHeight: Int, dilationWidth: Int,
  padTop: Int, padLeft: Int,
  lower: Float, upper: Float
)
