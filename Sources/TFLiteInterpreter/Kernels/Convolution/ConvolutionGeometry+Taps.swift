extension ConvolutionGeometry {
  /// Calls `body(ky, kx, y, x)` for the filter taps of output pixel `(oy, ox)` that read a
  /// pixel inside the input, in filter order: tap `(ky, kx)` reads input pixel `(y, x)`.
  @inline(__always)
  func forEachTap(
    oy: Int, ox: Int, _ body: (_ ky: Int, _ kx: Int, _ y: Int, _ x: Int) -> Void
  ) {
    for ky in 0..<filterHeight {
      let y = oy * strideHeight - padTop + ky * dilationHeight
      guard y >= 0 && y < inputHeight else { continue }
      for kx in 0..<filterWidth {
        let x = ox * strideWidth - padLeft + kx * dilationWidth
        guard x >= 0 && x < inputWidth else { continue }
        body(ky, kx, y, x)
      }
    }
  }
}
