/// The plain scalar reference of the pixel half: every block through ``JPEGIDCTReference`` into
/// whole component planes, then libjpeg-turbo's upsampling loops (jdsample.c, with jdmainct.c's
/// duplicated top and bottom context rows) and color conversion (jdcolor.c tables and range
/// limiting, then Pillow's CMYK → RGB), one pixel at a time. Slow; it defines what
/// ``JPEGPixelPipeline`` must produce.
package enum JPEGPixelPipelineReference {
  /// Upsamples and color-converts component `planes` into a `width` × `height` RGBA image with
  /// the scalar loops. Same inputs, checks and errors as
  /// ``JPEGPixelPipeline/render(planes:width:height:conversion:limits:kernels:)``.
  package static func render(
    planes: [JPEGSamplePlane], width: Int, height: Int, conversion: JPEGColorConversion,
    limits: DecodeLimits = DecodeLimits()
  ) throws(DecodeError) -> [UInt8] {
    try limits.check(width: width, height: height, format: .jpeg)
    try conversion.check(sampling: planes.map { ($0.horizontalSampling, $0.verticalSampling) })
    guard width * height * 4 * (planes.count + 1) <= limits.maxDecodedBytes else {
      throw .tooLarge(
        format: .jpeg, width: width, height: height, limit: .decodedBytes(limits.maxDecodedBytes))
    }
    let maxH = planes.map(\.horizontalSampling).max() ?? 1
    let maxV = planes.map(\.verticalSampling).max() ?? 1
    var full: [[UInt8]] = []
    for (index, plane) in planes.enumerated() {
      try plane.check(
        index: index, width: (width * plane.horizontalSampling + maxH - 1) / maxH,
        height: (height * plane.verticalSampling + maxV - 1) / maxV)
      let method = try JPEGUpsampling.require(
        horizontal: plane.horizontalSampling, vertical: plane.verticalSampling,
        maxHorizontal: maxH, maxVertical: maxV, downsampledWidth: plane.width, component: index)
      full.append(upsample(plane, method: method, width: width, height: height))
    }
    return convert(full, conversion: conversion, count: width * height)
  }

  /// Renders an entropy-decoded frame with the reference stages.
  static func render(frame: JPEGFrame, limits: DecodeLimits) throws(DecodeError) -> [UInt8] {
    let conversion = try JPEGPixelPipeline.conversionFor(frame)
    try limits.check(width: frame.width, height: frame.height, format: .jpeg)
    try conversion.check(
      sampling: frame.components.map { ($0.horizontalSampling, $0.verticalSampling) })
    let maxH = frame.components.map(\.horizontalSampling).max() ?? 1
    let maxV = frame.components.map(\.verticalSampling).max() ?? 1
    let smoothing = JPEGBlockSmoothing(frame: frame)
    var planes: [JPEGSamplePlane] = []
    for (index, component) in frame.components.enumerated() {
      let width = (frame.width * component.horizontalSampling + maxH - 1) / maxH
      let height = (frame.height * component.verticalSampling + maxV - 1) / maxV
      try component.checkBlocks(index: index, width: width, height: height)
      guard ((width + 7) / 8) * ((height + 7) / 8) * 64 <= limits.maxDecodedBytes else {
        throw .tooLarge(
          format: .jpeg, width: frame.width, height: frame.height,
          limit: .decodedBytes(limits.maxDecodedBytes))
      }
      planes.append(
        samplePlane(
          component, index: index, width: width, height: height, smoothing: smoothing))
    }
    return try render(
      planes: planes, width: frame.width, height: frame.height, conversion: conversion,
      limits: limits)
  }

  /// One component's samples (`width` × `height`): every block smoothed when `smoothing` says
  /// so, then through ``JPEGIDCTReference``.
  static func samplePlane(
    _ component: JPEGComponentPlane, index: Int, width: Int, height: Int,
    smoothing: JPEGBlockSmoothing?
  ) -> JPEGSamplePlane {
    let blocksWide = (width + 7) / 8
    let blocksHigh = (height + 7) / 8
    let stride = blocksWide * 8
    var samples = [UInt8](repeating: 0, count: stride * blocksHigh * 8)
    for blockRow in 0..<blocksHigh {
      for blockColumn in 0..<blocksWide {
        let start = (blockRow * component.blocksPerLine + blockColumn) * 64
        var input = Array(component.coefficients[start..<(start + 64)])
        if let smoothing {
          component.coefficients.withUnsafeBufferPointer { coefficients in
            input.withUnsafeMutableBufferPointer { workspace in
              smoothing.smooth(
                component: component, index: index, blockRow: blockRow,
                blockColumn: blockColumn, blocksWide: blocksWide, blocksHigh: blocksHigh,
                coefficients: coefficients, into: workspace.baseAddress!)
            }
          }
        }
        let block = JPEGIDCTReference.transform(input, quantization: component.quantizationTable)
        for r in 0..<8 {
          for c in 0..<8 {
            samples[(blockRow * 8 + r) * stride + blockColumn * 8 + c] = block[r * 8 + c]
          }
        }
      }
    }
    var cropped = [UInt8](repeating: 0, count: width * height)
    for r in 0..<height {
      for c in 0..<width { cropped[r * width + c] = samples[r * stride + c] }
    }
    return JPEGSamplePlane(
      horizontalSampling: component.horizontalSampling,
      verticalSampling: component.verticalSampling, width: width, height: height,
      samples: cropped)
  }

  /// One component brought to `width` × `height` with libjpeg's loops, row by row.
  static func upsample(_ plane: JPEGSamplePlane, method: JPEGUpsampling, width: Int, height: Int)
    -> [UInt8]
  {
    let w = plane.width
    // jdmainct.c context: rows above the top and below the bottom repeat the edge rows.
    func input(_ row: Int, _ column: Int) -> Int {
      Int(plane.samples[min(max(row, 0), plane.height - 1) * w + column])
    }
    var result = [UInt8](repeating: 0, count: width * height)
    var line = [Int](repeating: 0, count: max(2 * w, width) + 8)
    for y in 0..<height {
      switch method {
      case .fullSize:
        for x in 0..<width { line[x] = input(y, x) }
      case .h2v1Fancy:
        // h2v1_fancy_upsample
        line[0] = input(y, 0)
        line[1] = (input(y, 0) * 3 + input(y, 1) + 2) >> 2
        for i in 1..<(w - 1) {
          let v = input(y, i) * 3
          line[2 * i] = (v + input(y, i - 1) + 1) >> 2
          line[2 * i + 1] = (v + input(y, i + 1) + 2) >> 2
        }
        line[2 * w - 2] = (input(y, w - 1) * 3 + input(y, w - 2) + 1) >> 2
        line[2 * w - 1] = input(y, w - 1)
      case .h1v2Fancy:
        // h1v2_fancy_upsample
        let inRow = y / 2
        let (farRow, bias) = y % 2 == 0 ? (inRow - 1, 1) : (inRow + 1, 2)
        for x in 0..<w { line[x] = (input(inRow, x) * 3 + input(farRow, x) + bias) >> 2 }
      case .h2v2Fancy:
        // h2v2_fancy_upsample
        let inRow = y / 2
        let farRow = y % 2 == 0 ? inRow - 1 : inRow + 1
        func columnSum(_ i: Int) -> Int { input(inRow, i) * 3 + input(farRow, i) }
        var this = columnSum(0)
        var next = columnSum(1)
        var last = this
        line[0] = (this * 4 + 8) >> 4
        line[1] = (this * 3 + next + 7) >> 4
        last = this
        this = next
        for i in 1..<(w - 1) {
          next = columnSum(i + 1)
          line[2 * i] = (this * 3 + last + 8) >> 4
          line[2 * i + 1] = (this * 3 + next + 7) >> 4
          last = this
          this = next
        }
        line[2 * w - 2] = (this * 3 + last + 8) >> 4
        line[2 * w - 1] = (this * 4 + 7) >> 4
      case .integral(let horizontal, let vertical):
        // int_upsample (and h2v1_upsample / h2v2_upsample)
        for x in 0..<width { line[x] = input(y / vertical, x / horizontal) }
      }
      for x in 0..<width { result[y * width + x] = UInt8(truncatingIfNeeded: line[x]) }
    }
    return result
  }

  /// jdcolor.c color conversion (then Pillow's CMYK → RGB) of full-size component planes.
  static func convert(_ planes: [[UInt8]], conversion: JPEGColorConversion, count: Int) -> [UInt8] {
    let tables = JPEGYCbCrTables()
    let limit = JPEGRangeLimitTable()
    var rgba = [UInt8](repeating: 255, count: count * 4)
    // Pillow: MULDIV255 and cmyk2rgb after unpacking "CMYK;I" (every channel inverted).
    func mulDiv255(_ a: Int, _ b: Int) -> Int {
      let t = a * b + 128
      return ((t >> 8) + t) >> 8
    }
    func pillowCMYK(_ c: Int, _ m: Int, _ y: Int, _ k: Int) -> (UInt8, UInt8, UInt8) {
      let ic = 255 - c
      let im = 255 - m
      let iy = 255 - y
      let ik = 255 - k
      let nk = 255 - ik
      func clip(_ v: Int) -> UInt8 { UInt8(min(max(v, 0), 255)) }
      return (
        clip(nk - mulDiv255(ic, nk)), clip(nk - mulDiv255(im, nk)), clip(nk - mulDiv255(iy, nk))
      )
    }
    func yccTerms(_ y: Int, _ cb: Int, _ cr: Int) -> (Int, Int, Int) {
      let r = y + Int(tables.crToRed[cr])
      let g = y + Int((tables.cbToGreen[cb] + tables.crToGreen[cr]) >> 16)
      let b = y + Int(tables.cbToBlue[cb])
      return (r, g, b)
    }
    for i in 0..<count {
      let r: UInt8
      let g: UInt8
      let b: UInt8
      switch conversion {
      case .grayscale:
        (r, g, b) = (planes[0][i], planes[0][i], planes[0][i])
      case .rgb:
        (r, g, b) = (planes[0][i], planes[1][i], planes[2][i])
      case .ycbcr:
        let (tr, tg, tb) = yccTerms(Int(planes[0][i]), Int(planes[1][i]), Int(planes[2][i]))
        (r, g, b) = (limit.sample(tr), limit.sample(tg), limit.sample(tb))
      case .cmyk:
        (r, g, b) = pillowCMYK(
          Int(planes[0][i]), Int(planes[1][i]), Int(planes[2][i]), Int(planes[3][i]))
      case .ycck:
        // ycck_cmyk_convert: range_limit[MAXJSAMPLE - (y + ...)], K unchanged.
        let (tr, tg, tb) = yccTerms(Int(planes[0][i]), Int(planes[1][i]), Int(planes[2][i]))
        (r, g, b) = pillowCMYK(
          Int(limit.sample(255 - tr)), Int(limit.sample(255 - tg)), Int(limit.sample(255 - tb)),
          Int(planes[3][i]))
      }
      rgba[i * 4] = r
      rgba[i * 4 + 1] = g
      rgba[i * 4 + 2] = b
    }
    return rgba
  }
}
