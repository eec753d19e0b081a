/// The decoded `builtin_options` of an operator.
///
/// Options tables that vision kernels use are decoded into typed values; every other table is
/// kept as ``other(_:)`` with its type tag, so the model still loads and the interpreter can
/// report exactly which option set it does not handle. An absent table reads as all defaults.
public enum BuiltinOptions: Sendable, Equatable {
  /// No options (union type NONE).
  case none
  case conv2D(Conv2DOptions)
  case depthwiseConv2D(DepthwiseConv2DOptions)
  /// `AVERAGE_POOL_2D`, `MAX_POOL_2D`, `L2_POOL_2D`.
  case pool2D(Pool2DOptions)
  case fullyConnected(FullyConnectedOptions)
  /// `SOFTMAX`: `softmax(beta * x)`.
  case softmax(beta: Float)
  /// `CONCATENATION` along `axis` (negative counts from the end).
  case concatenation(axis: Int, activation: ActivationFunction)
  case add(ArithmeticOptions)
  case sub(ArithmeticOptions)
  case mul(ArithmeticOptions)
  case div(ArithmeticOptions)
  case l2Normalization(activation: ActivationFunction)
  case localResponseNormalization(radius: Int, bias: Float, alpha: Float, beta: Float)
  /// `RESHAPE`; `newShape` is nil when the shape comes only from the second input.
  case reshape(newShape: [Int]?)
  case resizeBilinear(ResizeOptions)
  case resizeNearestNeighbor(ResizeOptions)
  case spaceToDepth(blockSize: Int)
  case depthToSpace(blockSize: Int)
  case gather(axis: Int, batchDims: Int)
  /// `MEAN`, `SUM`, `REDUCE_MAX`, `REDUCE_MIN`, `REDUCE_PROD`, `REDUCE_ANY`, `REDUCE_ALL`.
  case reducer(keepDims: Bool)
  /// `SQUEEZE`; an empty list removes every dimension of size 1.
  case squeeze(dimensions: [Int])
  case stridedSlice(StridedSliceOptions)
  case split(numSplits: Int)
  case splitV(numSplits: Int)
  /// `CAST`; both types default to `float32` when unset in the file.
  case cast(input: TensorType, output: TensorType)
  case argMax(outputType: TensorType)
  case argMin(outputType: TensorType)
  case shape(outputType: TensorType)
  case pack(valuesCount: Int, axis: Int)
  case unpack(count: Int, axis: Int)
  case leakyRelu(alpha: Float)
  /// `MIRROR_PAD`: `symmetric` false means REFLECT.
  case mirrorPad(symmetric: Bool)
  case transposeConv(TransposeConvOptions)
  case batchMatMul(BatchMatMulOptions)
  case unidirectionalSequenceLSTM(SequenceLSTMOptions)
  case svdf(SVDFOptions)
  case gelu(approximate: Bool)
  /// IF: the subgraphs run when the condition is true and false.
  case ifThenElse(thenSubgraph: Int, elseSubgraph: Int)
  /// WHILE: the condition and body subgraphs.
  case whileLoop(conditionSubgraph: Int, bodySubgraph: Int)
  /// CALL_ONCE: the subgraph run once, at the first invocation.
  case callOnce(initSubgraph: Int)
  /// VAR_HANDLE: the resource variable's container and shared name.
  case varHandle(container: String, sharedName: String)
  /// `CUMSUM`: `exclusive` leaves each element out of its own sum, `reverse` sums from the end.
  case cumsum(exclusive: Bool, reverse: Bool)
  /// Any other options table, decoded no further.
  case other(BuiltinOptionsType)

  /// The union type tag this value came from.
  public var type: BuiltinOptionsType {
    switch self {
    case .none: .noOptions
    case .conv2D: .conv2DOptions
    case .depthwiseConv2D: .depthwiseConv2DOptions
    case .pool2D: .pool2DOptions
    case .fullyConnected: .fullyConnectedOptions
    case .softmax: .softmaxOptions
    case .concatenation: .concatenationOptions
    case .add: .addOptions
    case .sub: .subOptions
    case .mul: .mulOptions
    case .div: .divOptions
    case .l2Normalization: .l2NormOptions
    case .localResponseNormalization: .localResponseNormalizationOptions
    case .reshape: .reshapeOptions
    case .resizeBilinear: .resizeBilinearOptions
    case .resizeNearestNeighbor: .resizeNearestNeighborOptions
    case .spaceToDepth: .spaceToDepthOptions
    case .depthToSpace: .depthToSpaceOptions
    case .gather: .gatherOptions
    case .reducer: .reducerOptions
    case .squeeze: .squeezeOptions
    case .stridedSlice: .stridedSliceOptions
    case .split: .splitOptions
    case .splitV: .splitVOptions
    case .cast: .castOptions
    case .argMax: .argMaxOptions
    case .argMin: .argMinOptions
    case .shape: .shapeOptions
    case .pack: .packOptions
    case .unpack: .unpackOptions
    case .leakyRelu: .leakyReluOptions
    case .mirrorPad: .mirrorPadOptions
    case .transposeConv: .transposeConvOptions
    case .batchMatMul: .batchMatMulOptions
    case .unidirectionalSequenceLSTM: .unidirectionalSequenceLSTMOptions
    case .svdf: .svdfOptions
    case .gelu: .geluOptions
    case .ifThenElse: .ifOptions
    case .whileLoop: .whileOptions
    case .callOnce: .callOnceOptions
    case .varHandle: .varHandleOptions
    case .cumsum: .cumsumOptions
    case .other(let type): type
    }
  }

  /// The union type tag's schema name (`Conv2DOptions`, …).
  public var typeName: String { type.name }

  /// Decodes the union value `table` (nil when absent) whose type tag is `type`.
  init(type: UInt8, table t: FlatBufferTable?) throws(FlatBufferError) {
    func int(_ id: Int, _ field: String) throws(FlatBufferError) -> Int { try t.int(id, field) }
    func flag(_ id: Int, _ field: String) throws(FlatBufferError) -> Bool { try t.flag(id, field) }
    func real(_ id: Int, _ field: String) throws(FlatBufferError) -> Float { try t.real(id, field) }
    func activation(_ id: Int) throws(FlatBufferError) -> ActivationFunction {
      try ActivationFunction(t, fieldID: id)
    }
    func tensorType(_ id: Int, _ field: String) throws(FlatBufferError) -> TensorType {
      try t.tensorType(id, field)
    }
    switch BuiltinOptionsType(rawValue: type) {
    case .noOptions: self = .none
    case .conv2DOptions: self = .conv2D(try Conv2DOptions(t))
    case .depthwiseConv2DOptions: self = .depthwiseConv2D(try DepthwiseConv2DOptions(t))
    case .pool2DOptions: self = .pool2D(try Pool2DOptions(t))
    case .svdfOptions: self = .svdf(try SVDFOptions(t))
    case .fullyConnectedOptions: self = .fullyConnected(try FullyConnectedOptions(t))
    case .softmaxOptions: self = .softmax(beta: try real(0, "beta"))
    case .concatenationOptions:
      self = .concatenation(axis: try int(0, "axis"), activation: try activation(1))
    case .addOptions: self = .add(try ArithmeticOptions(t, hasPotScale: true))
    case .l2NormOptions: self = .l2Normalization(activation: try activation(0))
    case .localResponseNormalizationOptions:
      self = .localResponseNormalization(
        radius: try int(0, "radius"), bias: try real(1, "bias"), alpha: try real(2, "alpha"),
        beta: try real(3, "beta"))
    case .resizeBilinearOptions: self = .resizeBilinear(try ResizeOptions(t, firstFieldID: 2))
    case .reshapeOptions: self = .reshape(newShape: try t?.ints(0, "new_shape"))
    case .spaceToDepthOptions: self = .spaceToDepth(blockSize: try int(0, "block_size"))
    case .mulOptions: self = .mul(try ArithmeticOptions(t, hasPotScale: false))
    case .gatherOptions:
      self = .gather(axis: try int(0, "axis"), batchDims: try int(1, "batch_dims"))
    case .reducerOptions: self = .reducer(keepDims: try flag(0, "keep_dims"))
    case .subOptions: self = .sub(try ArithmeticOptions(t, hasPotScale: true))
    case .divOptions: self = .div(try ArithmeticOptions(t, hasPotScale: false))
    case .squeezeOptions: self = .squeeze(dimensions: try t?.ints(0, "squeeze_dims") ?? [])
    case .stridedSliceOptions: self = .stridedSlice(try StridedSliceOptions(t))
    case .splitOptions: self = .split(numSplits: try int(0, "num_splits"))
    case .castOptions:
      self = .cast(
        input: try tensorType(0, "in_data_type"), output: try tensorType(1, "out_data_type"))
    case .argMaxOptions: self = .argMax(outputType: try tensorType(0, "output_type"))
    case .transposeConvOptions: self = .transposeConv(try TransposeConvOptions(t))
    case .shapeOptions: self = .shape(outputType: try tensorType(0, "out_type"))
    case .argMinOptions: self = .argMin(outputType: try tensorType(0, "output_type"))
    case .packOptions:
      self = .pack(valuesCount: try int(0, "values_count"), axis: try int(1, "axis"))
    case .unpackOptions: self = .unpack(count: try int(0, "num"), axis: try int(1, "axis"))
    case .resizeNearestNeighborOptions:
      self = .resizeNearestNeighbor(try ResizeOptions(t, firstFieldID: 0))
    case .leakyReluOptions: self = .leakyRelu(alpha: try real(0, "alpha"))
    case .mirrorPadOptions:
      let mode =
        try t?.enumeration(0, "mode", "MirrorPadMode") { $0 == 0 || $0 == 1 ? $0 : nil } ?? 0
      self = .mirrorPad(symmetric: mode == 1)
    case .splitVOptions: self = .splitV(numSplits: try int(0, "num_splits"))
    case .depthToSpaceOptions: self = .depthToSpace(blockSize: try int(0, "block_size"))
    case .unidirectionalSequenceLSTMOptions:
      self = .unidirectionalSequenceLSTM(try SequenceLSTMOptions(t))
    case .batchMatMulOptions: self = .batchMatMul(try BatchMatMulOptions(t))
    case .geluOptions: self = .gelu(approximate: try flag(0, "approximate"))
    case .cumsumOptions:
      self = .cumsum(exclusive: try flag(0, "exclusive"), reverse: try flag(1, "reverse"))
    case let tag:
      if let decoded = try Self.subgraphOptions(tag, t) {
        self = decoded
      } else {
        // Not decoded, but verified against its schema layout.
        try t?.verify(as: tag.name, in: .tflite)
        self = .other(tag)
      }
    }
  }

  /// The options naming subgraphs or variables (IF, WHILE, CALL_ONCE, VAR_HANDLE) of union
  /// tag `tag` decoded from `t`, or nil for any other tag.
  private static func subgraphOptions(_ tag: BuiltinOptionsType, _ t: FlatBufferTable?)
    throws(FlatBufferError) -> BuiltinOptions?
  {
    func int(_ id: Int, _ field: String) throws(FlatBufferError) -> Int { try t.int(id, field) }
    switch tag {
    case .ifOptions:
      return .ifThenElse(
        thenSubgraph: try int(0, "then_subgraph_index"),
        elseSubgraph: try int(1, "else_subgraph_index"))
    case .whileOptions:
      return .whileLoop(
        conditionSubgraph: try int(0, "cond_subgraph_index"),
        bodySubgraph: try int(1, "body_subgraph_index"))
    case .callOnceOptions: return .callOnce(initSubgraph: try int(0, "init_subgraph_index"))
    case .varHandleOptions:
      return .varHandle(
        container: try t?.string(0, "container") ?? "",
        sharedName: try t?.string(1, "shared_name") ?? "")
    default: return nil
    }
  }
}
