import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// AVERAGE_POOL_2D, MAX_POOL_2D and L2_POOL_2D on float32 NHWC tensors.
@Suite("Pooling kernels")
struct PoolingTests {
  typealias T = SingleOpModel.Tensor
  static let averagePool: Int32 = 1
  static let l2Pool: Int32 = 12
  static let maxPool: Int32 = 17

  /// The pool parameters of one test case.
  struct Pool {
    var same: Bool
    var strideH: Int
    var strideW: Int
    var filterH: Int
    var filterW: Int
    /// Fused activation code: 0 none, 1 RELU, 2 RELU_N1_TO_1, 3 RELU6.
    var activation: Int8 = 0

    var options: (UInt8, TestFlatBuffer) {
      (
        5,
        .table([
          0: .int8(same ? 0 : 1), 1: .int32(Int32(strideW)), 2: .int32(Int32(strideH)),
          3: .int32(Int32(filterW)), 4: .int32(Int32(filterH)), 5: .int8(activation),
        ])
      )
    }
  }

  static func run(_ builtin: Int32, _ input: [Float], shape: [Int], pool: Pool, threads: Int = 1)
    throws -> (shape: [Int], values: [Float])
  {
    let bytes = SingleOpModel.build(
      builtin: builtin, options: pool.options, inputs: [.float("x", shape)],
      outputs: [.float("y", [])])
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(threadCount: threads))
    try interpreter.setInput(at: 0, floats: input)
    try interpreter.invoke()
    return (try interpreter.output(at: 0).shape, try interpreter.outputFloats(at: 0))
  }

  /// Pooling written from the definitions: SAME gives ⌈in/stride⌉ outputs and pads
  /// ⌊total/2⌋ before (the odd cell after), VALID keeps windows inside; windows count only cells
  /// inside the input, visited in row-major order.
  static func reference(_ builtin: Int32, _ input: [Float], shape: [Int], pool: Pool) -> (
    [Int], [Float]
  ) {
    let (n, h, w, c) = (shape[0], shape[1], shape[2], shape[3])
    func axis(_ size: Int, _ filter: Int, _ stride: Int) -> (Int, Int) {
      if pool.same {
        let out = (size + stride - 1) / stride
        return (out, max(0, (out - 1) * stride + filter - size) / 2)
      }
      return (size >= filter ? (size - filter) / stride + 1 : 0, 0)
    }
    let (outH, padH) = axis(h, pool.filterH, pool.strideH)
    let (outW, padW) = axis(w, pool.filterW, pool.strideW)
    let (low, high): (Float, Float) =
      switch pool.activation {
      case 1: (0, .infinity)
      case 2: (-1, 1)
      case 3: (0, 6)
      default: (-.infinity, .infinity)
      }
    var output: [Float] = []
    for b in 0..<n {
      for oy in 0..<outH {
        for ox in 0..<outW {
          for ch in 0..<c {
            var sum: Float = 0
            var largest = -Float.greatestFiniteMagnitude
            var count = 0
            for fy in 0..<pool.filterH {
              let y = oy * pool.strideH - padH + fy
              guard y >= 0 && y < h else { continue }
              for fx in 0..<pool.filterW {
                let x = ox * pool.strideW - padW + fx
                guard x >= 0 && x < w else { continue }
                let value = input[((b * h + y) * w + x) * c + ch]
                sum += builtin == l2Pool ? value * value : value
                if value > largest { largest = value }
                count += 1
              }
            }
            var result =
              builtin == maxPool
              ? largest
              : (builtin == l2Pool ? (sum / Float(count)).squareRoot() : sum / Float(count))
            result = min(max(result, low), high)
            output.append(result)
          }
        }
      }
    }
    return ([n, outH, outW, c], output)
  }

  @Test("SAME puts the odd padding cell at the bottom/right and averages only real cells")
  func samePaddingOffsets() throws {
    let input: [Float] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    let pool = Pool(same: true, strideH: 2, strideW: 2, filterH: 2, filterW: 2)
    let average = try Self.run(Self.averagePool, input, shape: [1, 3, 3, 1], pool: pool)
    #expect(average.shape == [1, 2, 2, 1])
    #expect(average.values == [3, 4.5, 7.5, 9])
    let maximum = try Self.run(Self.maxPool, input, shape: [1, 3, 3, 1], pool: pool)
    #expect(maximum.values == [5, 6, 8, 9])
    // 3×3 window, stride 1: one cell of padding on every side.
    let full = Pool(same: true, strideH: 1, strideW: 1, filterH: 3, filterW: 3)
    let smooth = try Self.run(Self.averagePool, input, shape: [1, 3, 3, 1], pool: full)
    #expect(smooth.values == [3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7])
  }

  @Test("VALID keeps windows inside the input")
  func validWindows() throws {
    let input = (1...16).map(Float.init)
    let pool = Pool(same: false, strideH: 2, strideW: 2, filterH: 2, filterW: 2)
    let average = try Self.run(Self.averagePool, input, shape: [1, 4, 4, 1], pool: pool)
    #expect(average.shape == [1, 2, 2, 1])
    #expect(average.values == [3.5, 5.5, 11.5, 13.5])
    let maximum = try Self.run(Self.maxPool, input, shape: [1, 4, 4, 1], pool: pool)
    #expect(maximum.values == [6, 8, 14, 16])
    let l2 = try Self.run(Self.l2Pool, input, shape: [1, 4, 4, 1], pool: pool)
    #expect(l2.values[0] == ((1 + 4 + 25 + 36) / Float(4)).squareRoot())
    // A 3-wide window with stride 2 over 4 columns fits once.
    let wide = Pool(same: false, strideH: 1, strideW: 2, filterH: 1, filterW: 3)
    let result = try Self.run(Self.maxPool, input, shape: [1, 4, 4, 1], pool: wide)
    #expect(result.shape == [1, 4, 1, 1])
    #expect(result.values == [3, 7, 11, 15])
    // A window larger than the input by one step: zero outputs.
    let tooBig = Pool(same: false, strideH: 1, strideW: 1, filterH: 5, filterW: 1)
    #expect(
      try Self.run(Self.maxPool, input, shape: [1, 4, 4, 1], pool: tooBig).shape == [1, 0, 4, 1])
  }

  @Test("max pool skips NaN and fused activations clamp")
  func nanAndActivation() throws {
    let pool = Pool(same: false, strideH: 1, strideW: 1, filterH: 1, filterW: 2, activation: 3)
    let result = try Self.run(
      Self.maxPool, [.nan, -4, 9, .nan, 2, 3], shape: [1, 1, 6, 1], pool: pool)
    #expect(result.values == [0, 6, 6, 2, 3])
    let relu1 = Pool(same: false, strideH: 1, strideW: 1, filterH: 1, filterW: 1, activation: 2)
    let clamped = try Self.run(Self.averagePool, [-3, 0.5, 7], shape: [1, 1, 3, 1], pool: relu1)
    #expect(clamped.values == [-1, 0.5, 1])
  }

  @Test("random shapes, strides, filters, paddings and activations match the definition")
  func randomCases() throws {
    var generator = SplitMix64(seed: 2024)
    for index in 0..<60 {
      let shape = [
        Int.random(in: 1...2, using: &generator), Int.random(in: 1...11, using: &generator),
        Int.random(in: 1...11, using: &generator),
        [1, 3, 8, 9, 17, 40].randomElement(using: &generator) ?? 1,
      ]
      var pool = Pool(
        same: Bool.random(using: &generator), strideH: Int.random(in: 1...3, using: &generator),
        strideW: Int.random(in: 1...3, using: &generator),
        filterH: Int.random(in: 1...4, using: &generator),
        filterW: Int.random(in: 1...4, using: &generator),
        activation: Int8([0, 1, 2, 3].randomElement(using: &generator) ?? 0))
      if !pool.same && (pool.filterH > shape[1] || pool.filterW > shape[2]) {
        pool.filterH = min(pool.filterH, shape[1])
        pool.filterW = min(pool.filterW, shape[2])
      }
      let input = (0..<shape.reduce(1, *)).map { _ in Float.random(in: -8...8, using: &generator) }
      for builtin in [Self.averagePool, Self.maxPool, Self.l2Pool] {
        let (expectedShape, expected) = Self.reference(builtin, input, shape: shape, pool: pool)
        let result = try Self.run(builtin, input, shape: shape, pool: pool, threads: 1 + index % 2)
        #expect(result.shape == expectedShape, "case \(index) \(pool) \(shape)")
        #expect(result.values == expected, "case \(index) op \(builtin) \(pool) \(shape)")
      }
    }
  }

  @Test("bad shapes, options and types fail at load")
  func loadErrors() throws {
    func error(
      _ builtin: Int32 = PoolingTests.averagePool, shape: [Int] = [1, 4, 4, 1], type: Int8 = 0,
      options: (UInt8, TestFlatBuffer)?
    ) throws -> InterpreterError {
      let bytes = SingleOpModel.build(
        builtin: builtin, options: options, inputs: [T("x", type: type, shape: shape)],
        outputs: [T("y", type: type, shape: [])])
      return try #require(throws: InterpreterError.self) {
        try ModelInterpreter(model: ModelFile(bytes: bytes))
      }
    }
    let good = Pool(same: true, strideH: 1, strideW: 1, filterH: 2, filterW: 2)
    #expect(try error(shape: [4, 4, 1], options: good.options).description.contains("rank 4"))
    var zeroStride = good
    zeroStride.strideW = 0
    #expect(try error(options: zeroStride.options).description.contains("strides"))
    var zeroFilter = good
    zeroFilter.filterH = 0
    #expect(try error(options: zeroFilter.options).description.contains("filter"))
    var tanh = good
    tanh.activation = 4
    #expect(try error(Self.maxPool, options: tanh.options).description.contains("TANH"))
    #expect(try error(options: nil).description.contains("Pool2DOptions"))
    let tooBig = Pool(same: false, strideH: 1, strideW: 1, filterH: 9, filterW: 1)
    #expect(try error(Self.maxPool, options: tooBig.options).description.contains("does not fit"))
    // Quantized AVERAGE/MAX pools run (QuantizedPoolingTests); quantized L2 pooling does not.
    let quantized = try error(Self.l2Pool, type: 3, options: good.options)
    guard case .unsupportedNode = quantized else {
      Issue.record("expected unsupportedNode, got \(quantized)")
      return
    }
    #expect(quantized.description.contains("only float32"))
  }

  @Test("huge SAME windows and strides cover what exists of the input")
  func hugeWindows() throws {
    let input: [Float] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    let huge = Pool(
      same: true, strideH: 1, strideW: 1, filterH: 2_147_483_647, filterW: 2_147_483_647)
    let average = try Self.run(Self.averagePool, input, shape: [1, 3, 3, 1], pool: huge)
    #expect(average == ([1, 3, 3, 1], [Float](repeating: 5, count: 9)))
    let strided = Pool(
      same: true, strideH: 2_147_483_647, strideW: 2_147_483_647, filterH: 2, filterW: 2)
    let maximum = try Self.run(Self.maxPool, input, shape: [1, 3, 3, 1], pool: strided)
    #expect(maximum == ([1, 1, 1, 1], [5]))
  }
}
