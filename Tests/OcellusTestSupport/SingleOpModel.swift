/// Builds a model with one operator, for op-level tests: non-constant inputs become the
/// model's inputs (in order), every output becomes a model output.
public enum SingleOpModel {
  /// One tensor of the model.
  public struct Tensor {
    public var name: String
    /// The schema's TensorType code (0 float32, 2 int32, 3 uint8, 9 int8, 1 float16, …).
    public var type: Int8
    public var shape: [Int32]
    /// Constant data (little-endian), or nil for a tensor computed or fed at run time.
    public var data: [UInt8]?
    /// Per-tensor or per-channel quantization: scales, zero points, quantized dimension.
    public var quantization: (scales: [Float], zeroPoints: [Int64], dimension: Int32)?

    public init(
      _ name: String, type: Int8 = 0, shape: [Int], data: [UInt8]? = nil,
      quantization: (scales: [Float], zeroPoints: [Int64], dimension: Int32)? = nil
    ) {
      self.name = name
      self.type = type
      self.shape = shape.map { Int32($0) }
      self.data = data
      self.quantization = quantization
    }

    /// A float32 tensor.
    public static func float(_ name: String, _ shape: [Int], _ values: [Float]? = nil) -> Tensor {
      Tensor(name, type: 0, shape: shape, data: values.map(bytes))
    }

    /// An int32 tensor.
    public static func int32(_ name: String, _ shape: [Int], _ values: [Int32]? = nil) -> Tensor {
      Tensor(name, type: 2, shape: shape, data: values.map(bytes))
    }
  }

  /// The model bytes for `builtin` (an operator code) with `options` (union tag and table).
  public static func build(
    builtin: Int32, customCode: String? = nil, version: Int32 = 1,
    options: (UInt8, TestFlatBuffer)? = nil,
    customOptions: [UInt8]? = nil, inputs: [Tensor?], outputs: [Tensor]
  ) -> [UInt8] {
    var graph = GraphModel()
    var modelInputs: [Int32] = []
    let inputIndices = inputs.map { input -> Int32 in
      guard let input else { return -1 }
      let index = graph.add(input)
      if input.data == nil { modelInputs.append(index) }
      return index
    }
    let outputIndices = outputs.map { graph.add($0) }
    graph.op(
      builtin, customCode: customCode, version: version, inputs: inputIndices,
      outputs: outputIndices,
      options: options, customOptions: customOptions)
    return graph.bytes(inputs: modelInputs, outputs: outputIndices)
  }

  /// The little-endian bytes of `values`.
  public static func bytes<T: FixedWidthInteger>(_ values: [T]) -> [UInt8] {
    values.flatMap { value in withUnsafeBytes(of: value.littleEndian) { Array($0) } }
  }

  /// The little-endian bytes of `values`.
  public static func bytes(_ values: [Float]) -> [UInt8] { bytes(values.map(\.bitPattern)) }
}
