extension Int8Convolution {
  /// ``gather(_:_:rows:into:)`` for the dense layout of a filter whose width is not dilated: a
  /// pixel whose window is inside the image copies one run per filter row (`filterWidth ×
  /// inputChannels` bytes) back to back and zeroes the padding after them; the others take the
  /// general path.
  func gatherDense(
    _ g: ConvolutionGeometry, _ input: UnsafePointer<UInt8>, rows: Range<Int>,
    into buffer: UnsafeMutablePointer<UInt8>
  ) {
    let channels = g.inputChannels
    let (run, rowBytes) = (g.filterWidth * channels, g.inputWidth * channels)
    let step = g.dilationHeight * rowBytes
    let (lastX, lastY) = (g.filterWidth - 1, (g.filterHeight - 1) * g.dilationHeight)
    let (length, stride) = (layout.length, layout.stride)
    var out = buffer
    var walk = OutputPixelWalk(g, at: rows.lowerBound)
    for row in rows {
      let (y, x) = (walk.inputY, walk.inputX)
      if x >= 0 && x + lastX < g.inputWidth && y >= 0 && y + lastY < g.inputHeight {
        var source = input + walk.imageOffset + y * rowBytes + x * channels
        var target = out
        for _ in 0..<g.filterHeight {
          Self.copy(source, target, run)
          source += step
          target += run
        }
        for i in length..<stride { out[i] = 0 }
      } else {
        gather(g, input, rows: row..<(row + 1), into: out)
      }
      walk.advance()
      out += stride
    }
  }
}
