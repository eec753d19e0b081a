internal import OcellusKernels

extension Int8Convolution {
  /// Runs of A per output pixel for the pointer-gathered path (`int8MultiplyIndirect`): one
  /// per filter row (`KW × IC` contiguous bytes), or per tap when the width is dilated; nil
  /// when that path does not apply (runs not a multiple of 4 bytes, output channels not a
  /// multiple of 16, a non-fixed-point requantization).
  func indirectSegments(_ g: ConvolutionGeometry, _ requantization: RequantizationTable) -> Int? {
    guard columns % 16 == 0, requantization.scale == nil else { return nil }
    return Self.indirectSegments(g, depth: depth)
  }

  /// The runs per output pixel of ``indirectSegments(_:_:)`` as the geometry allows them (a
  /// multiple of 4 bytes each), or nil.
  static func indirectSegments(_ g: ConvolutionGeometry, depth: Int) -> Int? {
    let segments = g.dilationWidth == 1 ? g.filterHeight : g.filterHeight * g.filterWidth
    guard segments > 0, depth % segments == 0, (depth / segments) % 4 == 0 else { return nil }
    return segments
  }

  /// ``run(input:rows:output:_:kernels:pool:)`` with each output pixel's row of A read through
  /// `segments` pointers into the input (windows crossing the border gathered into scratch).
  func runIndirect(
    _ g: ConvolutionGeometry, segments: Int, input: UnsafePointer<UInt8>, rows: Int,
    output: UnsafeMutablePointer<UInt8>, _ requantization: RequantizationTable,
    _ kernels: KernelSet, pool: ThreadPool
  ) {
    let multiply = kernels.entry.int8MultiplyIndirect
    let (panels, depth, columns) = ((columns + 15) / 16, depth, columns)
    let blocks = (rows + Self.blockRows - 1) / Self.blockRows
    let groups = min(pool.threadCount, blocks)
    let pointerBytes = Self.blockRows * segments * MemoryLayout<UnsafePointer<UInt8>>.stride
    let groupBytes = pointerBytes + Self.blockRows * depth
    let buffers = workspace(groups * groupBytes)
    pool.parallelFor(groups) { range in
      for group in range {
        let table = (buffers + group * groupBytes).bindMemory(
          to: UnsafePointer<UInt8>.self, capacity: Self.blockRows * segments)
        let scratch = (buffers + group * groupBytes + pointerBytes).bindMemory(
          to: UInt8.self, capacity: Self.blockRows * depth)
        for block in stride(from: group, to: blocks, by: groups) {
          let first = block * Self.blockRows
          let count = min(Self.blockRows, rows - first)
          point(g, input, rows: first..<(first + count), segments: segments, table, scratch)
          let o: Int8IndirectGEMMOperands = (
            m: count, n: columns, segments: segments, segmentLength: depth / segments,
            rows: UnsafePointer(table), signedActivations: signedActivations, flip: flip,
            rowFactor: rowFactor,
            packed: UnsafePointer(packed), requantization: requantization,
            c: output + first * columns, ldc: columns
          )
          multiply(o, 0..<count, 0..<panels)
        }
      }
    }
  }

  /// Sets the `segments` pointers of each output pixel of `rows` in `table`: into the input
  /// when its whole window is inside the image, else into its patch gathered (padded with
  /// the input zero point) at `scratch` (pixel `r` at `(r − rows.lowerBound) · depth`).
  func point(
    _ g: ConvolutionGeometry, _ input: UnsafePointer<UInt8>, rows: Range<Int>, segments: Int,
    _ table: UnsafeMutablePointer<UnsafePointer<UInt8>>, _ scratch: UnsafeMutablePointer<UInt8>
  ) {
    let channels = g.inputChannels
    let (rowBytes, imageBytes) = (g.inputWidth * channels, g.inputHeight * g.inputWidth * channels)
    let lastY = (g.filterHeight - 1) * g.dilationHeight
    let lastX = (g.filterWidth - 1) * g.dilationWidth
    let perTap = segments != g.filterHeight
    var entry = table
    for row in rows {
      let pixel = row % g.outputPixels
      let y = pixel / g.outputWidth * g.strideHeight - g.padTop
      let x = pixel % g.outputWidth * g.strideWidth - g.padLeft
      if y >= 0 && y + lastY < g.inputHeight && x >= 0 && x + lastX < g.inputWidth {
        let window = input + (row / g.outputPixels) * imageBytes + y * rowBytes + x * channels
        for segment in 0..<segments {
          let (ky, kx) = perTap ? (segment / g.filterWidth, segment % g.filterWidth) : (segment, 0)
          entry[segment] = UnsafePointer(
            window + ky * g.dilationHeight * rowBytes + kx * g.dilationWidth * channels)
        }
      } else {
        let patch = scratch + (row - rows.lowerBound) * depth
        gather(g, input, rows: row..<(row + 1), into: patch)
        let length = depth / segments
        for segment in 0..<segments { entry[segment] = UnsafePointer(patch + segment * length) }
      }
      entry += segments
    }
  }
}
