import TFLiteModel

/// CAST between float32, int32, int64, uint8, int8 and bool, elementwise, never trapping.
///
/// The types come from the tensors (TFLite ignores CastOptions too). Conversions follow TFLite's
/// kernel on x86-64:
/// - integer → integer wraps (two's complement truncation); integer → float rounds to nearest;
///   anything → bool is `value != 0` (NaN is true); bool → number is 0 or 1.
/// - float → int32 truncates toward zero and saturates; NaN gives `Int32.max`.
/// - float → uint8 clamps to [0, 255], then truncates; NaN gives 0.
/// - float → int8 truncates toward zero to 32 bits, then wraps to 8 bits; NaN and values
///   outside the int32 range give 0 (what the unchecked C++ cast does there).
/// - float → int64 truncates toward zero; NaN and values outside the int64 range give `Int64.min`.
struct CastKernel: Kernel {
  static let sourceFile = #filePath

  private static let supported: Set<TensorType> = [.float32, .int32, .int64, .uint8, .int8, .bool]

  private let source, target: TensorType
  private let count: Int

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 1, outputs: 1)
    let input = try node.input(0)
    let output = node.outputs[0]
    guard supported.contains(input.type), supported.contains(output.type) else {
      throw node.unsupported(
        "cast from \(input.type) to \(output.type) is not supported (float32, int32, int64, uint8, int8 and bool are)"
      )
    }
    try node.setOutputShape(0, input.shape)
    return CastKernel(source: input.type, target: output.type, count: input.elementCount)
  }

  func run(_ io: KernelIO) {
    guard let input = io.inputs[0] else { return }
    let output = io.outputs[0]
    switch source {
    case .float32: castFloat(input.assumingMemoryBound(to: Float.self), output, io.pool)
    case .int32: castInteger(input.assumingMemoryBound(to: Int32.self), output, io.pool)
    case .int64: castInteger(input.assumingMemoryBound(to: Int64.self), output, io.pool)
    case .uint8: castInteger(input.assumingMemoryBound(to: UInt8.self), output, io.pool)
    case .int8: castInteger(input.assumingMemoryBound(to: Int8.self), output, io.pool)
    default:
      // bool: any nonzero byte is true.
      castInteger(
        input.assumingMemoryBound(to: UInt8.self), output, io.pool, normalizeToBool: true)
    }
  }

  /// Runs `convert` over every element, split across threads.
  @inline(__always)
  private func map<In, Out>(
    _ input: UnsafePointer<In>, _ output: UnsafeMutableRawPointer, _ pool: ThreadPool,
    _ convert: (In) -> Out
  ) {
    let out = output.assumingMemoryBound(to: Out.self)
    pool.parallelFor(count, minimumChunk: 16_384) { range in
      for i in range { out[i] = convert(input[i]) }
    }
  }

  private func castInteger<In: FixedWidthInteger>(
    _ input: UnsafePointer<In>, _ output: UnsafeMutableRawPointer, _ pool: ThreadPool,
    normalizeToBool: Bool = false
  ) {
    if normalizeToBool {
      // Read bools as 0/1 first, so that every target sees exactly 0 or 1.
      switch target {
      case .float32: map(input, output, pool) { $0 != 0 ? Float(1) : 0 }
      case .int32: map(input, output, pool) { $0 != 0 ? Int32(1) : 0 }
      case .int64: map(input, output, pool) { $0 != 0 ? Int64(1) : 0 }
      case .int8: map(input, output, pool) { $0 != 0 ? Int8(1) : 0 }
      default: map(input, output, pool) { $0 != 0 ? UInt8(1) : 0 }  // uint8, bool
      }
      return
    }
    switch target {
    case .float32: map(input, output, pool) { Float($0) }
    case .int32: map(input, output, pool) { Int32(truncatingIfNeeded: $0) }
    case .int64: map(input, output, pool) { Int64(truncatingIfNeeded: $0) }
    case .uint8: map(input, output, pool) { UInt8(truncatingIfNeeded: $0) }
    case .int8: map(input, output, pool) { Int8(truncatingIfNeeded: $0) }
    default: map(input, output, pool) { $0 != 0 ? UInt8(1) : 0 }  // bool
    }
  }

  private func castFloat(
    _ input: UnsafePointer<Float>, _ output: UnsafeMutableRawPointer, _ pool: ThreadPool
  ) {
    switch target {
    case .float32: map(input, output, pool) { $0 }
    case .int32: map(input, output, pool, Self.int32)
    case .int64: map(input, output, pool, Self.int64)
    case .uint8: map(input, output, pool, Self.uint8)
    case .int8: map(input, output, pool) { Int8(truncatingIfNeeded: Self.truncatedInt32($0)) }
    default: map(input, output, pool) { $0 != 0 ? UInt8(1) : 0 }  // bool; NaN is true
    }
  }

  /// TFLite: `x <= nextafter(2^31, 0) ? Int32(max(x, -2^31)) : Int32.max`.
  @inline(__always)
  static func int32(_ x: Float) -> Int32 {
    guard x <= 2_147_483_520 else { return .max }  // also NaN
    return x < -2_147_483_648 ? .min : Int32(x)
  }

  /// `Int64(x)` where defined; NaN and out-of-range values give `Int64.min` (x86 cvttss2si).
  @inline(__always)
  static func int64(_ x: Float) -> Int64 {
    x >= -9.223_372_036_854_775_808e18 && x < 9.223_372_036_854_775_808e18 ? Int64(x) : .min
  }

  /// TFLite: clamp to [0, 255] (std::min/std::max keep NaN), then truncate; NaN gives 0.
  @inline(__always)
  static func uint8(_ x: Float) -> UInt8 {
    guard !x.isNaN else { return 0 }
    return x < 0 ? 0 : (x > 255 ? 255 : UInt8(x))
  }

  /// Truncation to 32 bits as the unchecked C++ cast does it on x86-64: out of range and NaN
  /// give `Int32.min`.
  @inline(__always)
  static func truncatedInt32(_ x: Float) -> Int32 {
    x >= -2_147_483_648 && x < 2_147_483_648 ? Int32(x) : .min
  }
}
