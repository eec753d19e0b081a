internal import OcellusKernels

/// An 8-bit CONV_2D as a GEMM on 8-bit dot products (the VNNI build's `int8Multiply`): B is the
/// constant weights packed at load; A is the input as stored when each output pixel reads just
/// its own input pixel (1×1, stride 1), else its patches gathered (im2col) block by block into
/// a temporary buffer, taps outside the image filled with the input zero point (which
/// contributes nothing).
///
/// The dot products multiply unsigned activation bytes `u` by signed weight bytes `s`; TFLite's
/// accumulator `Σ (a − za) · (w − zw)` follows, exactly (wrapping), from
/// - int8 (weights of zero point 0): `u = a + 128`, `s = w`, so it is
///   `Σ u · s − (128 + za) · Σ s`: the second term, per column, is folded into the bias;
/// - uint8: `u = a`, `s = w − 128`, so with `β = 128 − zw` it is
///   `Σ u · s + β · Σ a − za · Σ s − K · za · β`: the last two terms are per column (bias), the
///   second per row (`rowFactor` times the row's byte sum, added by the GEMM).
final class Int8Convolution {
  /// Output channels (GEMM columns) and the filter depth (GEMM K).
  let columns, depth: Int
  /// Per column, the correction folded into the bias.
  let biasAdjustment: [Int32]
  /// The packed weights (`int8PackedCount` bytes), owned.
  let packed: UnsafeMutablePointer<Int8>
  /// The convolution's shape, for gathering patches; nil when the input rows are A.
  let patches: ConvolutionGeometry?
  /// The input zero point as a stored byte: the value of taps outside the image.
  let padding: UInt8
  /// XOR mask turning four activations into unsigned bytes (int8: the sign bits).
  let flip: Int32
  /// The per-row term's factor `128 − zw` (uint8), or 0 (int8: no row sums).
  let rowFactor: Int32
  /// Per-run buffers (gathered patches and row sums), kept from run to run so that a run
  /// allocates nothing; grown when a run needs more (e.g. more threads).
  private var workspace: UnsafeMutableRawPointer?
  private var workspaceBytes = 0
  /// Output pixels gathered and multiplied at a time.
  static let blockRows = 64
  /// The smallest filter depth worth the dot products: below it, with one or two groups of
  /// four per output, the fp32 path's lower fixed costs win (measured on MobileNet v1 0.25).
  static let minimumDepth = 32

  /// The dot-product path for `geometry`, or nil unless it applies: the VNNI build, weights
  /// known at load (int8 ones of zero point 0, or uint8), no bias or a constant one, at least
  /// 16 output channels and a depth of ``minimumDepth`` or more. `direct`
  /// says each output pixel's A row is its input pixel (1×1, stride 1).
  init?(
    kernels: KernelSet, quantization: ConvolutionQuantization, filter: ArraySlice<UInt8>?,
    bias: TensorDescription?, columns: Int, depth: Int, geometry: ConvolutionGeometry,
    direct: Bool
  ) {
    guard kernels.hasDotProducts, !quantization.signed || quantization.filterZeroPoint == 0,
      let filter, filter.count == columns * depth, columns >= 16, depth >= Self.minimumDepth,
      bias == nil || bias?.constantValues(as: Int32.self) != nil
    else { return nil }
    self.columns = columns
    self.depth = depth
    patches = direct ? nil : geometry
    let za = quantization.inputZeroPoint
    padding = UInt8(truncatingIfNeeded: za)
    let signed = quantization.signed
    flip = signed ? Int32(bitPattern: 0x8080_8080) : 0
    rowFactor = signed ? 0 : 128 &- quantization.filterZeroPoint
    // The signed weight bytes s: int8 weights as they are, uint8 ones minus 128.
    let weights = [Int8](unsafeUninitializedCapacity: filter.count) { buffer, count in
      filter.withUnsafeBufferPointer { bytes in
        for index in bytes.indices {
          buffer[index] = Int8(bitPattern: signed ? bytes[index] : bytes[index] ^ 0x80)
        }
      }
      count = filter.count
    }
    let (offset, constant) =
      signed ? (128 &+ za, Int32(0)) : (za, za &* rowFactor &* Int32(truncatingIfNeeded: depth))
    biasAdjustment = weights.withUnsafeBufferPointer { w in
      (0..<columns).map { column in
        var sum: Int32 = 0
        for index in (column * depth)..<((column + 1) * depth) { sum &+= Int32(w[index]) }
        return 0 &- offset &* sum &- constant
      }
    }
    packed = .allocate(capacity: kernels.entry.int8PackedCount(columns, depth))
    weights.withUnsafeBufferPointer {
      kernels.entry.int8Pack($0.baseAddress!, columns, depth, packed)
    }
  }

  deinit {
    packed.deallocate()
    workspace?.deallocate()
  }

  /// The workspace, at least `bytes` long (64-byte aligned).
  func workspace(_ bytes: Int) -> UnsafeMutableRawPointer {
    if let workspace, workspaceBytes >= bytes { return workspace }
    workspace?.deallocate()
    let fresh = UnsafeMutableRawPointer.allocate(byteCount: max(bytes, 64), alignment: 64)
    (workspace, workspaceBytes) = (fresh, bytes)
    return fresh
  }

  /// The GEMM operands for `m` rows of A at `a` (with their byte sums, for uint8) into `c`.
  private func operands(
    _ a: UnsafePointer<UInt8>, m: Int, sums: UnsafePointer<Int32>?,
    _ requantization: RequantizationTable, _ c: UnsafeMutablePointer<UInt8>
  ) -> Int8GEMMOperands {
    (
      m: m, n: columns, k: depth, a: UnsafeRawPointer(a).assumingMemoryBound(to: Int8.self),
      lda: depth, flip: flip, rowSums: rowFactor == 0 ? nil : sums, rowFactor: rowFactor,
      packed: UnsafePointer(packed), requantization: requantization, c: c, ldc: columns
    )
  }

  /// Computes `rows` output pixels from `input` (NHWC, 8-bit) into `output`.
  func run(
    input: UnsafePointer<UInt8>, rows: Int, output: UnsafeMutablePointer<UInt8>,
    _ requantization: RequantizationTable, kernels: KernelSet, pool: ThreadPool
  ) {
    guard let patches else {
      runDirect(input: input, rows: rows, output: output, requantization, kernels, pool: pool)
      return
    }
    if let segments = indirectSegments(patches, requantization) {
      runIndirect(
        patches, segments: segments, input: input, rows: rows, output: output, requantization,
        kernels, pool: pool)
      return
    }
    let (multiply, rowSums) = (kernels.entry.int8Multiply, kernels.entry.int8RowSums)
    let (panels, depth) = ((columns + 15) / 16, depth)
    let blocks = (rows + Self.blockRows - 1) / Self.blockRows
    // One buffer per group of blocks (group g takes blocks g, g + groups, …): as many groups
    // as threads, each group's blocks on one thread at a time.
    let groups = min(pool.threadCount, blocks)
    let groupBytes = Self.blockRows * (depth + 4)
    let buffers = workspace(groups * groupBytes)
    pool.parallelFor(groups) { range in
      for group in range {
        let gathered = (buffers + group * groupBytes).bindMemory(
          to: UInt8.self, capacity: Self.blockRows * depth)
        let sums = (buffers + group * groupBytes + Self.blockRows * depth)
          .bindMemory(to: Int32.self, capacity: Self.blockRows)
        for block in stride(from: group, to: blocks, by: groups) {
          let first = block * Self.blockRows
          let count = min(Self.blockRows, rows - first)
          gather(patches, input, rows: first..<(first + count), into: gathered)
          if rowFactor != 0 { rowSums(gathered, depth, count, depth, sums) }
          let o = operands(
            gathered, m: count, sums: sums, requantization, output + first * columns)
          multiply(o, 0..<count, 0..<panels)
        }
      }
    }
  }

  /// Writes the patches of output pixels `rows` (`depth` bytes each: filter row, column, then
  /// channel) to `buffer`.
  func gather(
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

  /// ``run(input:rows:output:_:kernels:pool:)`` when the input rows are A (their byte sums,
  /// for uint8, computed first).
  private func runDirect(
    input: UnsafePointer<UInt8>, rows: Int, output: UnsafeMutablePointer<UInt8>,
    _ requantization: RequantizationTable, _ kernels: KernelSet, pool: ThreadPool
  ) {
    let (multiply, rowSums, depth) = (kernels.entry.int8Multiply, kernels.entry.int8RowSums, depth)
    let sums = workspace(rowFactor == 0 ? 4 : rows * 4).bindMemory(to: Int32.self, capacity: rows)
    if rowFactor != 0 {
      pool.parallelFor(rows, minimumChunk: 256) { range in
        rowSums(
          input + range.lowerBound * depth, depth, range.count, depth, sums + range.lowerBound)
      }
    }
    let o = operands(input, m: rows, sums: sums, requantization, output)
    GEMM.split(kernels: kernels, m: rows, n: columns, k: depth, pool: pool) { multiply(o, $0, $1) }
  }
}
