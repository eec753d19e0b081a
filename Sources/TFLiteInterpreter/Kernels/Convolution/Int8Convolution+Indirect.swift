internal import OcellusKernels

extension Int8Convolution {
  /// Whether the rows of A can be read in place through pointers into the input
  /// (`int8MultiplyIndirect`): runs contiguous in the input, output channels a multiple of 16
  /// and a fixed-point requantization.
  func readsInPlace(_ requantization: RequantizationTable) -> Bool {
    layout.pointable && columns % 16 == 0 && requantization.scale == nil
  }

  /// ``run(input:rows:output:_:kernels:pool:)`` with each output pixel's row of A read through
  /// pointers into the input, one per run (windows crossing the border, or whose padding
  /// reads would, gathered into scratch).
  func runIndirect(
    _ g: ConvolutionGeometry, input: UnsafePointer<UInt8>, rows: Int,
    output: UnsafeMutablePointer<UInt8>, _ requantization: RequantizationTable,
    _ kernels: KernelSet, pool: ThreadPool
  ) {
    let multiply = kernels.entry.int8MultiplyIndirect
    let (panels, depth, columns) = ((columns + 15) / 16, layout.rowLength, columns)
    let segments = layout.segments
    let blocks = (rows + Self.blockRows - 1) / Self.blockRows
    let pointerBytes = Self.blockRows * segments * MemoryLayout<UnsafePointer<UInt8>>.stride
    let threadBytes = pointerBytes + Self.blockRows * depth
    let buffers = workspace(pool.threadCount * threadBytes)
    // Blocks are claimed in chunks by whichever thread is free, each with buffers of its own.
    pool.parallelFor(blocks) { range, thread in
      let table = (buffers + thread * threadBytes).bindMemory(
        to: UnsafePointer<UInt8>.self, capacity: Self.blockRows * segments)
      let scratch = (buffers + thread * threadBytes + pointerBytes).bindMemory(
        to: UInt8.self, capacity: Self.blockRows * depth)
      for block in range {
        let first = block * Self.blockRows
        let count = min(Self.blockRows, rows - first)
        point(g, input, rows: first..<(first + count), table, scratch)
        let o: Int8IndirectGEMMOperands = (
          m: count, n: columns, segments: segments, segmentLength: layout.length,
          segmentStride: layout.stride,
          rows: UnsafePointer(table), signedActivations: signedActivations, flip: flip,
          rowFactor: rowFactor,
          packed: UnsafePointer(packed), requantization: requantization,
          c: output + first * columns, ldc: columns
        )
        multiply(o, 0..<count, 0..<panels)
      }
    }
  }

  /// Each run's offset in bytes from the window's top-left input pixel: one run per filter
  /// row, or per tap when the width is dilated.
  static func segmentOffsets(_ g: ConvolutionGeometry, _ layout: Int8PatchLayout) -> [Int] {
    let rowBytes = g.inputWidth * g.inputChannels
    let perTap = layout.segments != g.filterHeight
    return (0..<layout.segments).map { segment in
      let (ky, kx) = perTap ? (segment / g.filterWidth, segment % g.filterWidth) : (segment, 0)
      return ky * g.dilationHeight * rowBytes + kx * g.dilationWidth * g.inputChannels
    }
  }

  /// Sets the run pointers of each output pixel of `rows` in `table`: into the input when its
  /// whole window (and the pixels its padding reads) is inside the image, else into its patch
  /// gathered (padded with the input zero point) at `scratch` (pixel `r` at
  /// `(r − rows.lowerBound) · rowLength`).
  func point(
    _ g: ConvolutionGeometry, _ input: UnsafePointer<UInt8>, rows: Range<Int>,
    _ table: UnsafeMutablePointer<UnsafePointer<UInt8>>, _ scratch: UnsafeMutablePointer<UInt8>
  ) {
    let (segments, depth) = (layout.segments, layout.rowLength)
    let channels = g.inputChannels
    let rowBytes = g.inputWidth * channels
    let lastY = (g.filterHeight - 1) * g.dilationHeight
    let lastX = (g.filterWidth - 1) * g.dilationWidth + layout.readAhead
    var entry = table
    var walk = OutputPixelWalk(g, at: rows.lowerBound)
    for row in rows {
      let (y, x) = (walk.inputY, walk.inputX)
      if y >= 0 && y + lastY < g.inputHeight && x >= 0 && x + lastX < g.inputWidth {
        let window = input + walk.imageOffset + y * rowBytes + x * channels
        segmentOffsets.withUnsafeBufferPointer { offsets in
          for segment in 0..<segments { entry[segment] = UnsafePointer(window + offsets[segment]) }
        }
      } else {
        let patch = scratch + (row - rows.lowerBound) * depth
        gather(g, input, rows: row..<(row + 1), into: patch)
        for segment in 0..<segments {
          entry[segment] = UnsafePointer(patch + segment * layout.stride)
        }
      }
      walk.advance()
      entry += segments
    }
  }
}
