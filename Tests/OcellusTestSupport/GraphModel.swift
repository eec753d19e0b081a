/// Builds a model with several operators, for tests of whole graphs: tensors are added one by
/// one (``SingleOpModel/Tensor`` describes each), operators name them by index.
public struct GraphModel {
  private var tensors: [TestFlatBuffer] = []
  private var buffers: [TestFlatBuffer] = [.table([:])]
  private var operators: [TestFlatBuffer] = []
  private var opcodes: [TestFlatBuffer] = []
  private var opcodeIndex: [String: UInt32] = [:]

  public init() {}

  /// Adds `tensor` and returns its index.
  @discardableResult
  public mutating func add(_ tensor: SingleOpModel.Tensor) -> Int32 {
    var extra: [Int: TestFlatBuffer] = [:]
    if let quantization = tensor.quantization {
      extra[4] = .table([
        2: .floats(quantization.scales), 3: .int64s(quantization.zeroPoints),
        6: .int32(quantization.dimension),
      ])
    }
    var buffer: UInt32 = 0
    if let data = tensor.data {
      buffers.append(.table([0: .bytes(data)]))
      buffer = UInt32(buffers.count - 1)
    }
    tensors.append(
      SyntheticModel.tensor(
        tensor.name, shape: tensor.shape, type: tensor.type, buffer: buffer, extra: extra))
    return Int32(tensors.count - 1)
  }

  /// Appends an operator (`builtin` is the BuiltinOperator code; 32 with `customCode` for a
  /// custom operator) reading `inputs` (-1 for an absent optional input) and writing `outputs`.
  public mutating func op(
    _ builtin: Int32, customCode: String? = nil, version: Int32? = nil, inputs: [Int32],
    outputs: [Int32], options: (UInt8, TestFlatBuffer)? = nil, customOptions: [UInt8]? = nil
  ) {
    let key = "\(builtin)/\(customCode ?? "")/\(version ?? 0)"
    let code: UInt32
    if let existing = opcodeIndex[key] {
      code = existing
    } else {
      code = UInt32(opcodes.count)
      opcodes.append(SyntheticModel.opcode(builtin: builtin, custom: customCode, version: version))
      opcodeIndex[key] = code
    }
    var extra: [Int: TestFlatBuffer] = [:]
    if let customOptions { extra[5] = .bytes(customOptions) }
    operators.append(
      SyntheticModel.op(code, inputs: inputs, outputs: outputs, options: options, extra: extra))
  }

  /// The model bytes with the given graph inputs and outputs (tensor indices, in order).
  public func bytes(inputs: [Int32], outputs: [Int32]) -> [UInt8] {
    SyntheticModel.bytes(
      SyntheticModel.model(
        opcodes: opcodes, tensors: tensors, inputs: inputs, outputs: outputs, operators: operators,
        buffers: buffers))
  }
}
