import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel

/// Helpers for the shape-operator tests: typed tensors, one-op models run end to end, and
/// plain reference implementations written independently of the kernels.
enum ShapeOps {
  typealias Tensor = SingleOpModel.Tensor

  // MARK: Operator codes and option tags (schema.fbs)

  static let concatenation: Int32 = 2
  static let depthToSpace: Int32 = 5
  static let reshape: Int32 = 22
  static let spaceToDepth: Int32 = 26
  static let pad: Int32 = 34
  static let gather: Int32 = 36
  static let batchToSpace: Int32 = 37
  static let spaceToBatch: Int32 = 38
  static let transpose: Int32 = 39
  static let squeeze: Int32 = 43
  static let stridedSlice: Int32 = 45
  static let split: Int32 = 49
  static let padV2: Int32 = 60
  static let slice: Int32 = 65
  static let expandDims: Int32 = 70
  static let shape: Int32 = 77
  static let pack: Int32 = 83
  static let unpack: Int32 = 88
  static let splitV: Int32 = 102

  // MARK: Tensors

  /// Schema type codes.
  static let float32: Int8 = 0
  static let float16: Int8 = 1
  static let int32: Int8 = 2
  static let uint8: Int8 = 3
  static let int64: Int8 = 4
  static let bool: Int8 = 6
  static let int16: Int8 = 7
  static let int8: Int8 = 9

  /// A tensor of integers of type `type` (the values are stored as `V`).
  static func ints<V: FixedWidthInteger>(
    _ name: String, _ type: Int8, _ shape: [Int], _ values: [V]? = nil,
    quantization: (scales: [Float], zeroPoints: [Int64], dimension: Int32)? = nil
  ) -> Tensor {
    Tensor(
      name, type: type, shape: shape, data: values.map { SingleOpModel.bytes($0) },
      quantization: quantization)
  }

  /// A constant int32 vector.
  static func vector(_ name: String, _ values: [Int32]) -> Tensor {
    .int32(name, [values.count], values)
  }

  /// A per-tensor quantization.
  static func quantized(_ scale: Float, _ zeroPoint: Int64) -> (
    scales: [Float], zeroPoints: [Int64], dimension: Int32
  ) {
    ([scale], [zeroPoint], 0)
  }

  // MARK: Running

  /// Builds the one-op model, feeds `feeds` (raw bytes, in model-input order) and invokes it.
  static func run(
    _ op: Int32, options: (UInt8, TestFlatBuffer)? = nil, inputs: [Tensor?], outputs: [Tensor],
    feeds: [[UInt8]] = [], threads: Int = 1
  ) throws -> ModelInterpreter {
    let bytes = SingleOpModel.build(
      builtin: op, options: options, inputs: inputs, outputs: outputs)
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(threadCount: threads))
    for (position, feed) in feeds.enumerated() {
      try interpreter.setInput(at: position, bytes: feed)
    }
    try interpreter.invoke()
    return interpreter
  }

  /// The error thrown while loading the one-op model.
  static func loadError(
    _ op: Int32, options: (UInt8, TestFlatBuffer)? = nil, inputs: [Tensor?], outputs: [Tensor]
  ) -> InterpreterError? {
    let bytes = SingleOpModel.build(
      builtin: op, options: options, inputs: inputs, outputs: outputs)
    do {
      _ = try ModelInterpreter(model: ModelFile(bytes: bytes))
      return nil
    } catch let error as InterpreterError {
      return error
    } catch {
      return .unsupportedModel("unexpected \(error)")
    }
  }

  /// Output `position` decoded as `V` values.
  static func values<V: FixedWidthInteger>(
    _ interpreter: ModelInterpreter, _ position: Int = 0, as: V.Type
  ) throws -> [V] {
    decode(try interpreter.outputBytes(at: position), as: V.self)
  }

  /// Little-endian bytes decoded as `V` values.
  static func decode<V: FixedWidthInteger>(_ bytes: [UInt8], as: V.Type) -> [V] {
    let size = MemoryLayout<V>.size
    return stride(from: 0, to: bytes.count - size + 1, by: size).map { start in
      var value = V.zero
      for index in 0..<size { value |= V(truncatingIfNeeded: bytes[start + index]) << (8 * index) }
      return value
    }
  }

  /// The bytes of `values`.
  static func bytes<V: FixedWidthInteger>(_ values: [V]) -> [UInt8] { SingleOpModel.bytes(values) }
  static func bytes(_ values: [Float]) -> [UInt8] { SingleOpModel.bytes(values) }

  // MARK: Independent references

  /// Row-major strides of `shape`.
  static func strides(_ shape: [Int]) -> [Int] {
    var result = [Int](repeating: 1, count: shape.count)
    var step = 1
    for axis in shape.indices.reversed() {
      result[axis] = step
      step *= shape[axis]
    }
    return result
  }

  /// Every multi-index of `shape` in row-major order.
  static func indices(_ shape: [Int]) -> [[Int]] {
    var result: [[Int]] = [[]]
    for size in shape {
      result = result.flatMap { prefix in (0..<size).map { prefix + [$0] } }
    }
    return result
  }

  /// `values` of `shape` transposed by `permutation`, element by element.
  static func transposed<V>(_ values: [V], _ shape: [Int], _ permutation: [Int]) -> [V] {
    let inputStrides = strides(shape)
    let outputShape = permutation.map { shape[$0] }
    return indices(outputShape).map { index in
      var offset = 0
      for (axis, position) in index.enumerated() {
        offset += position * inputStrides[permutation[axis]]
      }
      return values[offset]
    }
  }
}
