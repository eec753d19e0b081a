/// The hand-written catalog: for each registered operator, the element types its kernel's
/// factory accepts (read off `Sources/TFLiteInterpreter/Kernels/**`) and a short note. A test
/// checks that it names exactly the registered operators; another that every operator in the
/// test and shared models runs on a type listed here.
extension OperatorSupport {
  /// The catalog entries, one per registered operator (custom operators last).
  public static let catalog: [OperatorSupport] = [
    OperatorSupport(
      "ABS", [.float32, .int8, .int16, .int32], "int8/int16 quantized; int16 plain too"),
    OperatorSupport(
      "ADD", arithmetic + [.int64], "int16 quantized (power-of-two scales too) or plain"),
    OperatorSupport("ADD_N", [.float32, .int32]),
    OperatorSupport(
      "ARG_MAX", [.float32, .int8, .uint8, .int32], "constant axis; int32 or int64 indices"),
    OperatorSupport(
      "ARG_MIN", [.float32, .int8, .uint8, .int32], "constant axis; int32 or int64 indices"),
    anyFixedSize("ASSIGN_VARIABLE", "the value's type; static shape"),
    OperatorSupport("AVERAGE_POOL_2D", pooled),
    OperatorSupport("BATCH_MATMUL", [.float32, .int8, .int16, .hybrid], "int16 × int8 (16x8) too"),
    anyFixedSize("BATCH_TO_SPACE_ND"),
    OperatorSupport("BROADCAST_ARGS", [.int32, .int64]),
    anyFixedSize("BROADCAST_TO"),
    OperatorSupport("CALL_ONCE", [], "runs the init subgraph once"),
    OperatorSupport(
      "CAST", [.float32, .int8, .uint8, .int32, .int64, .bool], "to any of these types"),
    OperatorSupport("CEIL", [.float32]),
    anyFixedSize("CONCATENATION", "8-bit inputs requantized to the output"),
    OperatorSupport(
      "CONV_2D", convolution, "per-channel int8 weights; int16 with int8 weights (16x8)"),
    OperatorSupport("COS", [.float32]),
    OperatorSupport("CUMSUM", [.float32, .int32, .int64], "constant axis"),
    anyFixedSize("DENSIFY", "sparse constant to dense"),
    anyFixedSize("DEPTH_TO_SPACE"),
    OperatorSupport(
      "DEPTHWISE_CONV_2D", convolution, "per-channel int8 weights; int16 with int8 weights (16x8)"),
    OperatorSupport(
      "DEQUANTIZE", [.float16, .int8, .uint8, .int16], "to float32; 8-bit per-channel too"),
    OperatorSupport("DIV", arithmetic, "8-bit and int16 quantized"),
    anyFixedSize("DYNAMIC_UPDATE_SLICE", "int32 or int64 start indices"),
    OperatorSupport("ELU", [.float32]),
    anyFixedSize("EMBEDDING_LOOKUP", "int32 ids; int8/uint8 tables to float32", hybrid: true),
    OperatorSupport("EQUAL", compared + [.bool]),
    OperatorSupport("EXP", [.float32]),
    anyFixedSize("EXPAND_DIMS", "constant axis"),
    anyFixedSize("FILL", "the value's type; constant shape"),
    OperatorSupport("FLOOR", [.float32]),
    OperatorSupport("FLOOR_DIV", [.float32, .int8, .int16, .int32]),
    OperatorSupport("FLOOR_MOD", [.float32, .int8, .int16, .int32, .int64]),
    OperatorSupport(
      "FULLY_CONNECTED", convolution,
      "per-channel int8 weights; int16 with int8 weights (16x8); default weights format"),
    anyFixedSize("GATHER", "int16, int32 or int64 indices"),
    anyFixedSize("GATHER_ND", "int16, int32 or int64 indices"),
    OperatorSupport("GELU", [.float32]),
    OperatorSupport("GREATER", compared),
    OperatorSupport("GREATER_EQUAL", compared),
    OperatorSupport("HARD_SWISH", activation),
    anyFixedSize("IF", "bool condition"),
    OperatorSupport("L2_NORMALIZATION", activation),
    OperatorSupport("L2_POOL_2D", [.float32]),
    OperatorSupport("LEAKY_RELU", activation),
    OperatorSupport("LESS", compared),
    OperatorSupport("LESS_EQUAL", compared),
    OperatorSupport("LOCAL_RESPONSE_NORMALIZATION", [.float32]),
    OperatorSupport("LOG", [.float32, .int8, .int16], "int8/int16 quantized"),
    OperatorSupport("LOG_SOFTMAX", activation),
    OperatorSupport("LOGICAL_AND", [.bool]),
    OperatorSupport("LOGICAL_NOT", [.bool]),
    OperatorSupport("LOGICAL_OR", [.bool]),
    OperatorSupport("LOGISTIC", activation + [.int16]),
    OperatorSupport("MAX_POOL_2D", pooled),
    OperatorSupport("MAXIMUM", arithmetic + [.int64]),
    OperatorSupport("MEAN", pooled, "constant axes"),
    OperatorSupport("MINIMUM", arithmetic + [.int64]),
    anyFixedSize("MIRROR_PAD", "constant paddings"),
    OperatorSupport("MUL", arithmetic + [.int64], "int16 quantized or plain"),
    OperatorSupport("NEG", [.float32, .int32, .int64]),
    OperatorSupport("NON_MAX_SUPPRESSION_V4", [.float32], "constant max_output_size"),
    OperatorSupport(
      "NON_MAX_SUPPRESSION_V5", [.float32], "constant max_output_size; soft-NMS sigma"),
    OperatorSupport("NOT_EQUAL", compared + [.bool]),
    anyFixedSize("PACK"),
    anyFixedSize("PAD", "constant paddings"),
    anyFixedSize("PADV2", "constant paddings"),
    OperatorSupport("POW", [.float32, .int32]),
    OperatorSupport("PRELU", activation),
    OperatorSupport(
      "QUANTIZE", [.float32, .int8, .uint8, .int16, .int32],
      "float32 to int8/uint8/int16; requantizes integers"),
    OperatorSupport("RANGE", [.float32, .int32, .int64]),
    anyFixedSize("READ_VARIABLE", "the variable's type; static shape"),
    OperatorSupport("REDUCE_ALL", [.bool], "constant axes"),
    OperatorSupport("REDUCE_ANY", [.bool], "constant axes"),
    OperatorSupport("REDUCE_MAX", pooled, "constant axes"),
    OperatorSupport("REDUCE_MIN", pooled, "constant axes"),
    OperatorSupport("REDUCE_PROD", [.float32, .int8, .int16, .int32, .int64], "constant axes"),
    OperatorSupport("RELU", activation + [.int16]),
    OperatorSupport("RELU_0_TO_1", activation),
    OperatorSupport("RELU_N1_TO_1", activation),
    OperatorSupport("RELU6", activation),
    anyFixedSize("RESHAPE"),
    OperatorSupport("RESIZE_BILINEAR", pooled, "constant size"),
    OperatorSupport("RESIZE_NEAREST_NEIGHBOR", pooled, "constant size"),
    anyFixedSize("REVERSE_V2"),
    OperatorSupport("ROUND", [.float32]),
    OperatorSupport("RSQRT", [.float32, .int8, .int16], "int8/int16 quantized"),
    anyFixedSize("SELECT", "bool condition"),
    anyFixedSize("SELECT_V2", "bool condition, broadcast"),
    anyFixedSize("SHAPE", "int32 or int64 output"),
    OperatorSupport("SIN", [.float32]),
    anyFixedSize("SLICE"),
    OperatorSupport(
      "SOFTMAX", activation + [.int16], "8-bit input to int16 output too"),
    anyFixedSize("SPACE_TO_BATCH_ND"),
    anyFixedSize("SPACE_TO_DEPTH"),
    anyFixedSize("SPLIT", "constant axis"),
    anyFixedSize("SPLIT_V", "constant axis and sizes"),
    OperatorSupport("SQRT", [.float32, .int8, .int16], "int8/int16 quantized"),
    OperatorSupport("SQUARE", [.float32]),
    OperatorSupport("SQUARED_DIFFERENCE", [.float32, .int8, .int32], "int8 quantized"),
    anyFixedSize("SQUEEZE"),
    anyFixedSize("STRIDED_SLICE"),
    OperatorSupport("SUB", arithmetic + [.int64], "8-bit and int16 quantized"),
    OperatorSupport("SUM", pooled, "constant axes"),
    OperatorSupport(
      "SVDF", [.float32, .int8, .hybrid],
      "int8 with int16 state and weights_time; state in a variable tensor"),
    OperatorSupport("TANH", activation),
    anyFixedSize("TILE"),
    OperatorSupport("TOPK_V2", [.float32, .int8, .uint8, .int16, .int32, .int64], "constant k"),
    anyFixedSize("TRANSPOSE"),
    OperatorSupport("TRANSPOSE_CONV", convolution, "int16 with int8 weights (16x8)"),
    OperatorSupport(
      "UNIDIRECTIONAL_SEQUENCE_LSTM", [.float32, .int8, .hybrid],
      "no peephole, projection, layer norm or CIFG"),
    anyFixedSize("UNPACK"),
    OperatorSupport("VAR_HANDLE", [], "declares a resource variable"),
    OperatorSupport(
      "WHERE", [.float32, .int8, .uint8, .int32, .int64, .bool], "constant condition; uint32 too"),
    anyFixedSize("WHILE"),
    anyFixedSize("ZEROS_LIKE"),
    OperatorSupport(
      "CUSTOM:TFLite_Detection_PostProcess", [.float32, .int8, .uint8],
      "SSD box decoding and NMS; float32 outputs"),
  ]

  /// An operator that runs on every type of a fixed size (it moves bytes, or passes values
  /// on): the listed types, and a note that says so for the others (uint16, uint32, float64, …).
  private static func anyFixedSize(_ name: String, _ notes: String = "", hybrid: Bool = false)
    -> OperatorSupport
  {
    OperatorSupport(
      name, ElementType.fixedSize + (hybrid ? [.hybrid] : []),
      notes.isEmpty ? anyFixedSizeNote : "\(anyFixedSizeNote); \(notes)")
  }

  /// ADD, SUB, MUL, DIV, MAXIMUM, MINIMUM: float32, int32 and quantized 8- and 16-bit.
  private static let arithmetic: [ElementType] = [.float32, .int8, .uint8, .int16, .int32]
  /// The ordering comparisons (EQUAL and NOT_EQUAL add bool).
  private static let compared: [ElementType] = [
    .float32, .int8, .uint8, .int16, .int32, .int64,
  ]
  /// Activations and normalizations with 8-bit lookup tables or rescaling.
  private static let activation: [ElementType] = [.float32, .int8, .uint8]
  /// Pooling, resizing and most reductions: float32 and quantized 8- and 16-bit.
  private static let pooled: [ElementType] = [.float32, .int8, .uint8, .int16]
  /// CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, TRANSPOSE_CONV (int16: 16x8 with int8 weights).
  private static let convolution: [ElementType] = [.float32, .int8, .uint8, .int16, .hybrid]
}
