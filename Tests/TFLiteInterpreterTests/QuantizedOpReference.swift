import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// Test support for the quantized kernel tests: TFLite's integer helpers written out plainly
/// from upstream (`quantization_util.cc`, `common.h`, gemmlowp's `fixedpoint.h`,
/// `kernel_util.cc`), element codecs, and a one-op model runner.
enum QuantizedOpReference {
  typealias T = SingleOpModel.Tensor

  // Schema TensorType codes.
  static let float32: Int8 = 0
  static let int32: Int8 = 2
  static let uint8: Int8 = 3
  static let int64: Int8 = 4
  static let int16: Int8 = 7
  static let int8: Int8 = 9

  /// Per-tensor quantization parameters for ``SingleOpModel/Tensor``.
  static func q(_ scale: Float, _ zeroPoint: Int64) -> (
    scales: [Float], zeroPoints: [Int64], dimension: Int32
  ) {
    ([scale], [zeroPoint], 0)
  }

  /// uint8 bytes of `values` (each in 0...255).
  static func u8(_ values: [Int]) -> [UInt8] { values.map { UInt8($0) } }

  /// int8 bytes of `values` (each in -128...127).
  static func i8(_ values: [Int]) -> [UInt8] { values.map { UInt8(bitPattern: Int8($0)) } }

  /// Builds a one-op model, feeds `data` to its non-constant inputs in order, runs it and
  /// returns the output bytes.
  static func run(
    _ builtin: Int32, _ options: (UInt8, TestFlatBuffer)?, inputs: [T], output: T,
    data: [[UInt8]], threads: Int = 1, kernels: KernelSet? = nil
  ) throws -> [UInt8] {
    try runShaped(
      builtin, options, inputs: inputs, output: output, data: data, threads: threads,
      kernels: kernels
    ).bytes
  }

  /// As ``run(_:_:inputs:output:data:threads:)``, also returning the output shape.
  static func runShaped(
    _ builtin: Int32, _ options: (UInt8, TestFlatBuffer)?, inputs: [T], output: T,
    data: [[UInt8]], threads: Int = 1, kernels: KernelSet? = nil
  ) throws -> (bytes: [UInt8], shape: [Int]) {
    let model = SingleOpModel.build(
      builtin: builtin, options: options, inputs: inputs, outputs: [output])
    var interpreterOptions = InterpreterOptions(threadCount: threads)
    if let kernels { interpreterOptions.kernels = kernels }
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: model), options: interpreterOptions)
    for (position, bytes) in data.enumerated() {
      try interpreter.setInput(at: position, bytes: bytes)
    }
    try interpreter.invoke()
    return (try interpreter.outputBytes(at: 0), try interpreter.output(at: 0).shape)
  }

  /// The error loading a one-op model throws.
  static func loadError(
    _ builtin: Int32, _ options: (UInt8, TestFlatBuffer)?, inputs: [T], output: T
  ) throws -> InterpreterError {
    let model = SingleOpModel.build(
      builtin: builtin, options: options, inputs: inputs, outputs: [output])
    return try #require(throws: InterpreterError.self) {
      try ModelInterpreter(model: ModelFile(bytes: model))
    }
  }

  // MARK: Elements

  /// The range of a quantized storage type.
  static func range(_ type: Int8) -> ClosedRange<Int32> {
    switch type {
    case uint8: return 0...255
    case int8: return -128...127
    case int16: return -32768...32767
    default: return Int32.min...Int32.max
    }
  }

  /// Bytes per element of an integer type.
  static func size(_ type: Int8) -> Int {
    switch type {
    case int16: return 2
    case int32: return 4
    case int64: return 8
    default: return 1
    }
  }

  /// Decodes little-endian elements of `type` as Int32.
  static func decode(_ bytes: [UInt8], _ type: Int8) -> [Int32] {
    switch type {
    case uint8: return bytes.map { Int32($0) }
    case int8: return bytes.map { Int32(Int8(bitPattern: $0)) }
    case int16:
      return stride(from: 0, to: bytes.count, by: 2).map {
        Int32(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8))
      }
    default:
      return stride(from: 0, to: bytes.count, by: 4).map { offset in
        Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) })
      }
    }
  }

  /// Encodes Int32 values as little-endian elements of `type` (truncating).
  static func encode(_ values: [Int32], _ type: Int8) -> [UInt8] {
    let width = size(type)
    return values.flatMap { value in
      (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
  }

  /// Random stored values of `type` (`count` elements) as bytes.
  static func randomBytes(_ count: Int, _ type: Int8, _ rng: inout SplitMix64) -> [UInt8] {
    (0..<count * size(type)).map { _ in UInt8.random(in: 0...255, using: &rng) }
  }

  /// A random scale between about 2^-10 and 4.
  static func randomScale(_ rng: inout SplitMix64) -> Float {
    Float.random(in: 0.5..<2, using: &rng)
      * Float(sign: .plus, exponent: Int.random(in: -10...1, using: &rng), significand: 1)
  }

  /// A zero point of `type`: the edges and middle often, otherwise any.
  static func randomZeroPoint(_ type: Int8, _ rng: inout SplitMix64) -> Int64 {
    let favourites: [Int64] = type == uint8 ? [0, 128, 255] : [-128, 0, 127]
    if Bool.random(using: &rng) { return favourites.randomElement(using: &rng) ?? 0 }
    let r = range(type == int16 ? int8 : type)
    return Int64(Int32.random(in: r, using: &rng))
  }

  // MARK: Fixed-point arithmetic (upstream, line by line)

  /// `QuantizeMultiplier` (double-rounding build): frexp, round half away from zero, 2^31
  /// renormalised, tiny multipliers flushed to zero.
  static func quantizeMultiplier(_ real: Double) -> (multiplier: Int32, shift: Int) {
    if real == 0 { return (0, 0) }
    let (fraction, exponent) = frexp(real)
    var shift = exponent
    var fixed = Int64((fraction * 2_147_483_648).rounded(.toNearestOrAwayFromZero))
    if fixed == 1 << 31 {
      fixed /= 2
      shift += 1
    }
    if shift < -31 {
      shift = 0
      fixed = 0
    }
    return (Int32(fixed), shift)
  }

  /// gemmlowp `SaturatingRoundingDoublingHighMul`.
  static func doublingHighMul(_ a: Int32, _ b: Int32) -> Int32 {
    if a == Int32.min && b == Int32.min { return Int32.max }
    let product = Int64(a) * Int64(b)
    let nudge: Int64 = product >= 0 ? 1 << 30 : 1 - (1 << 30)
    return Int32(truncatingIfNeeded: (product + nudge) / (Int64(1) << 31))
  }

  /// gemmlowp `RoundingDivideByPOT`.
  static func divideByPOT(_ x: Int32, _ exponent: Int) -> Int32 {
    let mask = Int32(truncatingIfNeeded: (Int64(1) << exponent) - 1)
    let remainder = x & mask
    let threshold = (mask >> 1) + (x < 0 ? 1 : 0)
    return (x >> Int32(exponent)) + (remainder > threshold ? 1 : 0)
  }

  /// `MultiplyByQuantizedMultiplier` (double rounding).
  static func multiplyByQuantizedMultiplier(_ x: Int32, _ multiplier: Int32, _ shift: Int)
    -> Int32
  {
    let left = shift > 0 ? shift : 0
    let right = shift > 0 ? 0 : -shift
    return divideByPOT(doublingHighMul(x &* (Int32(1) << Int32(left)), multiplier), right)
  }

  /// `CalculateActivationRangeQuantized` for a fused activation code (0 none, 1 RELU,
  /// 2 RELU_N1_TO_1, 3 RELU6) on an output of `type`.
  static func activationRange(_ activation: Int8, scale: Float, zeroPoint: Int32, type: Int8)
    -> (Int32, Int32)
  {
    let (qmin, qmax) = (range(type).lowerBound, range(type).upperBound)
    func quantize(_ f: Float) -> Int32 {
      zeroPoint + Int32((f / scale).rounded(.toNearestOrAwayFromZero))
    }
    switch activation {
    case 1: return (max(qmin, quantize(0)), qmax)
    case 2: return (max(qmin, quantize(-1)), min(qmax, quantize(1)))
    case 3: return (max(qmin, quantize(0)), min(qmax, quantize(6)))
    default: return (qmin, qmax)
    }
  }

  // MARK: Shapes

  /// NumPy broadcasting of two shapes by plain index arithmetic: the output shape and, for
  /// every output element in row-major order, the element of each operand it reads.
  static func broadcast(_ a: [Int], _ b: [Int]) -> (shape: [Int], pairs: [(Int, Int)]) {
    let rank = max(a.count, b.count)
    let pa = Array(repeating: 1, count: rank - a.count) + a
    let pb = Array(repeating: 1, count: rank - b.count) + b
    let shape = zip(pa, pb).map { max($0, $1) }
    let total = shape.reduce(1, *)
    var pairs: [(Int, Int)] = []
    for flat in 0..<total {
      var rest = flat
      var index = [Int](repeating: 0, count: rank)
      for d in (0..<rank).reversed() {
        index[d] = rest % shape[d]
        rest /= shape[d]
      }
      var (ia, ib) = (0, 0)
      for d in 0..<rank {
        ia = ia * pa[d] + (pa[d] == 1 ? 0 : index[d])
        ib = ib * pb[d] + (pb[d] == 1 ? 0 : index[d])
      }
      pairs.append((ia, ib))
    }
    return (shape, pairs)
  }
}
