import TFLiteModel

/// NON_MAX_SUPPRESSION_V4 and NON_MAX_SUPPRESSION_V5 on float32 boxes (`[n, 4]`, corners
/// `y1, x1, y2, x2` of either diagonal) and scores (`[n]`), through
/// ``NonMaxSuppression/softSelect(boxes:scores:count:_:queue:compared:selectedIndices:selectedScores:)``
/// (TFLite's reference arithmetic step for step).
///
/// Inputs: boxes, scores, `max_output_size` (int32 scalar, which must be known at load: it is
/// the length of the outputs), IoU threshold and score threshold (float32 scalars, read at run
/// time), and for V5 σ (float32 scalar; a negative σ, which TFLite rejects while running,
/// counts as 0 here). Outputs: the selected indices (int32, `[max_output_size]`), for V5 their
/// scores after soft suppression (float32), and the number selected (int32 scalar); entries
/// past that number are 0, as TFLite writes them.
struct NonMaxSuppressionKernel: Kernel {
  static let sourceFile = #filePath
  /// The kernels of the operators registered with `floats`.
  static let floats = [KernelVariant(NonMaxSuppressionKernel.self, [.float32])]

  private let boxCount, limit: Int
  private let soft: Bool

  /// The candidate queue, then one Int32 per box.
  var scratchBytes: Int {
    boxCount * (MemoryLayout<NonMaxSuppression.Candidate>.stride + MemoryLayout<Int32>.stride)
  }

  static func make(_ node: inout NodeContext, soft: Bool) throws(InterpreterError)
    -> any Kernel
  {
    try node.expect(inputs: soft ? 6 : 5, outputs: soft ? 3 : 2)
    let boxes = try node.input(0)
    let scores = try node.input(1)
    guard boxes.type == .float32, scores.type == .float32 else {
      throw node.unsupported("boxes and scores must be float32")
    }
    guard boxes.shape.count == 2, boxes.shape[1] == 4, scores.shape == [boxes.shape[0]] else {
      throw node.invalid("boxes \(boxes.shape) and scores \(scores.shape) must be [n, 4] and [n]")
    }
    let maximum = try node.input(2)
    guard maximum.type == .int32, maximum.elementCount == 1 else {
      throw node.invalid("max_output_size must be an int32 scalar")
    }
    guard let limit = maximum.constantIntegers()?.first else {
      throw node.unsupported("max_output_size must be known at load (the outputs' length)")
    }
    guard limit >= 0, limit <= Int(Int32.max) else {
      throw node.invalid("max_output_size \(limit) is negative")
    }
    for position in 3..<node.inputs.count {
      let scalar = try node.input(position)
      guard scalar.type == .float32, scalar.elementCount == 1 else {
        throw node.unsupported("the thresholds and σ must be float32 scalars")
      }
    }
    let outputTypes: [TensorType] = soft ? [.int32, .float32, .int32] : [.int32, .int32]
    guard node.outputs.map(\.type) == outputTypes else {
      throw node.unsupported("the outputs must be \(outputTypes)")
    }
    try node.setOutputShape(0, [limit])
    if soft { try node.setOutputShape(1, [limit]) }
    try node.setOutputShape(soft ? 2 : 1, [])
    return NonMaxSuppressionKernel(boxCount: boxes.shape[0], limit: limit, soft: soft)
  }

  func run(_ io: KernelIO) {
    let indices = io.output(0, as: Int32.self)
    let scores: UnsafeMutablePointer<Float>? = soft ? io.output(1, as: Float.self) : nil
    let countOutput = io.output(soft ? 2 : 1, as: Int32.self)
    var selected = 0
    if boxCount > 0, let scratch = io.scratch {
      let queue = scratch.bindMemory(to: NonMaxSuppression.Candidate.self, capacity: boxCount)
      let compared = (scratch + boxCount * MemoryLayout<NonMaxSuppression.Candidate>.stride)
        .bindMemory(to: Int32.self, capacity: boxCount)
      let read = { (position: Int) in io.input(position, as: Float.self).pointee }
      let parameters = NonMaxSuppression.SoftParameters(
        limit: limit, iouThreshold: read(3), scoreThreshold: read(4),
        sigma: soft ? max(read(5), 0) : 0)
      selected = NonMaxSuppression.softSelect(
        boxes: io.input(0, as: Float.self), scores: io.input(1, as: Float.self), count: boxCount,
        parameters, queue: queue, compared: compared, selectedIndices: indices,
        selectedScores: scores)
    }
    for position in selected..<limit {
      indices[position] = 0
      scores?[position] = 0
    }
    countOutput.pointee = Int32(truncatingIfNeeded: selected)
  }
}
