import TFLiteModel

/// An operator whose one output is a strided view of its first input, gathered into a dense
/// tensor: SLICE, STRIDED_SLICE, TRANSPOSE, DEPTH_TO_SPACE, SPACE_TO_DEPTH, TILE, BROADCAST_TO
/// and REVERSE_V2 (factories in the `ViewKernel+…` files). Works on every fixed-size element type by moving bytes.
final class ViewKernel: Kernel {
  static let sourceFile = #filePath

  private let copy: StridedCopy
  /// Byte offset in the input of the view's first element.
  private let baseOffset: Int

  /// A kernel that writes `shape` densely, reading element `i` of the view at element offset
  /// `base + Σ i[d] * strides[d]` of the input. The caller has checked that every such offset
  /// lies inside the input.
  init(shape: [Int], strides: [Int], base: Int, elementSize: Int) {
    copy = StridedCopy(
      shape: shape, sourceStrides: strides, destinationStrides: ShapeRules.strides(shape),
      elementSize: elementSize)
    baseOffset = base * elementSize
  }

  func run(_ io: KernelIO) {
    guard copy.workCount > 0, let input = io.inputs[0] else { return }
    let source = input + baseOffset
    let destination = io.outputs[0]
    let copy = self.copy
    io.pool.parallelFor(copy.workCount, minimumChunk: copy.minimumWorkPerChunk) { range in
      copy.copy(work: range, from: source, to: destination)
    }
  }
}
