internal import OcellusKernels
import TFLiteModel

/// ABS, CEIL, COS, EXP, FLOOR, LOG, NEG, ROUND, RSQRT, SIN, SQRT, SQUARE, SIGN, ELU and GELU
/// on float32 tensors of any shape (``UnaryMath``), and ABS, NEG and SIGN on int32 (NEG also
/// int64),
/// wrapping as C++ does for the most negative value. ABS, LOG, SQRT and RSQRT on int8 and
/// int16 are built by the same factories as ``QuantizedUnaryMath`` lookup kernels.
struct UnaryMathKernel: Kernel {
  static let sourceFile = #filePath
  /// The kernels of the operators registered with `floatMath`.
  static let floatMath = [KernelVariant(UnaryMathKernel.self, [.float32])]
  /// The kernels of the operators registered with `floatOrLookup`.
  static let floatOrLookup = [
    KernelVariant(UnaryMathKernel.self, [.float32]),
    KernelVariant(QuantizedLookupKernel.self, [.int8, .int16]),
  ]

  private let function: UnaryMath
  private let type: TensorType
  private let count: Int
  /// The kernel build (EXP runs on its `floatFunction`).
  private let kernels: KernelSet

  /// The kernel of `function` for the node: float32, or one of `integers` where the integer
  /// form exists (ABS and NEG).
  static func make(
    _ node: inout NodeContext, _ function: UnaryMath, integers: [TensorType] = []
  ) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 1, outputs: 1)
    let input = try node.inputMatchingOutput()
    let quantized = QuantizedUnaryMath.functions.contains(function)
    if quantized && (input.type == .int8 || input.type == .int16) {
      return try QuantizedUnaryMath.kernel(&node, function)
    }
    guard input.type == .float32 || integers.contains(input.type) else {
      let accepted =
        ["float32"] + integers.map(\.description) + (quantized ? ["int8", "int16"] : [])
      throw node.unsupported(
        "\(input.type) is not supported (only \(accepted.joined(separator: ", ")))")
    }
    try node.setOutputShape(0, input.shape)
    return UnaryMathKernel(
      function: function, type: input.type, count: input.elementCount, kernels: node.kernels)
  }

  func run(_ io: KernelIO) {
    switch type {
    case .int32: runIntegers(io, Int32.self)
    case .int64: runIntegers(io, Int64.self)
    default: runFloats(io)
    }
  }

  /// One loop per function, so the choice is made once, not per element: EXP on the kernel
  /// build's vector exponential (within 1e-6 relative of `expf`; the reference build keeps
  /// `expf`), the simple arithmetic in loops of their own, the rest through ``UnaryMath``.
  private func runFloats(_ io: KernelIO) {
    switch function {
    case .exp where !kernels.isReference:
      let (input, output) = (io.input(0, as: Float.self), io.output(0, as: Float.self))
      let run = kernels.entry.floatFunction
      io.pool.parallelFor(count, minimumChunk: 16_384) { range in
        run((.exp, input + range.lowerBound, output + range.lowerBound, range.count))
      }
    case .abs: map(io, FloatAbsolute.self)
    case .negate: map(io, FloatNegate.self)
    case .square: map(io, FloatSquare.self)
    case .squareRoot: map(io, FloatSquareRoot.self)
    case .reciprocalSquareRoot: map(io, FloatReciprocalSquareRoot.self)
    default:
      let input = io.input(0, as: Float.self)
      let output = io.output(0, as: Float.self)
      let function = self.function
      io.pool.parallelFor(count, minimumChunk: 8_192) { range in
        for index in range { output[index] = function(input[index]) }
      }
    }
  }

  /// `Function` over every element, in a loop of its own per chunk.
  @inline(__always)
  private func map<Function: FloatUnaryArithmetic>(_ io: KernelIO, _: Function.Type) {
    let (input, output) = (io.input(0, as: Float.self), io.output(0, as: Float.self))
    io.pool.parallelFor(count, minimumChunk: 8_192) { range in
      for index in range { output[index] = Function.apply(input[index]) }
    }
  }

  /// ABS, NEG or SIGN on integers, wrapping (`|Int.min|` and `−Int.min` stay `Int.min`).
  private func runIntegers<T: FixedWidthInteger & SignedInteger>(_ io: KernelIO, _: T.Type) {
    let input = io.input(0, as: T.self)
    let output = io.output(0, as: T.self)
    let negate = function == .negate
    if function == .sign {
      for index in 0..<count { output[index] = T(input[index].signum()) }
      return
    }
    for index in 0..<count {
      let value = input[index]
      output[index] = negate || value < 0 ? 0 &- value : value
    }
  }
}
