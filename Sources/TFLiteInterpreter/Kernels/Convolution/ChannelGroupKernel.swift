import TFLiteModel

/// A grouped CONV_2D run group by group (``GroupedConvolution``): for each group, its input
/// channels are copied into scratch, an ordinary convolution kernel of that group (made at
/// load from the group's slices of the filter, bias and per-channel parameters, which are
/// contiguous in the model) computes the group's output into scratch, and that is copied to
/// the group's output channels. Each group's outputs are those of the grouped reference loops:
/// the same sums of the same products, so integer outputs are exact on every build.
final class ChannelGroupKernel: Kernel {
  static let sourceFile = #filePath
  /// One kernel per group, in group order.
  private let groups: [any Kernel]
  /// Channels of the whole input and output, and of one group's.
  private let inputChannels, outputChannels, groupInputChannels, groupOutputChannels: Int
  /// Pixels of the whole input and output (batch included).
  private let inputPixels, outputPixels: Int
  /// Bytes of one input element and one output element.
  private let inputBytes, outputBytes: Int
  /// Bytes of one group's filter slice and bias slice.
  private let filterGroupBytes, biasGroupBytes: Int
  /// Where the group's input and output copies start in the scratch (after the group
  /// kernels' own scratch).
  private let inputCopyOffset, outputCopyOffset: Int
  let scratchBytes: Int
  let threadScratchBytes: Int

  /// Makes the kernels of `groups` groups of `node` (its input described by `geometry`).
  init(
    _ node: inout NodeContext, geometry: ConvolutionGeometry, outputChannels: Int, groups: Int
  ) throws(InterpreterError) {
    let (input, filter) = (try node.input(0), try node.input(1))
    let bias = node.inputs.count > 2 ? node.inputs[2] : nil
    guard let inputBytes = input.type.byteSize, let outputBytes = node.outputs[0].type.byteSize,
      let filterBytes = filter.type.byteSize
    else {
      throw node.unsupported(
        "grouped convolution with \(filter.type) weights is not supported (sub-byte elements)")
    }
    let g = geometry
    (self.inputChannels, self.outputChannels) = (g.inputChannels, outputChannels)
    (groupInputChannels, groupOutputChannels) = (g.inputChannels / groups, outputChannels / groups)
    (inputPixels, outputPixels) = (
      g.batch * g.inputHeight * g.inputWidth, g.batch * g.outputHeight * g.outputWidth
    )
    (self.inputBytes, self.outputBytes) = (inputBytes, outputBytes)
    filterGroupBytes = filter.elementCount / max(groups, 1) * filterBytes
    biasGroupBytes = groupOutputChannels * (bias?.type.byteSize ?? 0)
    var kernels: [any Kernel] = []
    for group in 0..<groups {
      var part = node
      part.inputs[0]?.shape = [g.batch, g.inputHeight, g.inputWidth, groupInputChannels]
      part.inputs[0]?.constant = nil
      part.inputs[1] = Self.slice(filter, group: group, count: groups)
      if let bias { part.inputs[2] = Self.slice(bias, group: group, count: groups) }
      part.outputs[0].shape = [g.batch, g.outputHeight, g.outputWidth, groupOutputChannels]
      kernels.append(try ConvolutionKernel.make(&part))
    }
    self.groups = kernels
    let innerScratch = PackedWeights.rounded(kernels.map(\.scratchBytes).max() ?? 0)
    inputCopyOffset = innerScratch
    outputCopyOffset =
      innerScratch + PackedWeights.rounded(inputPixels * groupInputChannels * inputBytes)
    scratchBytes = outputCopyOffset + outputPixels * groupOutputChannels * outputBytes
    threadScratchBytes = kernels.map(\.threadScratchBytes).max() ?? 0
    try node.setOutputShape(0, [g.batch, g.outputHeight, g.outputWidth, outputChannels])
  }

  /// Group `group` of `count` of `tensor` along its first dimension (filter `[OC]...`, bias
  /// `[OC]`): shape, constant bytes and per-channel parameters cut alike.
  private static func slice(_ tensor: TensorDescription, group: Int, count: Int)
    -> TensorDescription
  {
    let channels = (tensor.shape.first ?? 0) / max(count, 1)
    let range = group * channels..<(group + 1) * channels
    var shape = tensor.shape
    if !shape.isEmpty { shape[0] = channels }
    var constant: ModelBytes?
    if let data = tensor.constant, tensor.type.byteSize != nil,
      data.count == tensor.byteCount
    {
      let groupBytes = tensor.byteCount / max(count, 1)
      let start = data.startIndex + group * groupBytes
      constant = data[start..<(start + groupBytes)]
    }
    return TensorDescription(
      index: tensor.index, name: tensor.name, type: tensor.type, shape: shape,
      quantization: tensor.quantization?.channels(range, along: 0), constant: constant)
  }

  func run(_ io: KernelIO) {
    guard inputPixels > 0, outputPixels > 0, let scratch = io.scratch else { return }
    let (inputCopy, outputCopy) = (scratch + inputCopyOffset, scratch + outputCopyOffset)
    let input = io.inputs[0].unsafelyUnwrapped
    let output = io.outputs[0]
    for (group, kernel) in groups.enumerated() {
      copy(
        from: input + group * groupInputChannels * inputBytes, stride: inputChannels * inputBytes,
        to: inputCopy, stride: groupInputChannels * inputBytes, pixels: inputPixels)
      run(kernel, group: group, io, input: inputCopy, output: outputCopy)
      copy(
        from: outputCopy, stride: groupOutputChannels * outputBytes,
        to: output + group * groupOutputChannels * outputBytes,
        stride: outputChannels * outputBytes, pixels: outputPixels)
    }
  }

  /// Runs `kernel` of group `group` on the group's input copy, filter and bias slices, writing
  /// `output`.
  private func run(
    _ kernel: any Kernel, group: Int, _ io: KernelIO, input: UnsafeMutableRawPointer,
    output: UnsafeMutableRawPointer
  ) {
    withUnsafeTemporaryAllocation(of: UnsafeRawPointer?.self, capacity: io.inputs.count) {
      inputs in
      inputs[0] = UnsafeRawPointer(input)
      inputs[1] = io.inputs[1].map { $0 + group * filterGroupBytes }
      if inputs.count > 2 { inputs[2] = io.inputs[2].map { $0 + group * biasGroupBytes } }
      withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer.self, capacity: 1) { outputs in
        outputs[0] = output
        kernel.run(
          KernelIO(
            inputs: UnsafeBufferPointer(inputs), outputs: UnsafeBufferPointer(outputs),
            scratch: io.scratch, threadScratch: io.threadScratch, pool: io.pool,
            status: io.status))
      }
    }
  }

  /// Copies one group's channels of `pixels` pixels: the first `min(sourceStride,
  /// targetStride)` bytes of each pixel's run (`source` and `target` point at pixel 0's group).
  private func copy(
    from source: UnsafeRawPointer, stride sourceStride: Int, to target: UnsafeMutableRawPointer,
    stride targetStride: Int, pixels: Int
  ) {
    let length = min(sourceStride, targetStride)
    for pixel in 0..<pixels {
      (target + pixel * targetStride).copyMemory(
        from: source + pixel * sourceStride, byteCount: length)
    }
  }
}
