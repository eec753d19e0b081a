internal import OcellusKernels
import TFLiteModel

/// An 8-bit CONV_2D as a GEMM on 8-bit products (`int8Multiply`: VNNI's dot products, or the
/// 16-bit pairs of the AVX2 and AVX-512 builds, with the same results): B is the
/// constant weights packed at load; A is the input as stored when each output pixel reads just
/// its own input pixel (1×1, stride 1), else its patches (laid out as ``Int8PatchLayout``
/// says) read through pointers into the input, or gathered (im2col) block by block into a
/// temporary buffer, taps outside the image filled with the input zero point (which
/// contributes nothing).
///
/// The dot products multiply unsigned bytes by signed ones; TFLite's accumulator
/// `Σ (a − za) · (w − zw)` follows, exactly (wrapping), from
/// - int8 (weights of zero point 0) on the VNNI build, read in runs of ``minimumSignedRun``
///   bytes or more: the
///   activations `a` signed, the weights packed unsigned as `u = w + 128`, so it is
///   `Σ a · u − 128 · Σ a − za · Σ w`: the second term per row (`rowFactor` times the row's
///   byte sum, added by the GEMM), the third per column (bias);
/// - int8 in shorter runs (row sums would cost more than they save), or on the 16-bit-pair
///   builds (which widen the activations anyway, so the flip is free): the activations flipped
///   to `a + 128`, the weights signed as they are, so it is `Σ (a + 128) · w − (128 + za) · Σ w`;
/// - uint8: the activations `a` unsigned, the weights signed as `s = w − 128`, so with
///   `β = 128 − zw` it is `Σ a · s + β · Σ a − za · Σ s − K · za · β`: the last two terms are
///   per column (bias), the second per row.
final class Int8Convolution {
  /// Output channels (GEMM columns) and the filter depth.
  let columns, depth: Int
  /// How each row of A is laid out (its length is the GEMM's K).
  let layout: Int8PatchLayout
  /// Per column, the correction folded into the bias.
  let biasAdjustment: [Int32]
  /// The packed weights (`int8PackedCount` bytes), owned.
  let packed: UnsafeMutablePointer<Int8>
  /// The convolution's shape, for gathering patches; nil when the input rows are A.
  let patches: ConvolutionGeometry?
  /// Each run's offset in bytes from its window's top-left input pixel (empty when the input
  /// rows are A).
  let segmentOffsets: [Int]
  /// The input zero point as a stored byte: the value of taps outside the image.
  let padding: UInt8
  /// True when the activations are the GEMM's signed operand (int8 in long runs).
  let signedActivations: Bool
  /// XOR mask turning four activations into unsigned bytes when they are not the signed
  /// operand (int8 in short runs: the sign bits).
  let flip: Int32
  /// The per-row term's factor: −128 (int8 as the signed operand), `128 − zw` (uint8), or 0.
  let rowFactor: Int32
  /// Per-run buffers (gathered patches and pointers), kept from run to run so that a run
  /// allocates nothing; grown when a run needs more (e.g. more threads).
  private var workspace: UnsafeMutableRawPointer?
  private var workspaceBytes = 0
  /// The shortest run of contiguous activation bytes (a row of A, or a pointer's segment) for
  /// which int8 activations are the signed operand: shorter ones leave the row sums to the
  /// scalar code (measured on MobileNetV2 int8).
  static let minimumSignedRun = 64
  /// Output pixels gathered and multiplied at a time.
  static let blockRows = 64
  /// The smallest filter depth worth the dot products for uint8 models: below it, with
  /// one or two groups of four per output and the row sums to add, the fp32 path's lower fixed
  /// costs win (measured on MobileNet v1 0.25 and the ML Kit object labeler).
  static let minimumUnsignedDepth = 32
  /// The same for int8 models (no row sums; the tile requantized in registers): from two
  /// groups of four (measured on MobileNetV2 and EfficientNet-B0 int8).
  static let minimumSignedDepth = 8

  /// The int8 GEMM path for `geometry`, or nil unless it applies: a build with a fast int8
  /// GEMM (``KernelSet/hasFastInt8GEMM``), weights
  /// known at load (int8 ones of zero point 0, or uint8), no bias or a constant one, at least
  /// 16 output channels and a depth of ``minimumSignedDepth`` (int8) or
  /// ``minimumUnsignedDepth`` (uint8) or more. `direct`
  /// says each output pixel's A row is its input pixel (1×1, stride 1).
  init?(
    kernels: KernelSet, quantization: ConvolutionQuantization, filter: ModelBytes?,
    bias: TensorDescription?, columns: Int, depth: Int, geometry: ConvolutionGeometry,
    direct: Bool
  ) {
    guard kernels.hasFastInt8GEMM, !quantization.signed || quantization.filterZeroPoint == 0,
      let filter, filter.count == columns * depth, columns >= 16,
      depth >= (quantization.signed ? Self.minimumSignedDepth : Self.minimumUnsignedDepth),
      bias == nil || bias?.constantValues(as: Int32.self) != nil
    else { return nil }
    self.columns = columns
    self.depth = depth
    patches = direct ? nil : geometry
    let layout =
      direct ? Int8PatchLayout(rows: depth) : Int8PatchLayout(patches: geometry, depth: depth)
    self.layout = layout
    segmentOffsets = layout.pointable ? Self.segmentOffsets(geometry, layout) : []
    let za = quantization.inputZeroPoint
    padding = UInt8(truncatingIfNeeded: za)
    let signed = quantization.signed
    let run = layout.pointable ? layout.length : layout.rowLength
    signedActivations = signed && run >= Self.minimumSignedRun && kernels.readsSignedActivations
    flip = signed && !signedActivations ? Int32(bitPattern: 0x8080_8080) : 0
    rowFactor =
      signedActivations ? -128 : (signed ? 0 : 128 &- quantization.filterZeroPoint)
    // The weights as the column terms see them (int8 as they are, uint8 minus 128), and as
    // packed: unsigned (int8 + 128) or signed (uint8 − 128) both flip each byte's sign bit.
    let flipsWeights = signedActivations || !signed
    let offset = flip != 0 ? 128 &+ za : za
    let constant = signed ? 0 : za &* rowFactor &* Int32(truncatingIfNeeded: depth)
    biasAdjustment = filter.withUnsafeBufferPointer { w in
      (0..<columns).map { column in
        let sum = Self.weightSum(w, from: column * depth, count: depth, signed: signed)
        return 0 &- offset &* sum &- constant
      }
    }
    let k = layout.rowLength
    packed = .allocate(capacity: kernels.entry.int8PackedCount(columns, k))
    filter.withUnsafeBytes { raw in
      kernels.entry.int8Pack(
        raw.baseAddress!.assumingMemoryBound(to: Int8.self), columns, k,
        (layout.length, layout.stride),
        flipsWeights ? 0x80 : 0, packed)
    }
  }

  /// The sum of `count` weights from `start` as the column terms see them: int8 as they are,
  /// uint8 minus 128 (one loop per type, so that each vectorizes).
  private static func weightSum(
    _ w: UnsafeBufferPointer<UInt8>, from start: Int, count: Int, signed: Bool
  ) -> Int32 {
    var sum: Int32 = 0
    if signed {
      for index in start..<(start + count) { sum &+= Int32(Int8(bitPattern: w[index])) }
      return sum
    }
    for index in start..<(start + count) { sum &+= Int32(w[index]) }
    return sum &- 128 &* Int32(truncatingIfNeeded: count)
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

  /// The GEMM operands for `m` rows of A at `a` into `c`.
  private func operands(
    _ a: UnsafePointer<UInt8>, m: Int, _ requantization: RequantizationTable,
    _ c: UnsafeMutablePointer<UInt8>
  ) -> Int8GEMMOperands {
    (
      m: m, n: columns, k: layout.rowLength,
      a: UnsafeRawPointer(a).assumingMemoryBound(to: Int8.self),
      lda: layout.rowLength, signedActivations: signedActivations, flip: flip, rowFactor: rowFactor,
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
    if readsInPlace(requantization) {
      runIndirect(
        patches, input: input, rows: rows, output: output, requantization, kernels, pool: pool)
      return
    }
    let multiply = kernels.entry.int8Multiply
    let (panels, depth) = ((columns + 15) / 16, layout.rowLength)
    let blocks = (rows + Self.blockRows - 1) / Self.blockRows
    // Blocks are claimed in chunks by whichever thread is free; each thread gathers into a
    // buffer of its own.
    let bufferBytes = Self.blockRows * depth
    let buffers = workspace(pool.threadCount * bufferBytes)
    pool.parallelFor(blocks) { range, thread in
      let gathered = (buffers + thread * bufferBytes).bindMemory(
        to: UInt8.self, capacity: Self.blockRows * depth)
      for block in range {
        let first = block * Self.blockRows
        let count = min(Self.blockRows, rows - first)
        if layout.pointable || patches.dilationWidth != 1 {
          gather(patches, input, rows: first..<(first + count), into: gathered)
        } else {
          gatherDense(patches, input, rows: first..<(first + count), into: gathered)
        }
        let o = operands(gathered, m: count, requantization, output + first * columns)
        multiply(o, 0..<count, 0..<panels)
      }
    }
  }

  /// Writes the patches of output pixels `rows` (``Int8PatchLayout/rowLength`` bytes each,
  /// runs at their stride, or back to back in the dense layout; padding zero) to `buffer`.
  func gather(
    _ g: ConvolutionGeometry, _ input: UnsafePointer<UInt8>, rows: Range<Int>,
    into buffer: UnsafeMutablePointer<UInt8>
  ) {
    let channels = g.inputChannels
    let lastX = (g.filterWidth - 1) * g.dilationWidth
    // A filter row's taps are one contiguous run of the input when the width is not dilated.
    let (runs, run) =
      g.dilationWidth == 1 ? (1, g.filterWidth * channels) : (g.filterWidth, channels)
    let gap = layout.stride - layout.length
    // Where the padding goes: after each run (per tap, per filter row) or after the patch.
    let perTap = layout.pointable && layout.segments != g.filterHeight
    let perFilterRow = layout.pointable && layout.segments == g.filterHeight
    var out = buffer
    var walk = OutputPixelWalk(g, at: rows.lowerBound)
    for _ in rows {
      let image = input + walk.imageOffset
      let (y, x) = (walk.inputY, walk.inputX)
      walk.advance()
      let inside = x >= 0 && x + lastX < g.inputWidth
      for ky in 0..<g.filterHeight {
        let iy = y + ky * g.dilationHeight
        if inside && iy >= 0 && iy < g.inputHeight {
          for r in 0..<runs {
            Self.copy(image + (iy * g.inputWidth + x + r * g.dilationWidth) * channels, out, run)
            out += run
            if perTap { out = pad(out, gap) }
          }
        } else {
          for kx in 0..<g.filterWidth {
            let ix = x + kx * g.dilationWidth
            if iy >= 0 && iy < g.inputHeight && ix >= 0 && ix < g.inputWidth {
              Self.copy(image + (iy * g.inputWidth + ix) * channels, out, channels)
            } else {
              out.update(repeating: padding, count: channels)
            }
            out += channels
            if perTap { out = pad(out, gap) }
          }
        }
        if perFilterRow { out = pad(out, gap) }
      }
      if !layout.pointable { out = pad(out, gap) }
    }
  }

  /// Zeroes the `gap` padding bytes at `out` and returns the position after them.
  @inline(__always)
  private func pad(_ out: UnsafeMutablePointer<UInt8>, _ gap: Int) -> UnsafeMutablePointer<UInt8> {
    for i in 0..<gap { out[i] = 0 }
    return out + gap
  }

  /// Copies `count` bytes (one to two words' worth) as two overlapping `Word`s.
  @inline(__always)
  static func copyOverlapping<Word: FixedWidthInteger>(
    _ source: UnsafePointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>, _ count: Int,
    as _: Word.Type
  ) {
    let (from, to) = (UnsafeRawPointer(source), UnsafeMutableRawPointer(target))
    let last = count - MemoryLayout<Word>.size
    let (head, tail) = (
      from.loadUnaligned(as: Word.self), from.loadUnaligned(fromByteOffset: last, as: Word.self)
    )
    to.storeBytes(of: head, as: Word.self)
    to.storeBytes(of: tail, toByteOffset: last, as: Word.self)
  }

  /// Copies `count` bytes; runs shorter than 16 bytes (a few channels: an RGB image's first
  /// layer) as two overlapping words rather than through a library call.
  @inline(__always)
  static func copy(
    _ source: UnsafePointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>, _ count: Int
  ) {
    switch count {
    case 8..<16: copyOverlapping(source, target, count, as: UInt64.self)
    case 4..<8: copyOverlapping(source, target, count, as: UInt32.self)
    case 0..<4:
      for i in 0..<count { target[i] = source[i] }
    default:
      target.update(from: source, count: count)
    }
  }

  /// ``run(input:rows:output:_:kernels:pool:)`` when the input rows are A.
  private func runDirect(
    input: UnsafePointer<UInt8>, rows: Int, output: UnsafeMutablePointer<UInt8>,
    _ requantization: RequantizationTable, _ kernels: KernelSet, pool: ThreadPool
  ) {
    let multiply = kernels.entry.int8Multiply
    let o = operands(input, m: rows, requantization, output)
    GEMM.split(kernels: kernels, m: rows, n: columns, k: depth, outputBytes: 1, pool: pool) {
      multiply(o, $0, $1)
    }
  }
}
