import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// DEQUANTIZE, CAST, ARG_MAX and ARG_MIN.
@Suite("Conversion kernels")
struct ConversionTests {
  typealias T = SingleOpModel.Tensor
  static let dequantize: Int32 = 6
  static let cast: Int32 = 53
  static let argMax: Int32 = 56
  static let argMin: Int32 = 79

  // Schema TensorType codes.
  static let float32: Int8 = 0
  static let float16: Int8 = 1
  static let int32: Int8 = 2
  static let uint8: Int8 = 3
  static let int64: Int8 = 4
  static let bool: Int8 = 6
  static let int16: Int8 = 7
  static let int8: Int8 = 9

  static func loadError(_ bytes: [UInt8]) throws -> InterpreterError {
    try #require(throws: InterpreterError.self) {
      try ModelInterpreter(model: ModelFile(bytes: bytes))
    }
  }

  /// Runs a one-input op fed with raw `bytes` and returns the raw output.
  static func runBytes(
    _ builtin: Int32, input: T, output: T, bytes: [UInt8], options: (UInt8, TestFlatBuffer)? = nil,
    extra: [T] = [], threads: Int = 1
  ) throws -> [UInt8] {
    let model = SingleOpModel.build(
      builtin: builtin, options: options, inputs: [input] + extra, outputs: [output])
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: model), options: InterpreterOptions(threadCount: threads))
    try interpreter.setInput(at: 0, bytes: bytes)
    try interpreter.invoke()
    return try interpreter.outputBytes(at: 0)
  }

  static func floats(_ bytes: [UInt8]) -> [Float] {
    stride(from: 0, to: bytes.count, by: 4).map { offset in
      Float(bitPattern: bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) })
    }
  }

  static func integers<I: FixedWidthInteger>(_ bytes: [UInt8], as: I.Type) -> [I] {
    let size = MemoryLayout<I>.size
    return stride(from: 0, to: bytes.count, by: size).map { offset in
      bytes[offset..<offset + size].reversed().reduce(I.zero) {
        $0 << 8 | I(truncatingIfNeeded: $1)
      }
    }
  }

  // MARK: DEQUANTIZE

  /// binary16 decoded arithmetically: (-1)^s · 2^(e-15) · (1 + m/1024), subnormals 2^-14 · m/1024.
  static func halfValue(_ bits: UInt16) -> Double {
    let sign: Double = bits & 0x8000 != 0 ? -1 : 1
    let exponent = Int(bits >> 10 & 0x1F)
    let mantissa = Double(bits & 0x3FF)
    if exponent == 0 { return sign * mantissa / 1024 * pow(2, -14) }
    if exponent == 31 { return mantissa == 0 ? sign * .infinity : .nan }
    return sign * (1 + mantissa / 1024) * pow(2, Double(exponent - 15))
  }

  @Test("float16 → float32 is exact for all 65,536 bit patterns")
  func dequantizeHalf() throws {
    let all = (0...UInt16.max).map { $0 }
    let result = Self.floats(
      try Self.runBytes(
        Self.dequantize, input: T("x", type: Self.float16, shape: [all.count]),
        output: .float("y", [all.count]), bytes: SingleOpModel.bytes(all), threads: 2))
    #expect(result.count == all.count)
    var mismatches = 0
    for (bits, value) in zip(all, result) {
      let expected = Self.halfValue(bits)
      if expected.isNaN {
        // NaN keeps its sign and payload: quiet bit and mantissa move up 13 places.
        let wanted = UInt32(bits & 0x8000) << 16 | 0x7F80_0000 | UInt32(bits & 0x3FF) << 13
        if value.bitPattern != wanted { mismatches += 1 }
      } else if Double(value) != expected
        || (expected == 0 && value.sign != (bits & 0x8000 != 0 ? .minus : .plus))
      {
        mismatches += 1
      }
    }
    #expect(mismatches == 0)
  }

  @Test("uint8, int8 and int16 per tensor: scale · (q - zero_point)")
  func dequantizePerTensor() throws {
    let u8 = Self.floats(
      try Self.runBytes(
        Self.dequantize,
        input: T("x", type: Self.uint8, shape: [5], quantization: ([0.5], [128], 0)),
        output: .float("y", [5]), bytes: [0, 127, 128, 129, 255]))
    #expect(u8 == [-64, -0.5, 0, 0.5, 63.5])
    let i8 = Self.floats(
      try Self.runBytes(
        Self.dequantize,
        input: T("x", type: Self.int8, shape: [4], quantization: ([0.1], [-3], 0)),
        output: .float("y", [4]), bytes: SingleOpModel.bytes([Int8(-128), -3, 0, 127])))
    #expect(i8 == [-125, 0, 3, 130].map { Float(Double(Float(0.1)) * Double($0)) })
    let i16 = Self.floats(
      try Self.runBytes(
        Self.dequantize,
        input: T("x", type: Self.int16, shape: [3], quantization: ([1.0 / 32768], [0], 0)),
        output: .float("y", [3]), bytes: SingleOpModel.bytes([Int16.min, 16384, Int16.max])))
    #expect(i16 == [-1, 0.5, Float(32767.0 / 32768)])
    // Zero points may be left out: they are 0.
    let noZero = Self.floats(
      try Self.runBytes(
        Self.dequantize, input: T("x", type: Self.int8, shape: [2], quantization: ([2], [], 0)),
        output: .float("y", [2]), bytes: SingleOpModel.bytes([Int8(-4), 5])))
    #expect(noZero == [-8, 10])
  }

  @Test("per-channel int8 and uint8 along the quantized dimension")
  func dequantizePerChannel() throws {
    // Shape [2, 3], one scale per row (dimension 0).
    let rows = Self.floats(
      try Self.runBytes(
        Self.dequantize,
        input: T("w", type: Self.int8, shape: [2, 3], quantization: ([0.5, 2], [0, 1], 0)),
        output: .float("y", [2, 3]), bytes: SingleOpModel.bytes([Int8(1), 2, 3, 4, 5, 6])))
    #expect(rows == [0.5, 1, 1.5, 6, 8, 10])
    // Shape [2, 3, 2], one scale per middle index (dimension 1), uint8.
    let middle = Self.floats(
      try Self.runBytes(
        Self.dequantize,
        input: T(
          "w", type: Self.uint8, shape: [2, 3, 2], quantization: ([1, 10, 100], [0, 1, 2], 1)),
        output: .float("y", [2, 3, 2]), bytes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]))
    #expect(middle == [1, 2, 20, 30, 300, 400, 7, 8, 80, 90, 900, 1000])
    // Constant weights are dequantized once, at load.
    let constant = SingleOpModel.build(
      builtin: Self.dequantize,
      inputs: [
        T(
          "w", type: Self.int8, shape: [2], data: [2, 0xFE], quantization: ([0.25, 4], [0, 0], 0))
      ],
      outputs: [.float("y", [2])])
    let interpreter = try ModelInterpreter(model: ModelFile(bytes: constant))
    #expect(interpreter.foldedNodeCount == 1)
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0) == [0.5, -8])
  }

  @Test("DEQUANTIZE load errors")
  func dequantizeErrors() throws {
    func model(_ input: T, output: T = .float("y", [2, 3])) -> [UInt8] {
      SingleOpModel.build(builtin: Self.dequantize, inputs: [input], outputs: [output])
    }
    #expect(
      try Self.loadError(model(T("x", type: Self.uint8, shape: [2, 3]))).description.contains(
        "quantization"))
    #expect(
      try Self.loadError(
        model(T("x", type: Self.int8, shape: [2, 3], quantization: ([1, 2, 3], [0, 0, 0], 0)))
      ).description.contains("do not match"))
    #expect(
      try Self.loadError(
        model(T("x", type: Self.int8, shape: [2, 3], quantization: ([1, 2, 3], [0, 0, 0], 2)))
      ).description.contains("do not match"))
    let int16PerChannel = try Self.loadError(
      model(T("x", type: Self.int16, shape: [2, 3], quantization: ([1, 2], [0, 0], 0))))
    #expect(int16PerChannel.description.contains("per-channel"))
    let floatInput = try Self.loadError(model(.float("x", [2, 3])))
    guard case .unsupportedNode = floatInput else {
      Issue.record("float32 DEQUANTIZE should be unsupported, got \(floatInput)")
      return
    }
    let intOutput = try Self.loadError(
      model(
        T("x", type: Self.uint8, shape: [2, 3], quantization: ([1], [0], 0)),
        output: T("y", type: Self.int32, shape: [2, 3])))
    #expect(intOutput.description.contains("not float32"))
  }

  // MARK: CAST

  static func castFloats<I: FixedWidthInteger>(_ values: [Float], to type: Int8, as: I.Type) throws
    -> [I]
  {
    let output = try runBytes(
      cast, input: .float("x", [values.count]), output: T("y", type: type, shape: [values.count]),
      bytes: SingleOpModel.bytes(values))
    return integers(output, as: I.self)
  }

  @Test("float32 → integers truncates toward zero and handles out-of-range values as TFLite")
  func castFromFloat() throws {
    let int32 = try Self.castFloats(
      [2.9, -2.9, 0, -0.0, 2_147_483_520, 3e9, -3e9, .infinity, -.infinity, .nan], to: Self.int32,
      as: Int32.self)
    #expect(int32 == [2, -2, 0, 0, 2_147_483_520, .max, .min, .max, .min, .max])
    let uint8 = try Self.castFloats(
      [0.9, 254.99, 255.5, 300, -0.5, -7, .infinity, -.infinity, .nan], to: Self.uint8,
      as: UInt8.self)
    #expect(uint8 == [0, 254, 255, 255, 0, 0, 255, 0, 0])
    let int8 = try Self.castFloats(
      [127.9, -128.9, 200.7, -129.5, 1e10, .nan, -3.5], to: Self.int8, as: Int8.self)
    #expect(int8 == [127, -128, -56, 127, 0, 0, -3])
    let int64 = try Self.castFloats(
      [-3.9, 1e18, 1e19, -1e19, .nan, .infinity], to: Self.int64, as: Int64.self)
    #expect(int64 == [-3, 999_999_984_306_749_440, .min, .min, .min, .min])
    let bool = try Self.castFloats([0, -0.0, 0.1, -5, .nan], to: Self.bool, as: UInt8.self)
    #expect(bool == [0, 0, 1, 1, 1])
  }

  @Test("integer and bool casts wrap, round to nearest, and map nonzero to true")
  func castIntegers() throws {
    func cast(_ bytes: [UInt8], from: Int8, count: Int, to: Int8) throws -> [UInt8] {
      try Self.runBytes(
        Self.cast, input: T("x", type: from, shape: [count]),
        output: T("y", type: to, shape: [count]),
        bytes: bytes)
    }
    let fromInt32 = SingleOpModel.bytes([Int32(300), -1, 16_777_217, -129, 0])
    #expect(
      Self.integers(try cast(fromInt32, from: Self.int32, count: 5, to: Self.uint8), as: UInt8.self)
        == [44, 255, 1, 127, 0])
    #expect(
      Self.integers(try cast(fromInt32, from: Self.int32, count: 5, to: Self.int8), as: Int8.self)
        == [44, -1, 1, 127, 0])
    #expect(
      Self.floats(try cast(fromInt32, from: Self.int32, count: 5, to: Self.float32))
        == [300, -1, 16_777_216, -129, 0])
    #expect(
      Self.integers(try cast(fromInt32, from: Self.int32, count: 5, to: Self.int64), as: Int64.self)
        == [300, -1, 16_777_217, -129, 0])
    #expect(try cast(fromInt32, from: Self.int32, count: 5, to: Self.bool) == [1, 1, 1, 1, 0])
    let fromInt64 = SingleOpModel.bytes([Int64(1) << 32 + 5, -1, Int64.max])
    #expect(
      Self.integers(try cast(fromInt64, from: Self.int64, count: 3, to: Self.int32), as: Int32.self)
        == [5, -1, -1])
    #expect(
      Self.floats(try cast(fromInt64, from: Self.int64, count: 3, to: Self.float32))
        == [4_294_967_301, -1, 9_223_372_036_854_775_807].map { Float($0) })
    #expect(
      Self.integers(
        try cast([0, 1, 2, 255], from: Self.bool, count: 4, to: Self.int32), as: Int32.self)
        == [0, 1, 1, 1])
    #expect(
      Self.floats(try cast([0, 1, 7], from: Self.bool, count: 3, to: Self.float32)) == [0, 1, 1])
    #expect(try cast([0, 1, 7], from: Self.bool, count: 3, to: Self.bool) == [0, 1, 1])
    #expect(
      Self.integers(
        try cast([0x80, 0x7F, 0xFF], from: Self.uint8, count: 3, to: Self.int8), as: Int8.self)
        == [-128, 127, -1])
    #expect(
      Self.integers(
        try cast([0x80, 0x7F, 0xFF], from: Self.int8, count: 3, to: Self.int32), as: Int32.self)
        == [-128, 127, -1])
    #expect(
      Self.floats(try cast([0x80, 0x7F], from: Self.uint8, count: 2, to: Self.float32)) == [
        128, 127,
      ])
  }

  @Test("CAST keeps the shape, and rejects other types")
  func castShapesAndErrors() throws {
    let bytes = SingleOpModel.build(
      builtin: Self.cast, inputs: [.float("x", [2, 1, 3])], outputs: [.int32("y", [])])
    let interpreter = try ModelInterpreter(model: ModelFile(bytes: bytes))
    #expect(try interpreter.output(at: 0).shape == [2, 1, 3])
    let half = SingleOpModel.build(
      builtin: Self.cast, inputs: [T("x", type: Self.float16, shape: [2])],
      outputs: [.float("y", [2])])
    let error = try Self.loadError(half)
    guard case .unsupportedNode = error else {
      Issue.record("float16 CAST should be unsupported, got \(error)")
      return
    }
    #expect(error.description.contains("float16"))
  }

  // MARK: ARG_MAX / ARG_MIN

  static func argOptions(_ builtin: Int32, type: Int8?) -> (UInt8, TestFlatBuffer)? {
    type.map { (builtin == argMax ? 40 : 57, .table([0: .int8($0)])) }
  }

  static func arg(
    _ builtin: Int32, _ values: [Float], shape: [Int], axis: Int, outputType: Int8 = 2,
    axisType: Int8 = 2, threads: Int = 1
  ) throws -> (shape: [Int], indices: [Int]) {
    let axisData =
      axisType == 4 ? SingleOpModel.bytes([Int64(axis)]) : SingleOpModel.bytes([Int32(axis)])
    let model = SingleOpModel.build(
      builtin: builtin, options: argOptions(builtin, type: outputType),
      inputs: [.float("x", shape), T("axis", type: axisType, shape: [1], data: axisData)],
      outputs: [T("y", type: outputType, shape: [])])
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: model), options: InterpreterOptions(threadCount: threads))
    try interpreter.setInput(at: 0, floats: values)
    try interpreter.invoke()
    let bytes = try interpreter.outputBytes(at: 0)
    let indices =
      outputType == 4
      ? integers(bytes, as: Int64.self).map(Int.init)
      : integers(bytes, as: Int32.self).map(Int.init)
    return (try interpreter.output(at: 0).shape, indices)
  }

  /// ARG_MAX/ARG_MIN written plainly: start at index 0, move on a strict comparison.
  static func argReference(_ values: [Float], shape: [Int], axis: Int, maximum: Bool) -> [Int] {
    let outer = shape[..<axis].reduce(1, *)
    let size = shape[axis]
    let inner = shape[(axis + 1)...].reduce(1, *)
    var result: [Int] = []
    for o in 0..<outer {
      for i in 0..<inner {
        var best = 0
        for k in 1..<max(size, 1) {
          let candidate = values[(o * size + k) * inner + i]
          let current = values[(o * size + best) * inner + i]
          if maximum ? candidate > current : candidate < current { best = k }
        }
        result.append(best)
      }
    }
    return result
  }

  @Test("first index wins ties; NaN is only chosen when it comes first")
  func argHandChecked() throws {
    let x: [Float] = [1, 5, 5, 2, 0, 0, -1, 0]
    #expect(try Self.arg(Self.argMax, x, shape: [2, 4], axis: 1) == ([2], [1, 0]))
    #expect(try Self.arg(Self.argMin, x, shape: [2, 4], axis: -1) == ([2], [0, 2]))
    #expect(
      try Self.arg(Self.argMax, x, shape: [2, 4], axis: 0, outputType: 4) == ([4], [0, 0, 0, 0]))
    #expect(
      try Self.arg(Self.argMin, x, shape: [2, 4], axis: 0, axisType: 4) == ([4], [1, 1, 1, 1]))
    #expect(try Self.arg(Self.argMax, [.nan, 3, 9], shape: [3], axis: 0).indices == [0])
    #expect(try Self.arg(Self.argMax, [3, .nan, 9, .nan], shape: [4], axis: 0).indices == [2])
    #expect(try Self.arg(Self.argMin, [3, .nan, -9, .nan], shape: [4], axis: 0) == ([], [2]))
  }

  @Test("random shapes and axes match the plain search")
  func argRandom() throws {
    var generator = SplitMix64(seed: 123)
    for index in 0..<40 {
      let rank = Int.random(in: 1...4, using: &generator)
      let shape = (0..<rank).map { _ in Int.random(in: 1...7, using: &generator) }
      let axis = Int.random(in: 0..<rank, using: &generator)
      // Few distinct values, so ties are common.
      let x = (0..<shape.reduce(1, *)).map { _ in Float(Int.random(in: -3...3, using: &generator)) }
      for builtin in [Self.argMax, Self.argMin] {
        let result = try Self.arg(
          builtin, x, shape: shape, axis: axis - (index % 2) * rank,
          outputType: index % 3 == 0 ? 4 : 2,
          threads: 1 + index % 2)
        var expectedShape = shape
        expectedShape.remove(at: axis)
        #expect(result.shape == expectedShape)
        #expect(
          result.indices
            == Self.argReference(x, shape: shape, axis: axis, maximum: builtin == Self.argMax))
      }
    }
  }

  @Test("ARG_MAX on uint8 compares stored values")
  func argBytes() throws {
    let model = SingleOpModel.build(
      builtin: Self.argMax, options: Self.argOptions(Self.argMax, type: Self.int32),
      inputs: [
        T("x", type: Self.uint8, shape: [2, 3], quantization: ([0.1], [128], 0)),
        .int32("axis", [1], [1]),
      ],
      outputs: [.int32("y", [])])
    let interpreter = try ModelInterpreter(model: ModelFile(bytes: model))
    try interpreter.setInput(at: 0, bytes: [10, 200, 129, 255, 0, 255])
    try interpreter.invoke()
    #expect(Self.integers(try interpreter.outputBytes(at: 0), as: Int32.self) == [1, 0])
  }

  @Test("ARG_MAX load errors")
  func argErrors() throws {
    func model(
      input: T = .float("x", [2, 3]), axis: T = .int32("axis", [1], [1]), outputType: Int8? = 2,
      output: T = .int32("y", [])
    ) -> [UInt8] {
      SingleOpModel.build(
        builtin: Self.argMax, options: Self.argOptions(Self.argMax, type: outputType),
        inputs: [input, axis], outputs: [output])
    }
    #expect(try Self.loadError(model(axis: .int32("axis", [1]))).description.contains("constant"))
    #expect(
      try Self.loadError(model(axis: .int32("axis", [2], [0, 1]))).description.contains("one value")
    )
    #expect(
      try Self.loadError(model(axis: .int32("axis", [1], [2]))).description.contains("out of range")
    )
    #expect(
      try Self.loadError(model(axis: .int32("axis", [1], [-3]))).description.contains(
        "out of range"))
    #expect(try Self.loadError(model(outputType: nil)).description.contains("output_type"))
    #expect(try Self.loadError(model(outputType: 4)).description.contains("output tensor"))
    #expect(
      try Self.loadError(model(input: .float("x", []), axis: .int32("axis", [1], [0])))
        .description.contains("rank 1"))
    let boolInput = try Self.loadError(model(input: T("x", type: Self.bool, shape: [2, 3])))
    guard case .unsupportedNode = boolInput else {
      Issue.record("bool ARG_MAX should be unsupported, got \(boolInput)")
      return
    }
  }

}
