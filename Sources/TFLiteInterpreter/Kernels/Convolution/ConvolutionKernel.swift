internal import OcellusKernels
import TFLiteModel

/// CONV_2D on float32 NHWC tensors: SAME/VALID padding, strides, dilations, optional bias and
/// a fused activation (NONE, RELU, RELU6, RELU_N1_TO_1).
///
/// Runs as a GEMM: the filter `[OC][KH][KW][IC]` is packed once at load into the panels of the
/// chosen ``KernelSet``. A is the input itself for 1×1 stride-1 convolutions (rows of `IC`
/// floats, no copy); otherwise each output pixel's row of A is gathered through pointers into
/// the input — one run of `KW × IC` floats per filter row (per tap when dilated) — and only
/// pixels whose window crosses the border are copied, zero-padded, into scratch (im2col). Rows
/// are handled in blocks of bounded scratch. A filter computed at run time is packed into
/// scratch instead.
/// uint8 and int8 models run ``QuantizedConvolutionKernel`` (same factory). Grouped
/// convolution (input channels a multiple of the filter's), hybrid (float input, quantized
/// filter) and int16 models are rejected at load.
final class ConvolutionKernel: Kernel {
  static let factories: [BuiltinOperator: KernelFactory] = [.conv2d: { try make(&$0) }]

  private let geometry: ConvolutionGeometry
  private let outputChannels: Int
  private let activation: FusedActivation
  private let kernels: KernelSet
  private let hasBias: Bool
  /// The filter packed at load; nil for the reference build or a filter known only at run time.
  private let packed: PackedWeights?
  /// Floats at the start of scratch for a filter packed at run time (0 when packed at load).
  private let packedScratchFloats: Int
  /// Output pixels per block of gathered rows (0 when the input is the A matrix as it is).
  private let blockRows: Int
  /// Runs of A per output pixel: one per filter row, or per tap when the width is dilated.
  private let segments: Int
  /// Bytes at the start of the block scratch for the row pointers (`blockRows × segments`).
  private let pointerBytes: Int
  let scratchBytes: Int

  /// Bytes of packed weights this kernel holds beyond the model.
  var packedWeightBytes: Int { packed?.byteCount ?? 0 }

  private init(
    geometry: ConvolutionGeometry, outputChannels: Int, activation: FusedActivation,
    kernels: KernelSet, hasBias: Bool, filter: ArraySlice<UInt8>?
  ) {
    self.geometry = geometry
    self.outputChannels = outputChannels
    self.activation = activation
    self.kernels = kernels
    self.hasBias = hasBias
    let depth = geometry.filterHeight * geometry.filterWidth * geometry.inputChannels
    let rows = geometry.batch * geometry.outputPixels
    segments =
      geometry.dilationWidth == 1
      ? geometry.filterHeight : geometry.filterHeight * geometry.filterWidth
    guard kernels.variant != .reference, rows > 0, outputChannels > 0 else {
      packed = nil
      packedScratchFloats = 0
      blockRows = 0
      pointerBytes = 0
      scratchBytes = 0
      return
    }
    if let filter {
      packed = PackedWeights(
        kernels: kernels, weights: filter, columns: outputChannels, depth: depth)
      packedScratchFloats = 0
    } else {
      packed = nil
      // Rounded up to 64 bytes so the im2col block after it stays aligned.
      packedScratchFloats = (kernels.packedCount(depth, outputChannels) + 15) / 16 * 16
    }
    if geometry.isPointwise {
      blockRows = 0
    } else {
      // Scratch per block: a pointer per segment and room to copy every row (border rows).
      let tile = kernels.rowTile
      let perRow = depth + 2 * segments
      blockRows = min(rows, max(tile, GEMM.blockFloats / max(perRow, 1) / tile * tile))
    }
    pointerBytes = (blockRows * segments * MemoryLayout<UnsafePointer<Float>>.stride + 63) / 64 * 64
    scratchBytes =
      (packedScratchFloats + blockRows * depth) * MemoryLayout<Float>.size + pointerBytes
  }

  private static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, 3, outputs: 1)
    let input = try node.input(0)
    let filter = try node.input(1)
    let bias = node.inputs.count > 2 ? node.inputs[2] : nil
    let quantized = try QuantizedSupport.isQuantized(input: input, filter: filter, node: node)
    if !quantized {
      for (position, tensor) in [(0, input), (1, filter)] + (bias.map { [(2, $0)] } ?? [])
      where tensor.type != .float32 {
        throw node.unsupported(
          "input \(position) is \(tensor.type); only float32, uint8 and int8 convolution are supported"
        )
      }
      guard node.outputs[0].type == .float32 else {
        throw node.unsupported("output is \(node.outputs[0].type) for a float32 input")
      }
    }
    guard case .conv2D(let options) = node.options else {
      throw node.invalid("options are \(node.options.typeName), not Conv2DOptions")
    }
    guard filter.shape.count == 4 else {
      throw node.invalid("filter must have rank 4 ([OC, KH, KW, IC]), found shape \(filter.shape)")
    }
    let outputChannels = filter.shape[0]
    let geometry = try ConvolutionGeometry(
      input: input.shape, filterHeight: filter.shape[1], filterWidth: filter.shape[2],
      padding: options.padding, strides: (options.strideHeight, options.strideWidth),
      dilations: (options.dilationHeight, options.dilationWidth), node: node)
    let filterChannels = filter.shape[3]
    try geometry.checkSizes(
      outputChannels: outputChannels, filterChannels: filterChannels, node: node)
    guard filterChannels == geometry.inputChannels else {
      if filterChannels > 0 && geometry.inputChannels % filterChannels == 0 {
        throw node.unsupported(
          "grouped convolution (\(geometry.inputChannels) input channels, filter has \(filterChannels)) is not supported"
        )
      }
      throw node.invalid(
        "filter has \(filterChannels) input channels but the input has \(geometry.inputChannels)")
    }
    if let bias, ConvolutionGeometry.product(bias.shape) != outputChannels {
      throw node.invalid("bias of shape \(bias.shape) is not \(outputChannels) values")
    }
    if quantized {
      let quantization = try ConvolutionQuantization(
        .convolution, input: input, filter: filter, bias: bias, output: node.outputs[0],
        channels: outputChannels, activation: options.activation, node: node)
      try node.setOutputShape(
        0, [geometry.batch, geometry.outputHeight, geometry.outputWidth, outputChannels])
      return QuantizedConvolutionKernel(
        geometry: geometry, outputChannels: outputChannels, quantization: quantization,
        kernels: KernelSet.current, filter: filter.constant, bias: bias)
    }
    let activation = try FusedActivation(options.activation, node: node)
    try node.setOutputShape(
      0, [geometry.batch, geometry.outputHeight, geometry.outputWidth, outputChannels])
    return ConvolutionKernel(
      geometry: geometry, outputChannels: outputChannels, activation: activation,
      kernels: KernelSet.current, hasBias: bias != nil, filter: filter.constant)
  }

  func run(_ io: KernelIO) {
    let g = geometry
    let rows = g.batch * g.outputPixels
    guard rows > 0, outputChannels > 0 else { return }
    let input = io.input(0, as: Float.self)
    let bias = hasBias ? io.input(2, as: Float.self) : nil
    let output = io.output(0, as: Float.self)
    if kernels.variant == .reference {
      ConvolutionReference.convolution(
        g, outputChannels: outputChannels, input: input, filter: io.input(1, as: Float.self),
        bias: bias, activation: activation, output: output)
      return
    }
    let depth = g.filterHeight * g.filterWidth * g.inputChannels
    let scratch = io.scratch?.bindMemory(
      to: Float.self, capacity: scratchBytes / MemoryLayout<Float>.size)
    let weights: UnsafePointer<Float>
    if let packed {
      weights = packed.pointer
    } else {
      guard let scratch else { return }
      kernels.pack(io.input(1, as: Float.self), outputChannels, depth, depth, scratch)
      weights = UnsafePointer(scratch)
    }
    guard blockRows > 0 else {
      // 1×1, stride 1: the input rows are A.
      GEMM.multiply(
        kernels: kernels, m: rows, n: outputChannels, k: depth, a: input, lda: depth,
        packed: weights, bias: bias, activation: activation, c: output, ldc: outputChannels,
        pool: io.pool)
      return
    }
    guard let blockScratch = io.scratch.map({ $0 + packedScratchFloats * 4 }) else { return }
    let pointers = blockScratch.bindMemory(
      to: UnsafePointer<Float>.self, capacity: blockRows * segments)
    let patches = (blockScratch + pointerBytes).bindMemory(
      to: Float.self, capacity: blockRows * depth)
    let segments = self.segments
    // Each thread gathers the rows it multiplies (whole tiles of rows, every panel), so one
    // parallel loop per block suffices.
    let multiply = kernels.multiplyIndirect
    let tile = kernels.rowTile
    let panels = kernels.panelCount(outputChannels)
    let tileWork = tile * depth * outputChannels
    var start = 0
    while start < rows {
      let count = min(blockRows, rows - start)
      let first = start
      let operands: IndirectGEMMOperands = (
        m: count, n: outputChannels, segments: segments,
        segmentLength: depth / max(segments, 1), rows: UnsafePointer(pointers), packed: weights,
        panelStride: depth * kernels.columnTile, bias: bias, lower: activation.lower,
        upper: activation.upper, c: output + start * outputChannels, ldc: outputChannels
      )
      io.pool.parallelFor(
        (count + tile - 1) / tile, minimumChunk: max(1, GEMM.minimumChunkWork / max(tileWork, 1))
      ) { tiles in
        let part = tiles.lowerBound * tile..<min(count, tiles.upperBound * tile)
        Self.gather(
          g, input: input, rows: first + part.lowerBound..<first + part.upperBound,
          segments: segments, pointers: pointers + part.lowerBound * segments,
          patches: patches + part.lowerBound * depth)
        multiply(operands, part, 0..<panels)
      }
      start += count
    }
  }

  /// Sets the row pointers of output pixels `rows`: into the input where the whole filter
  /// window is inside the image, else into a zero-padded copy of the window (im2col) at
  /// `patches` (row `r` at `(r - rows.lowerBound) * depth`).
  @inline(never)
  static func gather(
    _ g: ConvolutionGeometry, input: UnsafePointer<Float>, rows: Range<Int>, segments: Int,
    pointers: UnsafeMutablePointer<UnsafePointer<Float>>, patches: UnsafeMutablePointer<Float>
  ) {
    // All offsets stay inside tensors whose sizes the factory checked, so wrapping arithmetic
    // cannot wrap.
    let channels = g.inputChannels
    let depth = g.filterHeight &* g.filterWidth &* channels
    let length = depth / max(segments, 1)
    let pixels = g.outputPixels
    let imageFloats = g.inputHeight &* g.inputWidth &* channels
    let rowFloats = g.inputWidth &* channels
    // Steps between segments: filter rows, or taps (row-major) when the width is dilated.
    let perTap = segments != g.filterHeight
    let lastY = (g.filterHeight &- 1) &* g.dilationHeight
    // Output columns whose window is inside the image horizontally.
    let span = (g.filterWidth &- 1) &* g.dilationWidth
    var interior = 0..<0
    if g.inputWidth > span {
      let first = g.padLeft <= 0 ? 0 : (g.padLeft &+ g.strideWidth &- 1) / g.strideWidth
      let end = min(g.outputWidth, (g.inputWidth &- 1 &- span &+ g.padLeft) / g.strideWidth &+ 1)
      if first < end { interior = first..<end }
    }
    var table = pointers
    var patch = patches
    var image = input + (rows.lowerBound / pixels) &* imageFloats
    var y = (rows.lowerBound % pixels) / g.outputWidth
    var x = (rows.lowerBound % pixels) % g.outputWidth
    var remaining = rows.count
    var row = rows.lowerBound
    while remaining > 0 {
      // A run of pixels in output row `y`.
      let run = min(remaining, g.outputWidth &- x)
      let originY = y &* g.strideHeight &- g.padTop
      let rowInside = originY >= 0 && originY &+ lastY < g.inputHeight
      let fast = rowInside ? interior.clamped(to: x..<x &+ run) : x..<x
      for column in x..<x &+ run {
        if fast.contains(column) {
          var window =
            image + (originY &* rowFloats &+ (column &* g.strideWidth &- g.padLeft) &* channels)
          if perTap {
            for ky in 0..<g.filterHeight {
              for kx in 0..<g.filterWidth {
                table[ky &* g.filterWidth &+ kx] =
                  window
                  + (ky &* g.dilationHeight &* rowFloats &+ kx &* g.dilationWidth &* channels)
              }
            }
          } else {
            let step = g.dilationHeight &* rowFloats
            for ky in 0..<g.filterHeight {
              table[ky] = window
              window += step
            }
          }
        } else {
          Im2Col.fill(g, input: input, rows: row..<row &+ 1, into: patch)
          for s in 0..<segments { table[s] = UnsafePointer(patch + s &* length) }
        }
        table += segments
        patch += depth
        row &+= 1
      }
      remaining &-= run
      x &+= run
      if x == g.outputWidth {
        x = 0
        y &+= 1
        if y == g.outputHeight {
          y = 0
          image += imageFloats
        }
      }
    }
  }
}
