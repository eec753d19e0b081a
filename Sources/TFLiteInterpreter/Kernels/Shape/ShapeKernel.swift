import TFLiteModel

/// SHAPE: the input's dimensions as an int32 or int64 vector (`ShapeOptions.out_type`); RANK:
/// their number, an int32 scalar.
///
/// The values are known at load and the kernel never reads its input's data. When the options
/// name no integer type (they are absent, or left at the schema's FLOAT32 default, which TFLite
/// rejects), the output tensor's declared type decides if it is int32 or int64.
struct ShapeKernel: Kernel {
  static let sourceFile = #filePath

  /// The dimensions, as the output's little-endian bytes.
  private let bytes: [UInt8]

  /// SHAPE reads only its input's shape, never its data: its output is known at load even when
  /// the input is not (an engine may fold it regardless of its input).
  var readsInputData: Bool { false }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 1, outputs: 1)
    let shape = try node.input(0).shape
    var type = TensorType.int32
    if let requested = node.options.decoded(as: ShapeOptions.self)?.outputType,
      requested == .int32 || requested == .int64
    {
      type = requested
    } else {
      type = node.outputs[0].type
    }
    guard type == .int32 || type == .int64 else {
      throw node.unsupported("the output type must be int32 or int64, not \(type)")
    }
    guard node.outputs[0].type == type else {
      throw node.unsupported("out_type is \(type) but the output tensor is \(node.outputs[0].type)")
    }
    var bytes: [UInt8] = []
    for dimension in shape {
      if type == .int32 {
        guard let value = Int32(exactly: dimension) else {
          throw node.invalid("dimension \(dimension) does not fit int32")
        }
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
      } else {
        withUnsafeBytes(of: Int64(dimension).littleEndian) { bytes.append(contentsOf: $0) }
      }
    }
    try node.setOutputShape(0, [shape.count])
    return ShapeKernel(bytes: bytes)
  }

  /// RANK: the input's number of dimensions, an int32 scalar.
  static func makeRank(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 1, outputs: 1)
    guard node.outputs[0].type == .int32 else {
      throw node.unsupported("the output must be int32, not \(node.outputs[0].type)")
    }
    let rank = Int32(try node.input(0).shape.count)
    try node.setOutputShape(0, [])
    return ShapeKernel(bytes: withUnsafeBytes(of: rank.littleEndian) { [UInt8]($0) })
  }

  func run(_ io: KernelIO) {
    let destination = io.outputs[0]
    bytes.withUnsafeBytes { raw in
      if let base = raw.baseAddress { destination.copyMemory(from: base, byteCount: raw.count) }
    }
  }
}
