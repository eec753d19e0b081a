import TFLiteModel

/// Every operator the interpreter runs, in one table (as LiteRT's `register.cc` or a
/// tflite-micro resolver): per operator, the kernel types its factory returns, each with the
/// element types it runs, and the factory (the kernel family's `make`, in the first kernel's
/// file). One section per folder of `Kernels/`.
///
/// ``KernelRegistry`` merges the sections (an operator listed twice fails every load); the
/// catalog (`OperatorSupport.all`, `ocellus ops`, Docs/OPERATORS.md) is read off them.
enum KernelCatalog {
  /// This file (`#filePath`), which ``OperatorSupport/catalogFile`` names.
  static let sourceFile = #filePath

  /// The sections, in folder order.
  static let sections: [[KernelRegistration]] = [
    activations, comparison, controlFlow, conversion, convolution, detection, elementwise, lookup,
    matMul, normalization, pooling, recurrent, reduction, resize, selection, shape, variables,
  ]

  /// `Kernels/Activations/`: LOGISTIC, TANH, the RELUs, HARD_SWISH, LEAKY_RELU, PRELU, SOFTMAX.
  private static let activations: [KernelRegistration] = [
    KernelRegistration(.logistic, ActivationKernel.floatOrLookup) {
      try ActivationKernel.make(&$0) { _ in .logistic }
    },
    KernelRegistration(.tanh, ActivationKernel.floatOr8BitLookup) {
      try ActivationKernel.make(&$0) { _ in .tanh }
    },
    KernelRegistration(.relu, ActivationKernel.floatOrLookup) {
      try ActivationKernel.make(&$0) { _ in .relu }
    },
    KernelRegistration(.relu6, ActivationKernel.floatOr8BitLookup) {
      try ActivationKernel.make(&$0) { _ in .relu6 }
    },
    KernelRegistration(.reluN1To1, ActivationKernel.floatOr8BitLookup) {
      try ActivationKernel.make(&$0) { _ in .reluN1To1 }
    },
    KernelRegistration(.relu0To1, ActivationKernel.floatOr8BitLookup) {
      try ActivationKernel.make(&$0) { _ in .relu0To1 }
    },
    KernelRegistration(.hardSwish, ActivationKernel.floatOr8BitLookup) {
      try ActivationKernel.make(&$0) { _ in .hardSwish }
    },
    KernelRegistration(.leakyRelu, ActivationKernel.floatOr8BitLookup) {
      try ActivationKernel.make(&$0) { options in
        .leakyRelu(alpha: options.decoded(as: LeakyReluOptions.self)?.alpha ?? 0)
      }
    },
    KernelRegistration(
      .prelu,
      [
        KernelVariant(PReluKernel.self, [.float32]),
        KernelVariant(QuantizedPReluKernel.self, [.int8, .uint8]),
      ]
    ) { try PReluKernel.make(&$0) },
    KernelRegistration(
      .softmax, notes: "8-bit input to int16 output too",
      [
        KernelVariant(SoftmaxKernel.self, [.float32]),
        KernelVariant(QuantizedSoftmaxKernel.self, [.int8, .uint8]),
        KernelVariant(Int16SoftmaxKernel.self, [.int16]),
      ]
    ) { try SoftmaxKernel.make(&$0) },
  ]

  /// `Kernels/Comparison/`: EQUAL … GREATER_EQUAL and the logical operators.
  private static let comparison: [KernelRegistration] = [
    KernelRegistration(.equal, ComparisonKernel.equatable) {
      try ComparisonKernel.make(&$0, .equal)
    },
    KernelRegistration(.notEqual, ComparisonKernel.equatable) {
      try ComparisonKernel.make(&$0, .notEqual)
    },
    KernelRegistration(.less, ComparisonKernel.ordered) { try ComparisonKernel.make(&$0, .less) },
    KernelRegistration(.lessEqual, ComparisonKernel.ordered) {
      try ComparisonKernel.make(&$0, .lessEqual)
    },
    KernelRegistration(.greater, ComparisonKernel.ordered) {
      try ComparisonKernel.make(&$0, .greater)
    },
    KernelRegistration(.greaterEqual, ComparisonKernel.ordered) {
      try ComparisonKernel.make(&$0, .greaterEqual)
    },
    KernelRegistration(.logicalAnd, LogicalKernel.booleans) { try LogicalKernel.make(&$0, .and) },
    KernelRegistration(.logicalOr, LogicalKernel.booleans) { try LogicalKernel.make(&$0, .or) },
    KernelRegistration(.logicalNot, LogicalKernel.booleans) { try LogicalKernel.make(&$0, .not) },
  ]

  /// `Kernels/ControlFlow/`: IF, WHILE, CALL_ONCE (subgraphs).
  private static let controlFlow: [KernelRegistration] = [
    KernelRegistration(
      .callOnce, CallOnceKernel.self, [], data: .none, notes: "runs the init subgraph once"
    ) { try CallOnceKernel.make(&$0) },
    .anyFixedSize(.if, IfKernel.self, data: .input(1), notes: "bool condition") {
      try IfKernel.make(&$0)
    },
    .anyFixedSize(.while, WhileKernel.self) { try WhileKernel.make(&$0) },
  ]

  /// `Kernels/Conversion/`: ARG_MAX/ARG_MIN, CAST, DENSIFY, DEQUANTIZE, QUANTIZE.
  private static let conversion: [KernelRegistration] = [
    KernelRegistration(
      .argMax, notes: "constant axis; int32 or int64 indices", ArgMinMaxKernel.indexed
    ) {
      try ArgMinMaxKernel.make(&$0, maximum: true)
    },
    KernelRegistration(
      .argMin, notes: "constant axis; int32 or int64 indices", ArgMinMaxKernel.indexed
    ) {
      try ArgMinMaxKernel.make(&$0, maximum: false)
    },
    KernelRegistration(
      .cast, CastKernel.self, [.float32, .int8, .uint8, .int32, .int64, .bool],
      notes: "to any of these types"
    ) { try CastKernel.make(&$0) },
    .anyFixedSize(.densify, DensifyKernel.self, notes: "sparse constant to dense") {
      try DensifyKernel.make(&$0)
    },
    KernelRegistration(
      .dequantize, DequantizeKernel.self, [.float16, .int8, .uint8, .int16],
      notes: "to float32; 8-bit per-channel too"
    ) { try DequantizeKernel.make(&$0) },
    KernelRegistration(
      .quantize, notes: "float32 to int8/uint8/int16; requantizes integers",
      [
        KernelVariant(QuantizeKernel.self, [.float32, .int8, .uint8, .int16, .int32]),
        KernelVariant(QuantizedLookupKernel.self, [.int8, .uint8]),
      ]
    ) { try QuantizeKernel.make(&$0) },
  ]

  /// `Kernels/Convolution/`: CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, TRANSPOSE_CONV (GEMM-based).
  private static let convolution: [KernelRegistration] = [
    KernelRegistration(
      .conv2d,
      notes:
        "per-channel int8 weights; int16 with int8 weights (16x8); grouped (filter channels dividing the input's)",
      [
        KernelVariant(ConvolutionKernel.self, [.float32]),
        KernelVariant(QuantizedConvolutionKernel.self, [.int8, .uint8]),
        KernelVariant(Int16x8ConvolutionKernel.self, [.int16]),
        KernelVariant(HybridConvolutionKernel.self, [.hybrid]),
        KernelVariant(ChannelGroupKernel.self, [.float32, .int8, .uint8, .int16]),
        KernelVariant(SubstitutedFilterKernel.self, [.float32, .int8, .uint8]),
      ]
    ) { try ConvolutionKernel.make(&$0) },
    KernelRegistration(
      .depthwiseConv2d, notes: "per-channel int8 weights; int16 with int8 weights (16x8)",
      [
        KernelVariant(DepthwiseConvolutionKernel.self, [.float32]),
        KernelVariant(QuantizedDepthwiseConvolutionKernel.self, [.int8, .uint8]),
        KernelVariant(Int16x8ConvolutionKernel.self, [.int16]),
        KernelVariant(HybridConvolutionKernel.self, [.hybrid]),
      ]
    ) { try DepthwiseConvolutionKernel.make(&$0) },
    KernelRegistration(
      .fullyConnected,
      notes: "per-channel int8 weights; int16 with int8 weights (16x8); default weights format",
      [
        KernelVariant(FullyConnectedKernel.self, [.float32]),
        KernelVariant(QuantizedFullyConnectedKernel.self, [.int8, .uint8]),
        KernelVariant(Int16x8ConvolutionKernel.self, [.int16]),
        KernelVariant(HybridFullyConnectedKernel.self, [.hybrid]),
      ]
    ) { try FullyConnectedKernel.make(&$0) },
    KernelRegistration(
      .transposeConv, data: .input(2), notes: "int16 with int8 weights (16x8)",
      [
        KernelVariant(TransposeConvolutionKernel.self, [.float32, .hybrid]),
        KernelVariant(QuantizedTransposeConvolutionKernel.self, [.int8, .uint8, .int16]),
      ]
    ) { try TransposeConvolutionKernel.make(&$0) },
  ]

  /// `Kernels/Detection/`: NON_MAX_SUPPRESSION_V4/V5 and the SSD post-process custom operator.
  private static let detection: [KernelRegistration] = [
    KernelRegistration(
      custom: DetectionPostProcessOptions.customCode,
      notes: "SSD box decoding and NMS; float32 outputs",
      [KernelVariant(DetectionPostProcessKernel.self, [.float32, .int8, .uint8])],
      factory: { try DetectionPostProcessKernel.make(&$0) }),
    KernelRegistration(
      .nonMaxSuppressionV4, notes: "constant max_output_size", NonMaxSuppressionKernel.floats
    ) {
      try NonMaxSuppressionKernel.make(&$0, soft: false)
    },
    KernelRegistration(
      .nonMaxSuppressionV5, notes: "constant max_output_size; soft-NMS sigma",
      NonMaxSuppressionKernel.floats
    ) { try NonMaxSuppressionKernel.make(&$0, soft: true) },
  ]

  /// `Kernels/Elementwise/`: binary and unary arithmetic, POW, ADD_N.
  private static let elementwise: [KernelRegistration] = [
    KernelRegistration(.addN, AddNKernel.self, [.float32, .int32]) {
      try AddNKernel.make(&$0)
    },
    KernelRegistration(
      .add, notes: "int16 quantized (power-of-two scales too) or plain",
      [
        KernelVariant(BinaryKernel.self, [.float32, .int16, .int32, .int64]),
        KernelVariant(QuantizedBinaryKernel.self, [.int8, .uint8, .int16]),
        KernelVariant(Int16PowerOfTwoAddSubKernel.self, [.int16]),
        KernelVariant(QuantizedLookupKernel.self, [.int8, .uint8]),
      ]
    ) { try BinaryKernel.make(&$0, .add) },
    KernelRegistration(
      .sub, notes: "8-bit and int16 quantized",
      [
        KernelVariant(BinaryKernel.self, [.float32, .int32, .int64]),
        KernelVariant(QuantizedBinaryKernel.self, [.int8, .uint8, .int16]),
        KernelVariant(Int16PowerOfTwoAddSubKernel.self, [.int16]),
        KernelVariant(QuantizedLookupKernel.self, [.int8, .uint8]),
      ]
    ) { try BinaryKernel.make(&$0, .subtract) },
    KernelRegistration(
      .mul, notes: "int16 quantized or plain",
      [
        KernelVariant(BinaryKernel.self, [.float32, .int16, .int32, .int64]),
        KernelVariant(QuantizedBinaryKernel.self, [.int8, .uint8, .int16]),
        KernelVariant(QuantizedLookupKernel.self, [.int8, .uint8]),
      ]
    ) { try BinaryKernel.make(&$0, .multiply) },
    KernelRegistration(
      .div, notes: "8-bit and int16 quantized",
      [
        KernelVariant(BinaryKernel.self, [.float32, .int32]),
        KernelVariant(QuantizedBinaryKernel.self, [.int8, .uint8, .int16]),
        KernelVariant(QuantizedLookupKernel.self, [.int8, .uint8]),
      ]
    ) { try BinaryKernel.make(&$0, .divide) },
    KernelRegistration(.maximum, BinaryKernel.extrema) { try BinaryKernel.make(&$0, .maximum) },
    KernelRegistration(.minimum, BinaryKernel.extrema) { try BinaryKernel.make(&$0, .minimum) },
    KernelRegistration(.floorMod, BinaryKernel.self, [.float32, .int8, .int16, .int32, .int64]) {
      try BinaryKernel.make(&$0, .floorMod)
    },
    KernelRegistration(.floorDiv, BinaryKernel.self, [.float32, .int8, .int16, .int32]) {
      try BinaryKernel.make(&$0, .floorDivide)
    },
    KernelRegistration(
      .squaredDifference, notes: "int8 quantized",
      [
        KernelVariant(BinaryKernel.self, [.float32, .int32]),
        KernelVariant(QuantizedBinaryKernel.self, [.int8]),
        KernelVariant(QuantizedLookupKernel.self, [.int8]),
      ]
    ) { try BinaryKernel.make(&$0, .squaredDifference) },
    KernelRegistration(.atan2, BinaryKernel.self, [.float32]) {
      try BinaryKernel.make(&$0, .arcTangent)
    },
    KernelRegistration(.pow, PowerKernel.self, [.float32, .int32]) {
      try PowerKernel.make(&$0)
    },
    KernelRegistration(
      .abs, notes: "int8/int16 quantized; int16 plain too",
      [
        KernelVariant(UnaryMathKernel.self, [.float32, .int32]),
        KernelVariant(QuantizedLookupKernel.self, [.int8, .int16]),
      ]
    ) { try UnaryMathKernel.make(&$0, .abs, integers: [.int32]) },
    KernelRegistration(.ceil, UnaryMathKernel.floatMath) { try UnaryMathKernel.make(&$0, .ceil) },
    KernelRegistration(.cos, UnaryMathKernel.floatMath) { try UnaryMathKernel.make(&$0, .cos) },
    KernelRegistration(.exp, UnaryMathKernel.floatMath) { try UnaryMathKernel.make(&$0, .exp) },
    KernelRegistration(.floor, UnaryMathKernel.floatMath) { try UnaryMathKernel.make(&$0, .floor) },
    KernelRegistration(.log, notes: "int8/int16 quantized", UnaryMathKernel.floatOrLookup) {
      try UnaryMathKernel.make(&$0, .log)
    },
    KernelRegistration(.neg, UnaryMathKernel.self, [.float32, .int32, .int64]) {
      try UnaryMathKernel.make(&$0, .negate, integers: [.int32, .int64])
    },
    KernelRegistration(.round, UnaryMathKernel.floatMath) { try UnaryMathKernel.make(&$0, .round) },
    KernelRegistration(.rsqrt, notes: "int8/int16 quantized", UnaryMathKernel.floatOrLookup) {
      try UnaryMathKernel.make(&$0, .reciprocalSquareRoot)
    },
    KernelRegistration(.sin, UnaryMathKernel.floatMath) { try UnaryMathKernel.make(&$0, .sin) },
    KernelRegistration(.sqrt, notes: "int8/int16 quantized", UnaryMathKernel.floatOrLookup) {
      try UnaryMathKernel.make(&$0, .squareRoot)
    },
    KernelRegistration(.square, UnaryMathKernel.floatMath) {
      try UnaryMathKernel.make(&$0, .square)
    },
    KernelRegistration(.sign, UnaryMathKernel.self, [.float32, .int32]) {
      try UnaryMathKernel.make(&$0, .sign, integers: [.int32])
    },
    KernelRegistration(.elu, UnaryMathKernel.floatMath) { try UnaryMathKernel.make(&$0, .elu) },
    KernelRegistration(.gelu, UnaryMathKernel.floatMath) { node in
      let approximate = node.options.decoded(as: GeluOptions.self)?.approximate ?? false
      return try UnaryMathKernel.make(&node, .gelu(approximate: approximate))
    },
  ]

  /// `Kernels/Lookup/`: EMBEDDING_LOOKUP.
  private static let lookup: [KernelRegistration] = [
    KernelRegistration(
      .embeddingLookup, data: .input(1),
      notes: "any fixed-size type; int32 ids; int8/uint8 tables to float32",
      [
        KernelVariant(
          EmbeddingLookupKernel.self,
          [.float32, .float16, .int8, .uint8, .int16, .int32, .int64, .bool, .hybrid])
      ]
    ) { try EmbeddingLookupKernel.make(&$0) }
  ]

  /// `Kernels/MatMul/`: BATCH_MATMUL.
  private static let matMul: [KernelRegistration] = [
    KernelRegistration(
      .batchMatmul, notes: "int16 × int8 (16x8) too",
      [
        KernelVariant(BatchMatMulKernel.self, [.float32]),
        KernelVariant(QuantizedBatchMatMulKernel.self, [.int8, .int16]),
        KernelVariant(HybridBatchMatMulKernel.self, [.hybrid]),
      ]
    ) { try BatchMatMulKernel.make(&$0) }
  ]

  /// `Kernels/Normalization/`: L2_NORMALIZATION, LOCAL_RESPONSE_NORMALIZATION, LOG_SOFTMAX.
  private static let normalization: [KernelRegistration] = [
    KernelRegistration(.l2Normalization, L2NormalizationKernel.self, [.float32, .int8, .uint8]) {
      try L2NormalizationKernel.make(&$0)
    },
    KernelRegistration(
      .localResponseNormalization, LocalResponseNormalizationKernel.self, [.float32],
      factory: LocalResponseNormalizationKernel.make),
    KernelRegistration(
      .logSoftmax,
      [
        KernelVariant(LogSoftmaxKernel.self, [.float32]),
        KernelVariant(QuantizedLogSoftmaxKernel.self, [.int8, .uint8]),
      ]
    ) { try LogSoftmaxKernel.make(&$0) },
  ]

  /// `Kernels/Pooling/`: AVERAGE_POOL_2D, MAX_POOL_2D, L2_POOL_2D.
  private static let pooling: [KernelRegistration] = [
    KernelRegistration(.averagePool2d, PoolKernel.floatOrQuantized) {
      try PoolKernel.make(&$0, .average)
    },
    KernelRegistration(.maxPool2d, PoolKernel.floatOrQuantized) {
      try PoolKernel.make(&$0, .maximum)
    },
    KernelRegistration(.l2Pool2d, PoolKernel.self, [.float32]) {
      try PoolKernel.make(&$0, .l2)
    },
  ]

  /// `Kernels/Recurrent/`: UNIDIRECTIONAL_SEQUENCE_LSTM, SVDF.
  private static let recurrent: [KernelRegistration] = [
    KernelRegistration(
      .svdf, notes: "int8 with int16 state and weights_time; state in a variable tensor",
      [
        KernelVariant(SVDFKernel.self, [.float32, .hybrid]),
        KernelVariant(QuantizedSVDFKernel.self, [.int8]),
      ], factory: SVDFKernel.make),
    KernelRegistration(
      .unidirectionalSequenceLstm, notes: "no peephole, projection, layer norm or CIFG",
      [
        KernelVariant(SequenceLSTMKernel.self, [.float32, .hybrid]),
        KernelVariant(QuantizedSequenceLSTMKernel.self, [.int8]),
      ], factory: SequenceLSTMKernel.make),
  ]

  /// `Kernels/Reduction/`: MEAN, SUM, REDUCE_*, CUMSUM.
  private static let reduction: [KernelRegistration] = [
    KernelRegistration(
      .cumsum, CumulativeSumKernel.self, [.float32, .int32, .int64], notes: "constant axis",
      factory: CumulativeSumKernel.make),
    KernelRegistration(.reduceAny, notes: "constant axes", FoldingReduceKernel.booleans) {
      try FoldingReduceKernel.makeLogical(&$0, .any)
    },
    KernelRegistration(.reduceAll, notes: "constant axes", FoldingReduceKernel.booleans) {
      try FoldingReduceKernel.makeLogical(&$0, .all)
    },
    KernelRegistration(.mean, notes: "constant axes", ReduceKernel.floatOrQuantized) {
      try ReduceKernel.make(&$0, .mean)
    },
    KernelRegistration(.sum, notes: "constant axes", ReduceKernel.floatOrQuantized) {
      try ReduceKernel.make(&$0, .sum)
    },
    KernelRegistration(.reduceMax, notes: "constant axes", ReduceKernel.floatOrQuantized) {
      try ReduceKernel.make(&$0, .maximum)
    },
    KernelRegistration(.reduceMin, notes: "constant axes", ReduceKernel.floatOrQuantized) {
      try ReduceKernel.make(&$0, .minimum)
    },
    KernelRegistration(
      .reduceProd, notes: "constant axes",
      [
        KernelVariant(ReduceKernel.self, [.float32]),
        KernelVariant(FoldingReduceKernel.self, [.int8, .int16, .int32, .int64]),
      ]
    ) { try ReduceKernel.make(&$0, .product) },
  ]

  /// `Kernels/Resize/`: RESIZE_BILINEAR, RESIZE_NEAREST_NEIGHBOR.
  private static let resize: [KernelRegistration] = [
    KernelRegistration(
      .resizeBilinear, notes: "constant size",
      [
        KernelVariant(ResizeBilinearKernel.self, [.float32]),
        KernelVariant(QuantizedResizeBilinearKernel.self, [.int8, .uint8, .int16]),
      ]
    ) { try ResizeBilinearKernel.make(&$0) },
    KernelRegistration(
      .resizeNearestNeighbor, ResizeNearestNeighborKernel.self, [.float32, .int8, .uint8, .int16],
      notes: "constant size", factory: ResizeNearestNeighborKernel.make),
  ]

  /// `Kernels/Selection/`: SELECT, TOPK_V2, WHERE, ONE_HOT.
  private static let selection: [KernelRegistration] = [
    .anyFixedSize(
      .oneHot, OneHotKernel.self, data: .input(2),
      notes: "int32 or int64 indices; constant depth", factory: OneHotKernel.make),
    .anyFixedSize(.select, SelectKernel.self, data: .input(1), notes: "bool condition") {
      try SelectKernel.make(&$0, broadcasting: false)
    },
    .anyFixedSize(.selectV2, SelectKernel.self, data: .input(1), notes: "bool condition, broadcast")
    { try SelectKernel.make(&$0, broadcasting: true) },
    KernelRegistration(
      .topkV2, TopKKernel.self, [.float32, .int8, .uint8, .int16, .int32, .int64],
      notes: "constant k", factory: TopKKernel.make),
    KernelRegistration(
      .where, WhereKernel.self, [.float32, .int8, .uint8, .int32, .int64, .bool],
      notes: "constant condition; uint32 too", factory: WhereKernel.make),
  ]

  /// `Kernels/Shape/`: shape and data movement: CONCATENATION, PACK, RESHAPE, SQUEEZE, EXPAND_DIMS, PAD, PADV2, SLICE, STRIDED_SLICE, TRANSPOSE, DEPTH_TO_SPACE, SPACE_TO_DEPTH, SPLIT, SPLIT_V, UNPACK, SHAPE, RANK, GATHER, GATHER_ND, SPACE_TO_BATCH_ND, BATCH_TO_SPACE_ND, TILE, BROADCAST_TO, REVERSE_V2, MIRROR_PAD, BROADCAST_ARGS, DYNAMIC_UPDATE_SLICE, FILL, ZEROS_LIKE, RANGE.
  private static let shape: [KernelRegistration] = [
    KernelRegistration(
      .broadcastArgs, BroadcastArgsKernel.self, [.int32, .int64], factory: BroadcastArgsKernel.make),
    .anyFixedSize(
      .concatenation, ConcatenationKernel.self, notes: "8-bit inputs requantized to the output"
    ) { try ConcatenationKernel.makeConcatenation(&$0) },
    .anyFixedSize(.pack, ConcatenationKernel.self) { try ConcatenationKernel.makePack(&$0) },
    .anyFixedSize(
      .dynamicUpdateSlice, DynamicUpdateSliceKernel.self, notes: "int32 or int64 start indices",
      factory: DynamicUpdateSliceKernel.make),
    .anyFixedSize(
      .fill, FillKernel.self, data: .input(1), notes: "the value's type; constant shape"
    ) { try FillKernel.makeFill(&$0) },
    .anyFixedSize(.zerosLike, FillKernel.self) { try FillKernel.makeZerosLike(&$0) },
    .anyFixedSize(
      .gather, GatherKernel.self, notes: "int16, int32 or int64 indices", factory: GatherKernel.make
    ),
    .anyFixedSize(
      .gatherNd, GatherNdKernel.self, notes: "int16, int32 or int64 indices",
      factory: GatherNdKernel.make),
    .anyFixedSize(
      .mirrorPad, MirrorPadKernel.self, notes: "constant paddings", factory: MirrorPadKernel.make),
    .anyFixedSize(.pad, PadKernel.self, notes: "constant paddings") { try PadKernel.make(&$0) },
    .anyFixedSize(.padv2, PadKernel.self, notes: "constant paddings") { try PadKernel.make(&$0) },
    KernelRegistration(
      .range, RangeKernel.self, [.float32, .int32, .int64], factory: RangeKernel.make),
    .anyFixedSize(.reshape, ReshapeKernel.self) { try ReshapeKernel.makeReshape(&$0) },
    .anyFixedSize(.squeeze, ReshapeKernel.self) { try ReshapeKernel.makeSqueeze(&$0) },
    .anyFixedSize(.expandDims, ReshapeKernel.self, notes: "constant axis") {
      try ReshapeKernel.makeExpandDims(&$0)
    },
    .anyFixedSize(
      .shape, ShapeKernel.self, notes: "int32 or int64 output", factory: ShapeKernel.make),
    .anyFixedSize(.rank, ShapeKernel.self, notes: "int32 output", factory: ShapeKernel.makeRank),
    .anyFixedSize(.spaceToBatchNd, SpaceBatchKernel.self) {
      try SpaceBatchKernel.make(&$0, toBatch: true)
    },
    .anyFixedSize(.batchToSpaceNd, SpaceBatchKernel.self) {
      try SpaceBatchKernel.make(&$0, toBatch: false)
    },
    .anyFixedSize(.split, SplitKernel.self, data: .input(1), notes: "constant axis") {
      try SplitKernel.makeSplit(&$0)
    },
    .anyFixedSize(.splitV, SplitKernel.self, notes: "constant axis and sizes") {
      try SplitKernel.makeSplitV(&$0)
    },
    .anyFixedSize(.unpack, SplitKernel.self) { try SplitKernel.makeUnpack(&$0) },
    .anyFixedSize(.slice, ViewKernel.self) { try ViewKernel.makeSlice(&$0) },
    .anyFixedSize(.stridedSlice, ViewKernel.self) { try ViewKernel.makeStridedSlice(&$0) },
    .anyFixedSize(.transpose, ViewKernel.self) { try ViewKernel.makeTranspose(&$0) },
    .anyFixedSize(.depthToSpace, ViewKernel.self) { try ViewKernel.makeDepthToSpace(&$0) },
    .anyFixedSize(.spaceToDepth, ViewKernel.self) { try ViewKernel.makeSpaceToDepth(&$0) },
    .anyFixedSize(.tile, ViewKernel.self) { try ViewKernel.makeTile(&$0) },
    .anyFixedSize(.broadcastTo, ViewKernel.self) { try ViewKernel.makeBroadcastTo(&$0) },
    .anyFixedSize(.reverseV2, ViewKernel.self) { try ViewKernel.makeReverse(&$0) },
  ]

  /// `Kernels/Variables/`: VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE.
  private static let variables: [KernelRegistration] = [
    .anyFixedSize(
      .assignVariable, VariableKernel.self, data: .input(1),
      notes: "the value's type; static shape"
    ) { try VariableKernel.make(&$0, .assign) },
    .anyFixedSize(
      .readVariable, VariableKernel.self, data: .output(0),
      notes: "the variable's type; static shape"
    ) { try VariableKernel.make(&$0, .read) },
    KernelRegistration(
      .varHandle, VarHandleKernel.self, [], data: .none, notes: "declares a resource variable"
    ) { try VarHandleKernel.make(&$0) },
  ]
}
