import TFLiteModel

/// SPACE_TO_BATCH_ND and BATCH_TO_SPACE_ND on 4-D NHWC or 3-D NHC tensors (as TFLite: a 3-D
/// tensor is treated as NH1C with one spatial block), for every fixed-size element type.
///
/// `block_shape` (positive) and the paddings or crops (`[spatial, 2]`, non-negative) must be
/// constant int32/int64 tensors. SPACE_TO_BATCH_ND pads with zero bytes, or for 1- and 2-byte
/// types with the output's zero point (TFLite's `memset` of it). Quantized uint8/int8/int16
/// tensors must share the output's scale and zero point (int16 with zero point 0).
///
/// Output batch `b` of SPACE_TO_BATCH_ND holds input batch `b % n` shifted by block offset
/// `(b / n) / bw, (b / n) % bw`; BATCH_TO_SPACE_ND is its inverse, with crops.
final class SpaceBatchKernel: Kernel {
  static let sourceFile = #filePath

  private let toBatch: Bool
  private let elementSize: Int
  /// Input and output as NHWC.
  private let input: (batch: Int, height: Int, width: Int, depth: Int)
  private let output: (batch: Int, height: Int, width: Int, depth: Int)
  private let block: (height: Int, width: Int)
  /// Padding before (SPACE_TO_BATCH_ND) or crop before (BATCH_TO_SPACE_ND), per spatial dim.
  private let before: (height: Int, width: Int)
  private let padByte: UInt8

  private init(
    toBatch: Bool, elementSize: Int, input: (Int, Int, Int, Int), output: (Int, Int, Int, Int),
    block: (Int, Int), before: (Int, Int), padByte: UInt8
  ) {
    self.toBatch = toBatch
    self.elementSize = elementSize
    self.input = input
    self.output = output
    self.block = block
    self.before = before
    self.padByte = padByte
  }

  static func make(_ node: inout NodeContext, toBatch: Bool) throws(InterpreterError)
    -> any Kernel
  {
    try node.expect(inputs: 3, outputs: 1)
    let (tensor, shape) = try ShapeRules.shapedInput(0, node)
    guard shape.count == 3 || shape.count == 4 else {
      throw node.invalid("the input must be 3-D or 4-D, not \(shape)")
    }
    let spatial = shape.count - 2
    let amounts = toBatch ? "the paddings" : "the crops"
    guard try node.input(1).shape == [spatial] else {
      throw node.invalid("block_shape must have shape [\(spatial)]")
    }
    guard try node.input(2).shape == [spatial, 2] else {
      throw node.invalid("\(amounts) must have shape [\(spatial), 2]")
    }
    let blocks = try ShapeRules.constantIntegers(1, "block_shape", node)
    let edges = try ShapeRules.constantIntegers(2, amounts, node)
    guard blocks.allSatisfy({ $0 >= 1 && $0 <= 1 << 20 }) else {
      throw node.invalid("block_shape \(blocks) must be positive")
    }
    guard edges.allSatisfy({ $0 >= 0 && $0 <= Int(Int32.max) }) else {
      throw node.invalid("\(amounts) \(edges) must be non-negative")
    }
    let elementSize = try ShapeRules.elementSize(tensor, node)
    try ShapeRules.requireOutputTypes(matching: tensor, node)
    let outputTensor = node.outputs[0]
    if tensor.type == .uint8 || tensor.type == .int8 || tensor.type == .int16 {
      try ShapeRules.requireSameQuantization(tensor, "the input", outputTensor, "the output", node)
      if tensor.type == .int16 && ShapeRules.parameters(tensor).zeroPoint != 0 {
        throw node.unsupported("int16 tensors need a zero point of 0")
      }
    }
    // As NHWC.
    let input = (shape[0], shape[1], spatial == 2 ? shape[2] : 1, shape[spatial + 1])
    let block = (blocks[0], spatial == 2 ? blocks[1] : 1)
    let first = (edges[0], spatial == 2 ? edges[2] : 0)
    let second = (edges[1], spatial == 2 ? edges[3] : 0)
    let output: (Int, Int, Int, Int)
    if toBatch {
      let paddedHeight = input.1 + first.0 + second.0
      let paddedWidth = input.2 + first.1 + second.1
      guard paddedHeight % block.0 == 0, paddedWidth % block.1 == 0 else {
        throw node.invalid(
          "the padded spatial size \(paddedHeight)×\(paddedWidth) is not a multiple of block_shape \(blocks)"
        )
      }
      guard let batch = ShapeRules.elementCount([input.0, block.0, block.1]) else {
        throw node.invalid("the output batch of \(input.0) × \(blocks) is too large")
      }
      output = (batch, paddedHeight / block.0, paddedWidth / block.1, input.3)
    } else {
      guard input.0 % (block.0 * block.1) == 0 else {
        throw node.invalid("batch \(input.0) is not a multiple of the block size \(blocks)")
      }
      let height = input.1 * block.0 - first.0 - second.0
      let width = input.2 * block.1 - first.1 - second.1
      guard height >= 0, width >= 0 else {
        throw node.invalid("the crops \(edges) remove more than the whole output")
      }
      output = (input.0 / (block.0 * block.1), height, width, input.3)
    }
    let outputShape =
      spatial == 2 ? [output.0, output.1, output.2, output.3] : [output.0, output.1, output.3]
    guard ShapeRules.elementCount(outputShape) != nil else {
      throw node.invalid("the output shape \(outputShape) is too large")
    }
    try node.setOutputShape(0, outputShape)
    let zeroPoint = ShapeRules.parameters(outputTensor).zeroPoint
    let padByte = elementSize <= 2 ? UInt8(truncatingIfNeeded: zeroPoint) : 0
    return SpaceBatchKernel(
      toBatch: toBatch, elementSize: elementSize, input: input, output: output, block: block,
      before: first, padByte: padByte)
  }

  func run(_ io: KernelIO) {
    let rows = output.batch * output.height
    let pixelBytes = output.depth * elementSize
    guard rows > 0, output.width > 0, pixelBytes > 0 else { return }
    // Absent only when the input has no elements, and then every pixel is padding.
    let source = io.inputs[0]
    let destination = io.outputs[0]
    let (input, output, block, before) = (self.input, self.output, self.block, self.before)
    let (toBatch, padByte) = (self.toBatch, self.padByte)
    io.pool.parallelFor(rows, minimumChunk: max(1, 65536 / (output.width * pixelBytes))) {
      range in
      for row in range {
        let outBatch = row / output.height
        let outY = row % output.height
        var target = destination + row * output.width * pixelBytes
        // The input batch and row feeding this output row, and the column block offset.
        let inBatch: Int
        let inY: Int
        let shiftX: Int
        if toBatch {
          let shift = outBatch / input.batch
          inBatch = outBatch % input.batch
          inY = outY * block.height + shift / block.width - before.height
          shiftX = shift % block.width
        } else {
          let y = outY + before.height
          inY = y / block.height
          shiftX = 0
          inBatch = ((y % block.height) * block.width) * output.batch + outBatch
        }
        for outX in 0..<output.width {
          var pixel: Int? = nil
          if toBatch {
            let inX = outX * block.width + shiftX - before.width
            if inY >= 0 && inY < input.height && inX >= 0 && inX < input.width {
              pixel = (inBatch * input.height + inY) * input.width + inX
            }
          } else {
            let x = outX + before.width
            let batch = inBatch + (x % block.width) * output.batch
            pixel = (batch * input.height + inY) * input.width + x / block.width
          }
          if let pixel, let source {
            target.copyMemory(from: source + pixel * pixelBytes, byteCount: pixelBytes)
          } else {
            target.initializeMemory(as: UInt8.self, repeating: padByte, count: pixelBytes)
          }
          target += pixelBytes
        }
      }
    }
  }
}
