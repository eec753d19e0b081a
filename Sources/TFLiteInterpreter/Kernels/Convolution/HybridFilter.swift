import TFLiteModel

/// The int8 weights of a hybrid node (float32 activations, int8 constant weights) and their
/// scales, checked at load as TFLite's `Prepare` does: symmetric affine quantization, one scale
/// for the tensor or one per output channel along `quantized_dimension`.
struct HybridFilter {
  /// One scale, or one per output channel.
  let scales: [Float]
  /// True when there is more than one scale.
  let perChannel: Bool

  /// Reads `filter`'s quantization; `channels` is the size of its output-channel dimension
  /// `channelDimension` (nil when any dimension TFLite accepts is fine).
  init(
    _ filter: TensorDescription, channels: Int, channelDimension: Int?, _ node: NodeContext
  ) throws(InterpreterError) {
    guard filter.type == .int8 else {
      throw node.unsupported(
        "hybrid quantization (float32 activations) needs int8 weights; \(filter.type) weights are not supported"
      )
    }
    guard let quantization = filter.quantization, quantization.details == nil,
      !quantization.scales.isEmpty
    else {
      throw node.invalid("the int8 weights have no affine quantization parameters")
    }
    scales = quantization.scales
    for (index, scale) in scales.enumerated() where !(scale.isFinite && scale >= 0) {
      throw node.invalid(
        "weight scale \(index) is \(scale); scales must be finite and non-negative")
    }
    perChannel = scales.count > 1
    guard perChannel else { return }
    let dimension = quantization.quantizedDimension
    guard dimension < filter.shape.count, filter.shape[dimension] == scales.count,
      channelDimension == nil || channelDimension == dimension, scales.count == channels
    else {
      throw node.invalid(
        "the weights have \(scales.count) scales along dimension \(dimension) of shape \(filter.shape), not one per output channel (\(channels))"
      )
    }
  }

  /// True when the scales differ between channels (TFLite's CONV_2D treats equal per-channel
  /// scales as one per-tensor scale).
  var scalesDiffer: Bool { scales.contains { $0 != scales[0] } }

  /// The scale of output channel `channel`.
  @inline(__always)
  func scale(_ channel: Int) -> Float { perChannel ? scales[channel] : scales[0] }
}
