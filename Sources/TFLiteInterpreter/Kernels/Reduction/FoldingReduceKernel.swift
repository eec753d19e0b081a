import TFLiteModel

/// The reductions that fold one element at a time, as TFLite's reference `ReduceGeneric`
/// does: REDUCE_PROD of int32 and int64 (wrapping), REDUCE_ANY and REDUCE_ALL of bool, and
/// REDUCE_PROD of quantized int8 and int16 (axes and `keep_dims` as ``ReduceKernel``).
///
/// Each output folds its inputs in row-major order (``ReducePlan/forEachInput(of:_:)``), so
/// results never depend on the thread count. A quantized product is rescaled at every step,
/// as TFLite's `QuantizedReduceProd`: the first value is `q − zeroPoint`, each next one
/// `MultiplyByQuantizedMultiplier(int64(acc) · (q − zeroPoint))` with the multiplier of
/// `inputScale / outputScale^(1/n)` (`n` = input elements / output elements), the result
/// rescaled once more, offset by the output zero point and clamped. With no element to fold,
/// outputs are 1 (products), false (ANY), true (ALL), or 0 (quantized products, which
/// TFLite leaves unwritten).
struct FoldingReduceKernel: Kernel {
  static let sourceFile = #filePath
  /// The kernels of the operators registered with `booleans`.
  static let booleans = [KernelVariant(FoldingReduceKernel.self, [.bool])]

  /// How elements are folded.
  enum Fold {
    /// Wrapping product of int32 or int64 values.
    case product
    /// Any nonzero byte (bool).
    case any
    /// Every byte nonzero (bool).
    case all
    /// TFLite's rescaled product of quantized int8/int16 values.
    case quantizedProduct(QuantizedArithmetic.Multiplier, inputZero: Int32, outputZero: Int32)
  }

  private let fold: Fold
  private let type: TensorType
  private let inputCount, outputCount: Int
  private let plan: ReducePlan

  /// REDUCE_ANY or REDUCE_ALL of a bool tensor.
  static func makeLogical(_ node: inout NodeContext, _ fold: Fold)
    throws(InterpreterError) -> any Kernel
  {
    try node.expect(inputs: 2, outputs: 1)
    let input = try node.inputMatchingOutput()
    guard input.type == .bool else {
      throw node.unsupported("\(input.type) is not supported (bool is)")
    }
    let axes = try ReduceKernel.resolveAxes(&node, input: input)
    return try make(&node, fold, input: input, axes: axes)
  }

  /// The kernel folding `input` over `axes` (resolved by ``ReduceKernel/resolveAxes(_:input:)``).
  static func make(
    _ node: inout NodeContext, _ fold: Fold, input: TensorDescription, axes: ReduceKernel.Axes
  ) throws(InterpreterError) -> any Kernel {
    FoldingReduceKernel(
      fold: fold, type: input.type, inputCount: input.elementCount,
      outputCount: axes.outputCount,
      plan: ReducePlan(input: input.shape, inputCount: input.elementCount, reducing: axes.reduced))
  }

  /// REDUCE_PROD of a quantized int8 or int16 tensor (int16 with zero points of 0, as TFLite
  /// requires), for ``QuantizedReduceKernel``'s factory.
  static func quantizedProduct(
    _ node: inout NodeContext, input: TensorDescription, axes: Set<Int>, outputCount: Int
  ) throws(InterpreterError) -> any Kernel {
    guard input.type == .int8 || input.type == .int16 else {
      throw node.unsupported("a quantized REDUCE_PROD must be int8 or int16, not \(input.type)")
    }
    let inputParameters = try PerTensorQuantization(input, "the input", node)
    let outputParameters = try PerTensorQuantization(node.outputs[0], "the output", node)
    try outputParameters.requireScale("the output", node)
    if input.type == .int16 && (inputParameters.zeroPoint != 0 || outputParameters.zeroPoint != 0) {
      throw node.unsupported("int16 zero points must be 0")
    }
    var multiplier = QuantizedArithmetic.Multiplier(multiplier: 0, shift: 0)
    if input.elementCount > 0 && outputCount > 0 {
      let steps = Double(input.elementCount / outputCount)
      multiplier = QuantizedArithmetic.Multiplier(
        Double(inputParameters.scale) / CMath.pow(Double(outputParameters.scale), 1 / steps))
    }
    let fold = Fold.quantizedProduct(
      multiplier, inputZero: inputParameters.zeroPoint, outputZero: outputParameters.zeroPoint)
    return FoldingReduceKernel(
      fold: fold, type: input.type, inputCount: input.elementCount, outputCount: outputCount,
      plan: ReducePlan(input: input.shape, inputCount: input.elementCount, reducing: axes))
  }

  func run(_ io: KernelIO) {
    switch (fold, type) {
    case (.product, .int32): run(io, Int32.self, first: { $0 }) { $0 &* $1 }
    case (.product, _): run(io, Int64.self, first: { $0 }) { $0 &* $1 }
    case (.any, _): run(io, UInt8.self, first: { $0 != 0 ? 1 : 0 }) { $0 | ($1 != 0 ? 1 : 0) }
    case (.all, _): run(io, UInt8.self, first: { $0 != 0 ? 1 : 0 }) { $0 & ($1 != 0 ? 1 : 0) }
    case (.quantizedProduct(let multiplier, let zero, let outputZero), let type):
      if type == .int8 {
        runQuantized(io, Int8.self, multiplier, zero, outputZero)
      } else {
        runQuantized(io, Int16.self, multiplier, zero, outputZero)
      }
    }
  }

  /// The value of an output with nothing to fold.
  private var empty: UInt8 {
    switch fold {
    case .any, .quantizedProduct: return 0
    case .product, .all: return 1
    }
  }

  /// Folds each output's inputs: `first` on the first, `next(accumulator, value)` on the rest.
  @inline(__always)
  private func run<T: FixedWidthInteger>(
    _ io: KernelIO, _: T.Type, first: @escaping (T) -> T, _ next: @escaping (T, T) -> T
  ) {
    let output = io.output(0, as: T.self)
    guard inputCount > 0, plan.reducedCount > 0 else {
      output.update(repeating: T(empty), count: outputCount)
      return
    }
    let input = io.input(0, as: T.self)
    let plan = self.plan
    io.pool.parallelFor(outputCount, minimumChunk: max(1, 16_384 / plan.reducedCount)) { range in
      for index in range {
        var accumulator: T? = nil
        plan.forEachInput(of: index) { offset in
          accumulator = accumulator.map { next($0, input[offset]) } ?? first(input[offset])
        }
        output[index] = accumulator ?? T(empty)
      }
    }
  }

  /// TFLite's `QuantizedReduceProd` for int8 or int16 storage.
  private func runQuantized<T: FixedWidthInteger>(
    _ io: KernelIO, _: T.Type, _ multiplier: QuantizedArithmetic.Multiplier, _ zero: Int32,
    _ outputZero: Int32
  ) {
    let output = io.output(0, as: T.self)
    guard inputCount > 0, plan.reducedCount > 0 else {
      output.update(repeating: 0, count: outputCount)
      return
    }
    let input = io.input(0, as: T.self)
    let plan = self.plan
    let (lowest, highest) = (Int32(T.min), Int32(T.max))
    io.pool.parallelFor(outputCount, minimumChunk: max(1, 4096 / plan.reducedCount)) { range in
      for index in range {
        var product: Int32? = nil
        plan.forEachInput(of: index) { offset in
          let value = Int32(input[offset]) &- zero
          product = product.map { multiplier.apply(wide: Int64($0) &* Int64(value)) } ?? value
        }
        let scaled = multiplier.apply(wide: Int64(product ?? 0)) &+ outputZero
        output[index] = T(truncatingIfNeeded: min(max(scaled, lowest), highest))
      }
    }
  }
}
