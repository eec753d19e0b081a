internal import OcellusKernels

/// An int8 CONV_2D as a GEMM on 8-bit dot products (the VNNI build's `int8Multiply`): B is the
/// constant weights packed at load; A is the input as stored when each output pixel reads
/// just its own input pixel (1×1, stride 1), else its patches gathered (im2col) block by
/// block into a temporary buffer, taps outside the image filled with the input zero point
/// (which contributes nothing).
///
/// The dot products see the activations as unsigned bytes `a + 128`, so each column's sum
/// carries an extra `(128 + inputZeroPoint) · Σ w` against TFLite's `Σ (a − inputZeroPoint) · w`;
/// ``biasAdjustment`` (`−(128 + inputZeroPoint) · Σ w` per column, wrapping) is folded into
/// the requantization bias, leaving TFLite's int32 accumulator exactly.
final class Int8Convolution {
  /// Output channels (GEMM columns) and the filter depth (GEMM K).
  let columns, depth: Int
  /// Per column, the correction folded into the bias.
  let biasAdjustment: [Int32]
  /// The packed weights (`int8PackedCount` bytes), owned.
  private let packed: UnsafeMutablePointer<Int8>
  /// The convolution's shape, for gathering patches; nil when the input rows are A.
  private let patches: ConvolutionGeometry?
  /// The input zero point as a stored byte: the value of taps outside the image.
  private let padding: UInt8
  /// Output pixels gathered and multiplied at a time.
  static let blockRows = 64

  /// The dot-product path for `geometry`, or nil unless it applies: the VNNI build, int8
  /// activations, weights of zero point 0 known at load, no bias or a constant one. `direct`
  /// says each output pixel's A row is its input pixel (1×1, stride 1).
  init?(
    kernels: KernelSet, quantization: ConvolutionQuantization, filter: ArraySlice<UInt8>?,
    bias: TensorDescription?, columns: Int, depth: Int, geometry: ConvolutionGeometry,
    direct: Bool
  ) {
    guard kernels.hasDotProducts, quantization.signed,
      quantization.filterZeroPoint == 0, let filter, filter.count == columns * depth,
      columns > 0, depth > 0, bias == nil || bias?.constantValues(as: Int32.self) != nil
    else { return nil }
    self.columns = columns
    self.depth = depth
    patches = direct ? nil : geometry
    padding = UInt8(truncatingIfNeeded: quantization.inputZeroPoint)
    let offset = 128 &+ quantization.inputZeroPoint
    biasAdjustment = (0..<columns).map { column in
      var sum: Int32 = 0
      for index in 0..<depth {
        sum &+= Int32(Int8(bitPattern: filter[filter.startIndex + column * depth + index]))
      }
      return 0 &- offset &* sum
    }
    packed = .allocate(capacity: kernels.entry.int8PackedCount(columns, depth))
    filter.withUnsafeBytes { bytes in
      kernels.entry.int8Pack(
        bytes.baseAddress!.assumingMemoryBound(to: Int8.self), columns, depth, packed)
    }
  }

  deinit { packed.deallocate() }

  /// Computes `rows` output pixels from `input` (NHWC int8) into `output`.
  func run(
    input: UnsafePointer<UInt8>, rows: Int, output: UnsafeMutablePointer<UInt8>,
    _ requantization: RequantizationTable, kernels: KernelSet, pool: ThreadPool
  ) {
    guard let patches else {
      runDirect(input: input, rows: rows, output: output, requantization, kernels, pool: pool)
      return
    }
    let (multiply, panels, depth) = (
      kernels.entry.int8Multiply, Int8Convolution.panelCount(columns), depth
    )
    let blocks = (rows + Self.blockRows - 1) / Self.blockRows
    pool.parallelFor(blocks) { range in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.blockRows * depth) { buffer in
        guard let gathered = buffer.baseAddress else { return }
        for block in range {
          let first = block * Self.blockRows
          let count = min(Self.blockRows, rows - first)
          gather(patches, input, rows: first..<(first + count), into: gathered)
          let operands: Int8GEMMOperands = (
            m: count, n: columns, k: depth,
            a: UnsafeRawPointer(gathered).assumingMemoryBound(to: Int8.self), lda: depth,
            packed: UnsafePointer(packed), requantization: requantization,
            c: output + first * columns, ldc: columns
          )
          multiply(operands, 0..<count, 0..<panels)
        }
      }
    }
  }

  /// Panels of 16 output channels.
  static func panelCount(_ columns: Int) -> Int { (columns + 15) / 16 }

  /// Writes the patches of output pixels `rows` (`depth` bytes each: filter row, column, then
  /// channel) to `buffer`.
  private func gather(
    _ g: ConvolutionGeometry, _ input: UnsafePointer<UInt8>, rows: Range<Int>,
    into buffer: UnsafeMutablePointer<UInt8>
  ) {
    let channels = g.inputChannels
    var out = buffer
    for row in rows {
      let image = input + (row / g.outputPixels) * g.inputHeight * g.inputWidth * channels
      let y = (row % g.outputPixels) / g.outputWidth * g.strideHeight - g.padTop
      let x = (row % g.outputPixels) % g.outputWidth * g.strideWidth - g.padLeft
      for ky in 0..<g.filterHeight {
        let iy = y + ky * g.dilationHeight
        for kx in 0..<g.filterWidth {
          let ix = x + kx * g.dilationWidth
          if iy >= 0 && iy < g.inputHeight && ix >= 0 && ix < g.inputWidth {
            out.update(from: image + (iy * g.inputWidth + ix) * channels, count: channels)
          } else {
            out.update(repeating: padding, count: channels)
          }
          out += channels
        }
      }
    }
  }

  /// ``run(input:rows:output:_:kernels:pool:)`` when the input rows are A.
  private func runDirect(
    input: UnsafePointer<UInt8>, rows: Int, output: UnsafeMutablePointer<UInt8>,
    _ requantization: RequantizationTable, _ kernels: KernelSet, pool: ThreadPool
  ) {
    let operands: Int8GEMMOperands = (
      m: rows, n: columns, k: depth,
      a: UnsafeRawPointer(input).assumingMemoryBound(to: Int8.self), lda: depth,
      packed: UnsafePointer(packed), requantization: requantization, c: output, ldc: columns
    )
    let multiply = kernels.entry.int8Multiply
    GEMM.split(kernels: kernels, m: rows, n: columns, k: depth, pool: pool) {
      multiply(operands, $0, $1)
    }
  }
}
