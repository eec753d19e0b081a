/// The fast pixel half of the JPEG decoder: dequantization + inverse DCT, upsampling and color
/// conversion to RGBA, one iMCU row at a time through small row buffers that stay in cache.
///
/// Each component keeps a ring of two iMCU rows of samples (so the triangle filters see the
/// row above and below, duplicated at the image's top and bottom as jdmainct.c does); after each
/// iMCU row is transformed every output row whose inputs are complete is upsampled into a row
/// buffer and color-converted straight into the output. Bit-exact with
/// ``JPEGPixelPipelineReference``. Every inverse DCT, upsampling and color conversion runs
/// through a ``JPEGKernelSet`` (``JPEGKernelSet/detected`` unless a test names one).
package enum JPEGPixelPipeline {
  /// Upsamples and color-converts component `planes` (in component order) into a `width` ×
  /// `height` RGBA image (4 bytes a pixel, A = 255) with the fast row loops.
  ///
  /// Throws ``DecodeError/invalid(format:offset:reason:)`` when the planes do not fit the image
  /// size, the conversion's component count or the sampling rules, ``DecodeError/unsupported(format:feature:)``
  /// for non-integral sampling ratios, and ``DecodeError/tooLarge(format:width:height:limit:)``
  /// past `limits`. `kernels` is the kernel build that runs the rows.
  package static func render(
    planes: [JPEGSamplePlane], width: Int, height: Int, conversion: JPEGColorConversion,
    limits: DecodeLimits = DecodeLimits(), kernels: JPEGKernelSet = .detected
  ) throws(DecodeError) -> [UInt8] {
    let sampling = planes.map { ($0.horizontalSampling, $0.verticalSampling) }
    let plan = try Plan(
      width: width, height: height, sampling: sampling, conversion: conversion, limits: limits,
      kernels: kernels, ringRows: { _, height in height })
    for (index, plane) in planes.enumerated() {
      let layout = plan.components[index]
      try plane.check(index: index, width: layout.width, height: layout.height)
    }
    return plan.run { storage in
      for (index, plane) in planes.enumerated() {
        let layout = plan.components[index]
        plane.samples.withUnsafeBufferPointer { source in
          for row in 0..<layout.height {
            let destination = layout.rowPointer(storage, row)
            destination.update(from: source.baseAddress! + row * layout.width, count: layout.width)
            layout.fillMargins(destination)
          }
        }
      }
      return [
        (availableRows: planes.map(\.height), produce: { (_: UnsafeMutablePointer<UInt8>) in })
      ]
    }
  }

  /// Renders the entropy-decoded `frame` as RGBA (4 bytes a pixel, A = 255) with `kernels`.
  static func render(
    frame: JPEGFrame, limits: DecodeLimits, kernels: JPEGKernelSet = .detected
  ) throws(DecodeError) -> [UInt8] {
    let components = frame.components
    let smoothing = JPEGBlockSmoothing(frame: frame)
    return try renderStrips(frame, limits: limits, kernels: kernels, stored: .wholePlanes) {
      strip, storage, plan, quantization in
      for index in components.indices {
        transformStrip(
          strip, component: components[index], index: index, quantization: quantization[index],
          layout: plan.components[index], smoothing: smoothing, kernels: plan.kernels,
          storage: storage)
      }
    }
  }

  /// Renders a single-scan sequential frame as RGBA, decoding its coefficients one iMCU row
  /// at a time from `stream` just before that row is transformed (the frame is never stored
  /// whole). Same pixels as ``render(frame:limits:kernels:)`` on the whole frame.
  static func render(
    stream: JPEGCoefficientStream, limits: DecodeLimits, kernels: JPEGKernelSet = .detected
  ) throws(DecodeError) -> [UInt8] {
    let components = stream.frame.components
    return try renderStrips(stream.frame, limits: limits, kernels: kernels, stored: .oneIMCURow) {
      strip, storage, plan, quantization in
      while stream.decodedRows <= strip { stream.decodeNextRow() }
      for index in components.indices {
        let layout = plan.components[index]
        let firstBlockRow = strip * layout.vertical
        quantization[index].withUnsafeBufferPointer { quant in
          transformBlockRows(
            stream.coefficients(component: index), blocksPerLine: components[index].blocksPerLine,
            rows: firstBlockRow..<min(firstBlockRow + layout.vertical, (layout.height + 7) / 8),
            quantization: quant.baseAddress!, layout: layout, kernels: plan.kernels,
            storage: storage, clearing: true)
        }
      }
    }
  }

  /// Which coefficient rows a frame's planes hold when rendering.
  enum StoredRows {
    /// Every block row, in the planes' `coefficients`.
    case wholePlanes
    /// One iMCU row at a time, outside the planes.
    case oneIMCURow
  }

  /// The strip loop shared by both renders: checks the frame's planes (whole planes against
  /// their `coefficients`, else only their row width), then per iMCU row calls `transform`
  /// (strip index, working storage, plan, per-component quantization tables) and emits the
  /// rows it completes.
  private static func renderStrips(
    _ frame: JPEGFrame, limits: DecodeLimits, kernels: JPEGKernelSet, stored: StoredRows,
    transform: @escaping (Int, UnsafeMutablePointer<UInt8>, Plan, [[Int16]]) -> Void
  ) throws(DecodeError) -> [UInt8] {
    let conversion = try conversionFor(frame)
    let components = frame.components
    let maxV = components.map(\.verticalSampling).max() ?? 1
    let plan = try Plan(
      width: frame.width, height: frame.height,
      sampling: components.map { ($0.horizontalSampling, $0.verticalSampling) },
      conversion: conversion, limits: limits, kernels: kernels,
      ringRows: { index, _ in 2 * 8 * components[index].verticalSampling })
    var quantization: [[Int16]] = []
    for (index, component) in components.enumerated() {
      let layout = plan.components[index]
      if stored == .wholePlanes {
        try component.checkBlocks(index: index, width: layout.width, height: layout.height)
      } else {
        try component.checkRowBlocks(index: index, width: layout.width)
      }
      quantization.append(component.quantizationTable.map { Int16(bitPattern: $0) })
    }
    let iMCURows = (frame.height + 8 * maxV - 1) / (8 * maxV)
    return plan.run { storage in
      var strips: [(availableRows: [Int], produce: (UnsafeMutablePointer<UInt8>) -> Void)] = []
      strips.reserveCapacity(iMCURows)
      for strip in 0..<iMCURows {
        let available = plan.components.map { min($0.height, (strip + 1) * 8 * $0.vertical) }
        strips.append(
          (availableRows: available, produce: { transform(strip, $0, plan, quantization) }))
      }
      return strips
    }
  }

  /// Transforms the blocks of iMCU row `strip` of one component into its ring rows.
  static func transformStrip(
    _ strip: Int, component: JPEGComponentPlane, index: Int, quantization: [Int16],
    layout: ComponentLayout, smoothing: JPEGBlockSmoothing?, kernels: JPEGKernelSet,
    storage: UnsafeMutablePointer<UInt8>
  ) {
    let blocksWide = (layout.width + 7) / 8
    let blocksHigh = (layout.height + 7) / 8
    let firstBlockRow = strip * layout.vertical
    let endBlockRow = min(firstBlockRow + layout.vertical, blocksHigh)
    guard firstBlockRow < endBlockRow else { return }
    component.coefficients.withUnsafeBufferPointer { coefficients in
      quantization.withUnsafeBufferPointer { quant in
        let q = quant.baseAddress!
        guard let smoothing else {
          transformBlockRows(
            coefficients.baseAddress! + firstBlockRow * component.blocksPerLine * 64,
            blocksPerLine: component.blocksPerLine, rows: firstBlockRow..<endBlockRow,
            quantization: q, layout: layout, kernels: kernels, storage: storage)
          return
        }
        withUnsafeTemporaryAllocation(of: Int16.self, capacity: 64) { workspace in
          for blockRow in firstBlockRow..<endBlockRow {
            var out = layout.rowPointer(storage, blockRow * 8)
            for column in 0..<blocksWide {
              smoothing.smooth(
                component: component, index: index, blockRow: blockRow, blockColumn: column,
                blocksWide: blocksWide, blocksHigh: blocksHigh, coefficients: coefficients,
                into: workspace.baseAddress!)
              kernels.entry.inverseDCT(
                UnsafePointer(workspace.baseAddress!), q, out, layout.rowStride)
              out += 8
            }
            fillMargins(blockRow: blockRow, layout: layout, storage: storage)
          }
        }
      }
    }
  }

  /// Inverse-transforms block rows `rows` of one component, whose first row's blocks start at
  /// `blocks` (`blocksPerLine` blocks a row), into its ring rows. With `clearing` (the
  /// streamed path, whose blocks are mutable) each block is zeroed once transformed, while it
  /// is in cache, ready for the next iMCU row's decode (which writes only nonzero
  /// coefficients); blocks never transformed are never read. One kernel call a block row.
  static func transformBlockRows(
    _ blocks: UnsafePointer<Int16>, blocksPerLine: Int, rows: Range<Int>,
    quantization: UnsafePointer<Int16>, layout: ComponentLayout, kernels: JPEGKernelSet,
    storage: UnsafeMutablePointer<UInt8>, clearing: Bool = false
  ) {
    let blocksWide = (layout.width + 7) / 8
    var rowStart = blocks
    for blockRow in rows {
      kernels.entry.inverseDCTRow(
        rowStart, blocksWide, quantization, layout.rowPointer(storage, blockRow * 8),
        layout.rowStride, clearing)
      rowStart += blocksPerLine * 64
      fillMargins(blockRow: blockRow, layout: layout, storage: storage)
    }
  }

  /// Duplicates the edge samples of the pixel rows of block row `blockRow` into their margins.
  @inline(__always)
  private static func fillMargins(
    blockRow: Int, layout: ComponentLayout, storage: UnsafeMutablePointer<UInt8>
  ) {
    for row in (blockRow * 8)..<min(blockRow * 8 + 8, layout.height) {
      layout.fillMargins(layout.rowPointer(storage, row))
    }
  }

  /// The color conversion a frame needs, checked against its component count.
  static func conversionFor(_ frame: JPEGFrame) throws(DecodeError) -> JPEGColorConversion {
    let conversion: JPEGColorConversion
    switch frame.colorTransform {
    case .grayscale: conversion = .grayscale
    case .ycbcrToRGB: conversion = .ycbcr
    case .rgb: conversion = .rgb
    case .cmyk: conversion = .cmyk
    case .ycckToCMYK: conversion = .ycck
    }
    guard frame.components.count == conversion.componentCount else {
      throw .unsupported(
        format: .jpeg,
        feature: "\(frame.components.count) components with color transform \(frame.colorTransform)"
      )
    }
    return conversion
  }

  /// One component's place in the working storage.
  struct ComponentLayout {
    var horizontal, vertical: Int
    /// Downsampled size (libjpeg `downsampled_width` / `downsampled_height`).
    var width, height: Int
    var method: JPEGUpsampling
    /// Bytes from one ring row to the next; sample 0 of a row is `margin` bytes in.
    var rowStride, ringRows, ringOffset: Int
    /// Where the component's upsampled output row goes (unused for full-size components).
    var bufferOffset: Int

    static let margin = 16

    /// The first sample of component row `row` (0..<height) in the ring.
    @inline(__always)
    func rowPointer(_ storage: UnsafeMutablePointer<UInt8>, _ row: Int) -> UnsafeMutablePointer<
      UInt8
    > {
      storage + ringOffset + (row % ringRows) * rowStride + ComponentLayout.margin
    }

    /// Duplicates the edge samples into the bytes just outside the row.
    @inline(__always)
    func fillMargins(_ row: UnsafeMutablePointer<UInt8>) {
      row[-1] = row[0]
      row[width] = row[width - 1]
    }
  }

  /// Sizes and storage for one render.
  struct Plan {
    var width, height: Int
    var conversion: JPEGColorConversion
    var kernels: JPEGKernelSet
    var components: [ComponentLayout]
    var storageSize: Int

    init(
      width: Int, height: Int, sampling: [(Int, Int)], conversion: JPEGColorConversion,
      limits: DecodeLimits, kernels: JPEGKernelSet, ringRows: (Int, Int) -> Int
    ) throws(DecodeError) {
      try limits.check(width: width, height: height, format: .jpeg)
      try conversion.check(sampling: sampling)
      let maxH = sampling.map(\.0).max() ?? 1
      let maxV = sampling.map(\.1).max() ?? 1
      let bufferStride = (width + 31) / 32 * 32 + 64
      var offset = 0
      var layouts: [ComponentLayout] = []
      for (index, (h, v)) in sampling.enumerated() {
        let componentWidth = (width * h + maxH - 1) / maxH
        let componentHeight = (height * v + maxV - 1) / maxV
        let method = try JPEGUpsampling.require(
          horizontal: h, vertical: v, maxHorizontal: maxH, maxVertical: maxV,
          downsampledWidth: componentWidth, component: index)
        let rowStride = ComponentLayout.margin + (componentWidth + 7) / 8 * 8 + 48
        let rows = max(1, ringRows(index, componentHeight))
        let layout = ComponentLayout(
          horizontal: h, vertical: v, width: componentWidth, height: componentHeight,
          method: method,
          rowStride: rowStride, ringRows: rows, ringOffset: offset,
          bufferOffset: offset + rows * rowStride)
        offset += rows * rowStride + (method == .fullSize ? 0 : bufferStride)
        layouts.append(layout)
      }
      let outputBytes = width * height * 4
      guard offset + outputBytes <= limits.maxDecodedBytes else {
        throw .tooLarge(
          format: .jpeg, width: width, height: height, limit: .decodedBytes(limits.maxDecodedBytes))
      }
      self.width = width
      self.height = height
      self.conversion = conversion
      self.kernels = kernels
      self.components = layouts
      self.storageSize = offset + 64
    }

    typealias Strip = (availableRows: [Int], produce: (UnsafeMutablePointer<UInt8>) -> Void)

    /// Allocates the storage, asks `strips` for the strip list (filling storage up front if it
    /// wants), then produces each strip and emits every output row whose inputs are ready.
    func run(_ strips: (UnsafeMutablePointer<UInt8>) -> [Strip]) -> [UInt8] {
      var storageArray = [UInt8](repeating: 0, count: storageSize)
      let rowBytes = width * 4
      return storageArray.withUnsafeMutableBufferPointer { storageBuffer in
        let storage = storageBuffer.baseAddress!
        return [UInt8](unsafeUninitializedCapacity: rowBytes * height) { output, count in
          let out = output.baseAddress!
          var nextRow = 0
          for strip in strips(storage) {
            strip.produce(storage)
            while nextRow < height && isReady(nextRow, strip.availableRows) {
              emit(nextRow, storage, out + nextRow * rowBytes)
              nextRow += 1
            }
          }
          while nextRow < height {
            emit(nextRow, storage, out + nextRow * rowBytes)
            nextRow += 1
          }
          count = rowBytes * height
        }
      }
    }

    /// True when every component row output row `y` reads is among the first `available` rows.
    @inline(__always)
    func isReady(_ y: Int, _ available: [Int]) -> Bool {
      for (index, layout) in components.enumerated() {
        let factor = layout.method.verticalFactor
        let needed = min(layout.height - 1, y / factor + (layout.method.usesNeighbourRows ? 1 : 0))
        if needed >= available[index] { return false }
      }
      return true
    }

    /// Upsamples and converts output row `y` into `output`.
    @inline(__always)
    func emit(
      _ y: Int, _ storage: UnsafeMutablePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>
    ) {
      var sources:
        (UnsafePointer<UInt8>, UnsafePointer<UInt8>, UnsafePointer<UInt8>, UnsafePointer<UInt8>)
      let first = UnsafePointer(components[0].rowPointer(storage, 0))
      sources = (first, first, first, first)
      for (index, layout) in components.enumerated() {
        let source = upsample(layout, y, storage)
        switch index {
        case 0: sources.0 = source
        case 1: sources.1 = source
        case 2: sources.2 = source
        default: sources.3 = source
        }
      }
      kernels.convertRow(conversion)(sources.0, sources.1, sources.2, sources.3, width, output)
    }

    /// The row of one component at full resolution for output row `y`.
    @inline(__always)
    func upsample(
      _ layout: ComponentLayout, _ y: Int, _ storage: UnsafeMutablePointer<UInt8>
    ) -> UnsafePointer<UInt8> {
      let buffer = storage + layout.bufferOffset
      switch layout.method {
      case .fullSize:
        return UnsafePointer(layout.rowPointer(storage, y))
      case .h2v1Fancy:
        kernels.entry.h2v1Fancy(layout.rowPointer(storage, y), layout.width, buffer)
      case .h1v2Fancy, .h2v2Fancy:
        let center = y / 2
        let isUpper = y & 1 == 0
        let farRow = isUpper ? max(center - 1, 0) : min(center + 1, layout.height - 1)
        let near = layout.rowPointer(storage, center)
        let far = layout.rowPointer(storage, farRow)
        if layout.method == .h2v2Fancy {
          kernels.entry.h2v2Fancy(near, far, layout.width, buffer)
        } else {
          kernels.entry.h1v2Fancy(near, far, isUpper ? 1 : 2, layout.width, buffer)
        }
      case .integral(let horizontal, let vertical):
        kernels.entry.replicate(layout.rowPointer(storage, y / vertical), horizontal, width, buffer)
      }
      return UnsafePointer(buffer)
    }
  }
}
