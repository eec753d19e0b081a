import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The defined results of the binary, comparison and logic operators where TFLite fails at run
/// time or has no defined result (zero divisors, negative int32 exponents, overflowing
/// quotients, bool bytes other than 0 and 1), and the load-time rejections. The regular
/// results are checked against LiteRT by the generated models (`Tests/Models/binary`,
/// `Tests/Models/compare`).
@Suite("Elementwise edge cases")
struct ElementwiseEdgeCaseTests {
  typealias R = QuantizedOpReference
  typealias T = SingleOpModel.Tensor

  static let bool: Int8 = 6
  static let floorDiv: Int32 = 90
  static let floorMod: Int32 = 95
  static let div: Int32 = 42
  static let pow: Int32 = 78
  static let less: Int32 = 58
  static let logicalAnd: Int32 = 86
  static let addN: Int32 = 106

  /// Runs `builtin` on two operands of `type` and shape [count] and returns the output bytes.
  static func binary(
    _ builtin: Int32, _ type: Int8, _ a: [UInt8], _ b: [UInt8], count: Int,
    outType: Int8? = nil, quantization: [(Float, Int64)]? = nil
  ) throws -> [UInt8] {
    let q = quantization.map { $0.map { R.q($0.0, $0.1) } }
    return try R.run(
      builtin, nil,
      inputs: [
        T("a", type: type, shape: [count], quantization: q?[0]),
        T("b", type: type, shape: [count], quantization: q?[1]),
      ],
      output: T("y", type: outType ?? type, shape: [count], quantization: q?[2]), data: [a, b])
  }

  @Test("integer FLOOR_DIV, FLOOR_MOD and DIV by zero give 0; min / −1 wraps to min")
  func zeroDivisors() throws {
    let a: [Int32] = [7, -7, 5, .min, 9]
    let b: [Int32] = [0, 2, -2, -1, 0]
    let floorDiv = try Self.binary(
      Self.floorDiv, R.int32, SingleOpModel.bytes(a), SingleOpModel.bytes(b), count: 5)
    #expect(floorDiv == SingleOpModel.bytes([0, -4, -3, Int32.min, 0] as [Int32]))
    let floorMod = try Self.binary(
      Self.floorMod, R.int32, SingleOpModel.bytes(a), SingleOpModel.bytes(b), count: 5)
    #expect(floorMod == SingleOpModel.bytes([0, 1, -1, 0, 0] as [Int32]))
    let int8 = try Self.binary(Self.floorDiv, R.int8, R.i8([-128, 5]), R.i8([-1, 0]), count: 2)
    #expect(int8 == R.i8([-128, 0]))
    let div = try Self.binary(
      Self.div, R.int32, SingleOpModel.bytes(a), SingleOpModel.bytes(b), count: 5)
    #expect(div == SingleOpModel.bytes([0, -3, -2, Int32.min, 0] as [Int32]))
  }

  @Test("fused activations clamp integer ADD as TFLite's CalculateActivationRange")
  func integerActivations() throws {
    // (fused activation code, expected) for ADD of [-5, 3, 10, -1] and [0, 0, 0, 1].
    let cases: [(Int8, [Int32])] = [(1, [0, 3, 10, 0]), (3, [0, 3, 6, 0]), (2, [-1, 1, 1, 0])]
    for (activation, expected) in cases {
      for type in [R.int32, R.int64] {
        let wide = type == R.int64
        let a: [Int64] = [-5, 3, 10, -1]
        let b: [Int64] = [0, 0, 0, 1]
        let bytes = { (values: [Int64]) in
          wide ? SingleOpModel.bytes(values) : SingleOpModel.bytes(values.map { Int32($0) })
        }
        let out = try R.run(
          0, (11, .table([0: .int8(activation)])),
          inputs: [T("a", type: type, shape: [4]), T("b", type: type, shape: [4])],
          output: T("y", type: type, shape: [4]), data: [bytes(a), bytes(b)])
        #expect(out == bytes(expected.map { Int64($0) }), "activation \(activation), type \(type)")
      }
    }
  }

  @Test("quantized DIV by the divisor's zero point clamps by the dividend's sign")
  func quantizedZeroDivisor() throws {
    let out = try Self.binary(
      Self.div, R.uint8, R.u8([20, 10, 5, 30]), R.u8([10, 10, 10, 20]), count: 4,
      quantization: [(0.1, 10), (0.1, 10), (0.05, 100)])
    // 1.0 / 0 → 255, 0 / 0 → zero point, -0.5 / 0 → 0, 2.0 / 1.0 = 2.0 → 100 + 40.
    #expect(out == R.u8([255, 100, 0, 140]))
  }

  @Test("POW on int32 with negative exponents truncates the double power")
  func negativeExponents() throws {
    let out = try Self.binary(
      Self.pow, R.int32, SingleOpModel.bytes([2, 1, -1, 0, 3] as [Int32]),
      SingleOpModel.bytes([-1, -3, -3, -1, 2] as [Int32]), count: 5)
    #expect(out == SingleOpModel.bytes([0, 1, -1, Int32.min, 9] as [Int32]))
  }

  @Test("comparisons of unquantized uint8 compare stored values; scales ≥ 1 are rejected")
  func unquantizedBytes() throws {
    let out = try Self.binary(
      Self.less, R.uint8, R.u8([1, 200, 7]), R.u8([2, 100, 7]), count: 3, outType: Self.bool)
    #expect(out == [1, 0, 0])
    let error = try R.loadError(
      Self.less, nil,
      inputs: [
        T("a", type: R.int8, shape: [2], quantization: R.q(1.5, 0)),
        T("b", type: R.int8, shape: [2], quantization: R.q(0.5, 0)),
      ],
      output: T("y", type: Self.bool, shape: [2]))
    #expect("\(error)".contains("scale in (0, 1)"))
  }

  @Test("logic reads any non-zero byte as true and writes 0 or 1")
  func boolBytes() throws {
    let out = try Self.binary(
      Self.logicalAnd, Self.bool, [2, 0, 255, 1], [1, 1, 7, 0], count: 4)
    #expect(out == [1, 0, 1, 0])
  }

  @Test("ADD_N needs two inputs of one shape")
  func addNInputs() throws {
    let one = try R.loadError(
      Self.addN, nil, inputs: [T.float("a", [2])], output: T.float("y", [2]))
    #expect("\(one)".contains("2 or more inputs"))
    let model = SingleOpModel.build(
      builtin: Self.addN, inputs: [T.float("a", [2]), T.float("b", [3])],
      outputs: [T.float("y", [2])])
    #expect(throws: InterpreterError.self) { try ModelInterpreter(model: ModelFile(bytes: model)) }
  }
}
