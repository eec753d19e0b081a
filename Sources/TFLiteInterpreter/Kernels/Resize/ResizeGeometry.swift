import TFLiteModel

/// The checked shapes of a RESIZE_BILINEAR / RESIZE_NEAREST_NEIGHBOR node: an NHWC input and the
/// new height and width from the constant int32 size tensor `[new_height, new_width]`.
struct ResizeGeometry {
  let batches, inputHeight, inputWidth, channels: Int
  let outputHeight, outputWidth: Int

  /// The output shape `[batches, outputHeight, outputWidth, channels]`.
  var outputShape: [Int] { [batches, outputHeight, outputWidth, channels] }

  /// Reads and checks the node's input and size tensors (input 0 and 1).
  init(_ node: NodeContext) throws(InterpreterError) {
    try node.expect(inputs: 2, outputs: 1)
    let input = try node.input(0)
    let size = try node.input(1)
    guard input.shape.count == 4 else {
      throw node.invalid("input must have rank 4 (NHWC), not shape \(input.shape)")
    }
    guard size.type == .int32 else {
      throw node.unsupported("the size tensor has type \(size.type), not int32")
    }
    guard size.shape == [2] else {
      throw node.invalid("the size tensor must have shape [2], not \(size.shape)")
    }
    guard let values = size.constantIntegers() else {
      throw node.unsupported("the size tensor must be constant")
    }
    guard values[0] > 0, values[1] > 0 else {
      throw node.invalid("new size \(values[0])×\(values[1]) must be positive")
    }
    batches = input.shape[0]
    inputHeight = input.shape[1]
    inputWidth = input.shape[2]
    channels = input.shape[3]
    outputHeight = values[0]
    outputWidth = values[1]
    if batches > 0 && channels > 0 {
      guard inputHeight > 0, inputWidth > 0 else {
        throw node.invalid("cannot resize an input of height or width 0 (shape \(input.shape))")
      }
    }
  }

  /// TFLite's scales from output to input coordinates, per axis (see
  /// ``scale(input:output:alignCorners:)``).
  func scales(alignCorners: Bool) -> (height: Float, width: Float) {
    (
      Self.scale(input: inputHeight, output: outputHeight, alignCorners: alignCorners),
      Self.scale(input: inputWidth, output: outputWidth, alignCorners: alignCorners)
    )
  }

  /// TFLite's scale from output to input coordinates along one axis: `in / out`, or
  /// `(in - 1) / (out - 1)` with align_corners when `out > 1`.
  static func scale(input: Int, output: Int, alignCorners: Bool) -> Float {
    alignCorners && output > 1
      ? Float(input - 1) / Float(output - 1) : Float(input) / Float(output)
  }
}
