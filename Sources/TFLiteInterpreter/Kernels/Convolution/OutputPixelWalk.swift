/// Output pixels of a convolution visited in order from a flat index (batch, then row, then
/// column) without a division per pixel: the top-left input position each one's window starts
/// at (possibly outside the image) and the offset of its image in the input.
struct OutputPixelWalk {
  let g: ConvolutionGeometry
  /// The current pixel's output column and row, and its image's element offset in the input.
  private(set) var column, row, imageOffset: Int

  /// Starts at flat output pixel `index`.
  init(_ g: ConvolutionGeometry, at index: Int) {
    self.g = g
    let pixel = index % g.outputPixels
    (column, row) = (pixel % g.outputWidth, pixel / g.outputWidth)
    imageOffset = (index / g.outputPixels) * g.inputHeight * g.inputWidth * g.inputChannels
  }

  /// The input row of the window's top edge (negative inside the top padding).
  var inputY: Int { row * g.strideHeight - g.padTop }
  /// The input column of the window's left edge (negative inside the left padding).
  var inputX: Int { column * g.strideWidth - g.padLeft }

  /// Moves to the next output pixel.
  mutating func advance() {
    column += 1
    guard column == g.outputWidth else { return }
    column = 0
    row += 1
    guard row == g.outputHeight else { return }
    row = 0
    imageOffset += g.inputHeight * g.inputWidth * g.inputChannels
  }
}
