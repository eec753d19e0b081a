/// Copies convolution input patches into rows of a matrix (im2col), for the GEMM.
///
/// Row `r` (output pixel `r`, counted over `batch × outputHeight × outputWidth`) holds the
/// `filterHeight × filterWidth × inputChannels` input values its filter taps read, in the
/// filter's `[KH][KW][IC]` order, with zeros for taps outside the image.
enum Im2Col {
  /// Fills rows `rows` of the patch matrix; row `r` goes to `matrix + (r - rows.lowerBound) * depth`.
  static func fill(
    _ g: ConvolutionGeometry, input: UnsafePointer<Float>, rows: Range<Int>,
    into matrix: UnsafeMutablePointer<Float>
  ) {
    // Locals, so the hot loop keeps them in registers; every index below is inside tensors
    // whose sizes the factory checked, so wrapping arithmetic cannot wrap.
    let channels = g.inputChannels
    let inputHeight = g.inputHeight
    let inputWidth = g.inputWidth
    let filterHeight = g.filterHeight
    let filterWidth = g.filterWidth
    let strideWidth = g.strideWidth
    let dilationHeight = g.dilationHeight
    let dilationWidth = g.dilationWidth
    let tapRowFloats = filterWidth &* channels
    let depth = filterHeight &* tapRowFloats
    var out = matrix
    g.forEachRun(of: rows, input: input) { image, y, columns in
      // One run of pixels in output row `y`: the valid filter rows are the same for all.
      let originY = y &* g.strideHeight &- g.padTop
      var firstRow = 0
      while firstRow < filterHeight && originY &+ firstRow &* dilationHeight < 0 { firstRow &+= 1 }
      var endRow = filterHeight
      while endRow > firstRow && originY &+ (endRow &- 1) &* dilationHeight >= inputHeight {
        endRow &-= 1
      }
      let fullRows = firstRow == 0 && endRow == filterHeight && dilationWidth == 1
      let rowStep = dilationHeight &* inputWidth &* channels
      for column in columns {
        let originX = column &* strideWidth &- g.padLeft
        if fullRows && originX >= 0 && originX &+ filterWidth <= inputWidth {
          // Every tap inside the image: one contiguous run of the input per filter row.
          var source = image + (originY &* inputWidth &+ originX) &* channels
          var tapRow = out
          for _ in 0..<filterHeight {
            copy(source, to: tapRow, count: tapRowFloats)
            source += rowStep
            tapRow += tapRowFloats
          }
        } else {
          window(
            g, image: image, originY: originY, originX: originX, filterRows: firstRow..<endRow,
            into: out)
        }
        out += depth
      }
    }
  }

  /// Copies the window of one output pixel that crosses the image border: filter rows
  /// `filterRows` (those inside the image vertically) of the taps inside the image, zeros for
  /// every other tap. `image` is the pixel's image, (`originY`, `originX`) the input pixel of
  /// tap (0, 0), `out` the pixel's row of the patch matrix.
  @inline(__always)
  private static func window(
    _ g: ConvolutionGeometry, image: UnsafePointer<Float>, originY: Int, originX: Int,
    filterRows: Range<Int>, into out: UnsafeMutablePointer<Float>
  ) {
    let channels = g.inputChannels
    let (inputWidth, filterWidth, dilationWidth) = (g.inputWidth, g.filterWidth, g.dilationWidth)
    let tapRowFloats = filterWidth &* channels
    var first = 0
    while first < filterWidth && originX &+ first &* dilationWidth < 0 { first &+= 1 }
    var end = filterWidth
    while end > first && originX &+ (end &- 1) &* dilationWidth >= inputWidth { end &-= 1 }
    let (firstRow, endRow) = (filterRows.lowerBound, filterRows.upperBound)
    if firstRow > 0 { out.update(repeating: 0, count: firstRow &* tapRowFloats) }
    for ky in firstRow..<endRow {
      let tapRow = out + ky &* tapRowFloats
      if first > 0 { tapRow.update(repeating: 0, count: first &* channels) }
      let inputY = originY &+ ky &* g.dilationHeight
      let source = image + (inputY &* inputWidth &+ originX) &* channels
      if dilationWidth == 1 {
        // Consecutive taps are consecutive input pixels: one contiguous run.
        copy(
          source + first &* channels, to: tapRow + first &* channels,
          count: (end &- first) &* channels)
      } else {
        for kx in first..<end {
          copy(
            source + kx &* dilationWidth &* channels, to: tapRow + kx &* channels,
            count: channels)
        }
      }
      if end < filterWidth {
        (tapRow + end &* channels).update(repeating: 0, count: (filterWidth &- end) &* channels)
      }
    }
    if endRow < g.filterHeight {
      (out + endRow &* tapRowFloats).update(
        repeating: 0, count: (g.filterHeight &- endRow) &* tapRowFloats)
    }
  }

  /// Copies `count` floats; short runs (a few channels) without a library call.
  @inline(__always)
  private static func copy(
    _ source: UnsafePointer<Float>, to destination: UnsafeMutablePointer<Float>, count: Int
  ) {
    if count <= 64 {
      let from = UnsafeRawPointer(source)
      let to = UnsafeMutableRawPointer(destination)
      var offset = 0
      let bytes = count &* 4
      while offset &+ 32 <= bytes {
        to.storeBytes(
          of: from.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self),
          toByteOffset: offset,
          as: SIMD8<Float>.self)
        offset &+= 32
      }
      if offset &+ 16 <= bytes {
        to.storeBytes(
          of: from.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self),
          toByteOffset: offset,
          as: SIMD4<Float>.self)
        offset &+= 16
      }
      while offset < bytes {
        to.storeBytes(
          of: from.loadUnaligned(fromByteOffset: offset, as: Float.self), toByteOffset: offset,
          as: Float.self)
        offset &+= 4
      }
    } else {
      destination.update(from: source, count: count)
    }
  }
}
