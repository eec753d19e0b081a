internal import OcellusKernels
import TFLiteModel

/// CONV_2D and DEPTHWISE_CONV_2D with float32 activations and int8 weights (hybrid,
/// "dynamic-range" quantization), as TFLite's `conv.cc` and `depthwise_conv.cc` run them:
///
/// - CONV_2D with weight scales that differ per channel (`EvalHybridPerChannel`), and every
///   DEPTHWISE_CONV_2D (`DepthwiseConvHybridPerChannel`): each image is quantized
///   asymmetrically (``HybridQuantization``); `acc = Σ w · (q − zeroPoint)` over the taps
///   inside the image; `out = Float(acc) · scale[oc] · imageScale` (CONV_2D) or
///   `Float(acc) · (scale[oc] · imageScale)` (depthwise);
/// - CONV_2D with one weight scale, or all equal (`EvalHybrid`): each image is quantized
///   symmetrically and `out = Float(acc) · (imageScale · scale)`;
///
/// then `+ bias` and the fused activation. Sums are `Int32`, wrapping as in C++. A scalar loop
/// over output rows, split over threads (each output is one fixed sum). TFLite's depthwise
/// kernel reads one scale per output channel, so a single depthwise weight scale is rejected.
///
/// CONV_2D with constant weights runs on ``HybridGEMM`` (the image rows gathered as
/// integer-valued floats, exact integer sums on the float GEMM) except on the reference kernel
/// build, which keeps the scalar loop; both give identical outputs. A grouped CONV_2D (see
/// ``GroupedConvolution``) whose groups are its input channels sums as the depthwise kernel does,
/// on its constant filter transposed at load; other grouped ones run a ``HybridGEMM`` per group
/// on the whole image quantized once.
final class HybridConvolutionKernel: Kernel {
  static let sourceFile = #filePath
  /// CONV_2D in `groups` groups (filter `[OC][KH][KW][IC / groups]`), or DEPTHWISE_CONV_2D
  /// with its depth multiplier (filter `[1][KH][KW][IC × multiplier]`).
  enum Operator {
    case convolution(groups: Int)
    case depthwise(multiplier: Int)
  }

  private let geometry: ConvolutionGeometry
  private let op: Operator
  private let outputChannels: Int
  private let filter: HybridFilter
  /// Per-channel arithmetic (asymmetric inputs), else per-tensor (symmetric inputs).
  private let perChannel: Bool
  private let activation: FusedActivation
  private let hasBias: Bool
  private let input: HybridInputRows
  /// The kernel build (the depthwise sums run on its `hybridDepthwiseRow`).
  private let kernels: KernelSet
  /// The CONV_2D fast path, one GEMM per group; empty for depthwise, groups of one channel,
  /// the reference build or run-time weights.
  private let gemms: [HybridGEMM]
  /// For a CONV_2D whose groups are its input channels (not on the reference build): its
  /// constant filter `[OC][KH][KW][1]` as the depthwise filter `[KH][KW][OC]`, summed by
  /// ``depthwiseRow(_:multiplier:images:values:weights:bias:output:)``.
  private let channelwiseWeights: [Int8]?
  let scratchBytes: Int

  /// Checks the weights' quantization for `operands` (hybrid) and prepares the kernel.
  init(
    _ op: Operator, geometry: ConvolutionGeometry, outputChannels: Int,
    operands: ConvolutionOperands, activation: ActivationFunction, node: NodeContext
  ) throws(InterpreterError) {
    self.geometry = geometry
    self.op = op
    self.outputChannels = outputChannels
    switch op {
    case .convolution:
      filter = try HybridFilter(
        operands.filter, channels: outputChannels, channelDimension: 0, node)
      perChannel = filter.perChannel && filter.scalesDiffer
    case .depthwise:
      filter = try HybridFilter(
        operands.filter, channels: outputChannels, channelDimension: 3, node)
      guard filter.perChannel || outputChannels == 1 else {
        throw node.unsupported(
          "hybrid DEPTHWISE_CONV_2D needs int8 weights with one scale per output channel; these have one scale for all, which TFLite's hybrid depthwise kernel reads past (its outputs are undefined)"
        )
      }
      perChannel = true
    }
    self.activation = try FusedActivation(activation, node: node)
    hasBias = operands.bias != nil
    kernels = node.kernels
    input = HybridInputRows(
      rows: geometry.batch,
      length: geometry.inputHeight * geometry.inputWidth * geometry.inputChannels,
      asymmetric: perChannel, kernels: node.kernels)
    let rows = geometry.batch * geometry.outputPixels
    channelwiseWeights = Self.channelwiseWeights(
      op, geometry: geometry, filter: operands.filter, outputChannels: outputChannels,
      kernels: node.kernels)
    if case .convolution(let groups) = op, channelwiseWeights == nil,
      let weights = operands.filter.constant, !node.kernels.isReference, rows > 0,
      outputChannels > 0
    {
      let (columns, depth) = (
        outputChannels / groups,
        geometry.filterHeight * geometry.filterWidth * geometry.inputChannels / groups
      )
      gemms = (0..<groups).map { group in
        let start = weights.startIndex + group * columns * depth
        return HybridGEMM(
          kernels: node.kernels, weights: weights[start..<(start + columns * depth)],
          columns: columns, depth: depth, bytesWhenFast: true)
      }
      scratchBytes =
        PackedWeights.rounded(input.scratchBytes) + gemms[0].scratchBytes(rows: rows)
    } else {
      gemms = []
      scratchBytes = input.scratchBytes
    }
  }

  /// The transposed filter of a constant CONV_2D whose groups are its input channels, or nil
  /// (any other operator, a run-time filter, the reference build).
  private static func channelwiseWeights(
    _ op: Operator, geometry: ConvolutionGeometry, filter: TensorDescription,
    outputChannels: Int, kernels: KernelSet
  ) -> [Int8]? {
    guard case .convolution(let groups) = op, groups > 1, groups == geometry.inputChannels,
      !kernels.isReference, filter.type == .int8,
      let constant = GroupedConvolution.depthwiseFilter(filter, outputChannels: outputChannels)?
        .constant
    else { return nil }
    return constant.map { Int8(bitPattern: $0) }
  }

  func run(_ io: KernelIO) {
    let g = geometry
    guard g.batch * g.outputPixels > 0, outputChannels > 0, let scratch = io.scratch else {
      return
    }
    let (images, values) = input.quantize(
      io.input(0, as: Float.self), scratch: scratch, pool: io.pool)
    if !perChannel {
      for b in 0..<g.batch { images[b].scale *= filter.scales[0] }
    }
    let weights = io.input(1, as: Int8.self)
    let bias = hasBias ? io.input(2, as: Float.self) : nil
    let output = io.output(0, as: Float.self)
    for (group, gemm) in gemms.enumerated() {
      runGEMM(
        gemm, group: group, images: UnsafePointer(images), values: UnsafePointer(values),
        scratch: scratch + PackedWeights.rounded(input.scratchBytes), bias: bias, output: output,
        pool: io.pool)
    }
    guard gemms.isEmpty else { return }
    let taps = g.filterHeight * g.filterWidth
    let tapWork: Int
    if case .convolution(let groups) = op {
      tapWork = taps * g.inputChannels / groups
    } else {
      tapWork = taps
    }
    let rowWork = g.outputWidth * outputChannels * tapWork
    io.pool.parallelFor(
      g.batch * g.outputHeight, minimumChunk: max(1, GEMM.minimumChunkWork / max(rowWork, 1))
    ) { rows in
      for row in rows {
        self.outputRow(
          row, images: UnsafePointer(images), values: UnsafePointer(values), weights: weights,
          bias: bias, output: output)
      }
    }
  }

  /// The CONV_2D fast path for group `group` (of all, when there is one): every output
  /// pixel's taps of the group's input channels gathered as integer-valued floats
  /// `q − zeroPoint` (0 outside the image), multiplied by the group's ``HybridGEMM``, then
  /// scaled into the group's output channels.
  private func runGEMM(
    _ gemm: HybridGEMM, group: Int, images: UnsafePointer<HybridQuantization.Row>,
    values: UnsafePointer<Int8>, scratch: UnsafeMutableRawPointer, bias: UnsafePointer<Float>?,
    output: UnsafeMutablePointer<Float>, pool: ThreadPool
  ) {
    let g = geometry
    let groups = gemms.count
    // Input channels per tap (the group's, from `first` in each pixel of `g.inputChannels`).
    let (pixels, channels) = (g.outputPixels, g.inputChannels / groups)
    let first = group * channels
    let depth = g.filterHeight * g.filterWidth * channels
    let rows = g.batch * pixels
    let pointwise =
      groups == 1 && g.filterHeight == 1 && g.filterWidth == 1 && g.strideHeight == 1
      && g.strideWidth == 1 && g.outputHeight == g.inputHeight && g.outputWidth == g.inputWidth
    let sums =
      gemm.usesInt8GEMM && pointwise
      // Each output pixel's row of A is its input pixel's quantized values, as they are.
      ? gemm.byteProducts(
        rows: rows, a: values, scratch: scratch, pool: pool,
        offset: { images[$0 / pixels].offset })
      : gemm.usesInt8GEMM
        ? gemm.byteProducts(
          rows: rows, scratch: scratch, pool: pool, offset: { images[$0 / pixels].offset }
        ) { a, range in
          for r in range {
            let b = r / pixels
            let (image, zero) = (
              values + b * self.input.length + first, Int8(truncatingIfNeeded: images[b].offset)
            )
            let row = a + r * depth
            row.update(repeating: zero, count: depth)
            g.forEachTap(oy: (r % pixels) / g.outputWidth, ox: (r % pixels) % g.outputWidth) {
              ky, kx, y, x in
              (row + (ky * g.filterWidth + kx) * channels).update(
                from: image + (y * g.inputWidth + x) * g.inputChannels, count: channels)
            }
          }
        }
        : gemm.products(rows: rows, scratch: scratch, pool: pool) {
          a, range in
          for r in range {
            let (b, pixel) = (r / pixels, r % pixels)
            let image = values + b * self.input.length + first
            let offset = Float(images[b].offset)
            let row = a + r * depth
            row.update(repeating: 0, count: depth)
            g.forEachTap(oy: pixel / g.outputWidth, ox: pixel % g.outputWidth) { ky, kx, y, x in
              let source = image + (y * g.inputWidth + x) * g.inputChannels
              let target = row + (ky * g.filterWidth + kx) * channels
              for ic in 0..<channels { target[ic] = Float(source[ic]) - offset }
            }
          }
        }
    finishRows(
      rows, sums: sums,
      channels: (group * outputChannels / groups)..<((group + 1) * outputChannels / groups),
      images: images, bias: bias, output: output, pool: pool)
  }

  /// Scales the `rows × channels.count` sums into output channels `channels` of `rows` output
  /// pixels (``finish(_:_:_:_:)``, 16 channels at a time where it can).
  private func finishRows(
    _ rows: Int, sums: UnsafePointer<Int32>, channels: Range<Int>,
    images: UnsafePointer<HybridQuantization.Row>, bias: UnsafePointer<Float>?,
    output: UnsafeMutablePointer<Float>, pool: ThreadPool
  ) {
    let (pixels, columns) = (geometry.outputPixels, channels.count)
    pool.parallelFor(rows, minimumChunk: max(1, (1 << 14) / columns)) { range in
      for r in range {
        let image = images[r / pixels]
        let (rowSums, rowOutput) = (sums + r * columns, output + r * self.outputChannels)
        let vectorEnd = self.finishVectors(
          rowSums, image, bias, output: rowOutput, channels: channels)
        for oc in vectorEnd..<channels.upperBound {
          rowOutput[oc] = self.finish(rowSums[oc - channels.lowerBound], image, oc, bias)
        }
      }
    }
  }

  /// ``finish(_:_:_:_:)`` for output channels `channels` of one output pixel (their sums from
  /// `sums[0]`, the pixel's channels at `output`), 16 then 8 at a time, the same float
  /// operations in the same order lane by lane; returns the first channel left for the scalar
  /// loop.
  private func finishVectors(
    _ sums: UnsafePointer<Int32>, _ image: HybridQuantization.Row, _ bias: UnsafePointer<Float>?,
    output: UnsafeMutablePointer<Float>, channels: Range<Int>
  ) -> Int {
    let depthwise: Bool
    switch op {
    case .convolution: depthwise = false
    case .depthwise: depthwise = true
    }
    // Depthwise scales are per channel (checked at load) unless there is one channel.
    guard !depthwise || filter.scales.count == outputChannels else { return channels.lowerBound }
    var oc = channels.lowerBound
    filter.scales.withUnsafeBufferPointer { scales in
      let vector = (
        sums: sums, first: channels.lowerBound, scales: scales.baseAddress!, image: image.scale,
        bias: bias, depthwise: depthwise, output: output
      )
      while oc + 16 <= channels.upperBound {
        finishVector(SIMD16<Float>.self, vector, at: oc)
        oc += 16
      }
      if oc + 8 <= channels.upperBound {
        finishVector(SIMD8<Float>.self, vector, at: oc)
        oc += 8
      }
    }
    return oc
  }

  /// ``finishVectors(_:_:_:output:channels:)`` for the `V.scalarCount` channels from `oc`
  /// (their sums at `v.sums + oc − v.first`, their outputs at `v.output + oc`).
  @inline(__always)
  private func finishVector<V: SIMD>(
    _: V.Type,
    _ v: (
      sums: UnsafePointer<Int32>, first: Int, scales: UnsafePointer<Float>, image: Float,
      bias: UnsafePointer<Float>?, depthwise: Bool, output: UnsafeMutablePointer<Float>
    ),
    at oc: Int
  ) where V.Scalar == Float {
    let scale = V(repeating: v.image)
    var value = V()
    let sums = v.sums + (oc - v.first)
    for lane in 0..<V.scalarCount { value[lane] = Float(sums[lane]) }
    let filterScales = UnsafeRawPointer(v.scales + oc)
    if v.depthwise {
      value = value * (filterScales.loadUnaligned(as: V.self) * scale)
    } else if perChannel {
      value = value * filterScales.loadUnaligned(as: V.self) * scale
    } else {
      value = value * scale
    }
    let offset = v.bias.map { UnsafeRawPointer($0 + oc).loadUnaligned(as: V.self) }
    value = value + (offset ?? V())
    // `FusedActivation.apply` lane by lane, as ternaries that compile to compares and
    // blends (`replace(with:where:)` would run lane by lane): NaN stays NaN.
    let (lower, upper) = (activation.lower, activation.upper)
    var clamped = value
    for lane in 0..<V.scalarCount {
      let x = value[lane]
      clamped[lane] = x < lower ? lower : (x > upper ? upper : x)
    }
    UnsafeMutableRawPointer(v.output + oc).storeBytes(of: clamped, as: V.self)
  }

  /// The output of channel `oc` from its integer sum `acc` over image `image`: scaled as
  /// the operator does, `+ bias`, the fused activation.
  @inline(__always)
  private func finish(
    _ acc: Int32, _ image: HybridQuantization.Row, _ oc: Int, _ bias: UnsafePointer<Float>?
  ) -> Float {
    let scaled: Float
    switch op {
    case .convolution:
      scaled =
        perChannel ? Float(acc) * filter.scales[oc] * image.scale : Float(acc) * image.scale
    case .depthwise:
      scaled = Float(acc) * (filter.scale(oc) * image.scale)
    }
    return activation.apply(scaled + (bias?[oc] ?? 0))
  }

  /// Computes output row `row` (counted over `batch × outputHeight`): the CONV_2D scalar loop
  /// (the reference build's), or ``depthwiseRow(_:multiplier:images:values:weights:bias:output:)``.
  private func outputRow(
    _ row: Int, images: UnsafePointer<HybridQuantization.Row>, values: UnsafePointer<Int8>,
    weights: UnsafePointer<Int8>, bias: UnsafePointer<Float>?, output: UnsafeMutablePointer<Float>
  ) {
    let groups: Int
    switch op {
    case .depthwise(let multiplier):
      depthwiseRow(
        row, multiplier: multiplier, images: images, values: values, weights: weights,
        bias: bias, output: output)
      return
    case .convolution(let count): groups = count
    }
    if let channelwiseWeights {
      channelwiseWeights.withUnsafeBufferPointer {
        depthwiseRow(
          row, multiplier: outputChannels / groups, images: images, values: values,
          weights: $0.baseAddress.unsafelyUnwrapped, bias: bias, output: output)
      }
      return
    }
    let g = geometry
    let (b, oy) = (row / g.outputHeight, row % g.outputHeight)
    let image = values + b * input.length
    let offset = images[b].offset
    // Filter channels; group `oc / groupOutputs` reads input channels from `group × depth`.
    let (depth, groupOutputs) = (g.inputChannels / groups, outputChannels / groups)
    var o = row * g.outputWidth * outputChannels
    for ox in 0..<g.outputWidth {
      for oc in 0..<outputChannels {
        var acc: Int32 = 0
        g.forEachTap(oy: oy, ox: ox) { ky, kx, y, x in
          let pixel = image + (y * g.inputWidth + x) * g.inputChannels + oc / groupOutputs * depth
          let tap = weights + ((oc * g.filterHeight + ky) * g.filterWidth + kx) * depth
          for ic in 0..<depth {
            acc = acc &+ Int32(tap[ic]) &* (Int32(pixel[ic]) &- offset)
          }
        }
        output[o] = finish(acc, images[b], oc, bias)
        o += 1
      }
    }
  }

  /// Output row `row` of DEPTHWISE_CONV_2D: per output pixel, every tap adds
  /// `weight · (q − offset)` to all channels' wrapping Int32 sums at once (channels
  /// contiguous), the same sums as tap by tap per channel.
  /// The reference build's sums of one output row: the taps through ``ConvolutionGeometry``'s
  /// tap walk, channel by channel (what ``HybridDepthwise`` vectorizes).
  private func referenceDepthwiseSums(_ o: HybridDepthwiseOperands) {
    for ox in 0..<o.outputWidth {
      let acc = o.sums + ox * o.channels
      acc.update(repeating: 0, count: o.channels)
      geometry.forEachTap(oy: o.oy, ox: ox) { ky, kx, y, x in
        let pixel = o.image + (y * o.inputWidth + x) * o.depth
        let tap = o.weights + (ky * o.filterWidth + kx) * o.channels
        for oc in 0..<o.channels {
          acc[oc] = acc[oc] &+ Int32(tap[oc]) &* (Int32(pixel[oc / o.multiplier]) &- o.offset)
        }
      }
    }
  }

  private func depthwiseRow(
    _ row: Int, multiplier: Int, images: UnsafePointer<HybridQuantization.Row>,
    values: UnsafePointer<Int8>, weights: UnsafePointer<Int8>, bias: UnsafePointer<Float>?,
    output: UnsafeMutablePointer<Float>
  ) {
    let g = geometry
    let (b, oy) = (row / g.outputHeight, row % g.outputHeight)
    let image = values + b * input.length
    let offset = images[b].offset
    let (depth, channels) = (g.inputChannels, outputChannels)
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: g.outputWidth * channels) { buffer in
      guard let sums = buffer.baseAddress else { return }
      let operands: HybridDepthwiseOperands = (
        image: image, inputHeight: g.inputHeight, inputWidth: g.inputWidth, depth: depth,
        offset: offset, weights: weights, filterHeight: g.filterHeight,
        filterWidth: g.filterWidth, multiplier: multiplier, channels: channels, oy: oy,
        outputWidth: g.outputWidth, strideHeight: g.strideHeight, strideWidth: g.strideWidth,
        dilationHeight: g.dilationHeight, dilationWidth: g.dilationWidth, padTop: g.padTop,
        padLeft: g.padLeft, sums: sums
      )
      if kernels.isReference {
        referenceDepthwiseSums(operands)
      } else {
        kernels.entry.hybridDepthwiseRow(operands)
      }
      let out = output + row * g.outputWidth * channels
      for x in 0..<g.outputWidth {
        let (pixelSums, pixelOutput) = (sums + x * channels, out + x * channels)
        let vectorEnd = finishVectors(
          pixelSums, images[b], bias, output: pixelOutput, channels: 0..<channels)
        for oc in vectorEnd..<channels {
          pixelOutput[oc] = finish(pixelSums[oc], images[b], oc, bias)
        }
      }
    }
  }
}
