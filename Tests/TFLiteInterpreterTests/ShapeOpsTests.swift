import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The shape and data-movement operators on hand-derived cases: every option, negative axes,
/// dtype coverage, and load-time errors.
@Suite("Shape operators")
struct ShapeOpsTests {
  typealias S = ShapeOps
  typealias T = SingleOpModel.Tensor

  // MARK: CONCATENATION

  @Test("CONCATENATION joins along positive and negative axes")
  func concatenationAxes() throws {
    let a: [Float] = [1, 2, 3, 4]  // [2, 2]
    let b: [Float] = [5, 6, 7, 8, 9, 10]  // [2, 3]
    for axis: Int32 in [1, -1] {
      let interpreter = try S.run(
        S.concatenation, options: (10, .table([0: .int32(axis)])),
        inputs: [.float("a", [2, 2]), .float("b", [2, 3])], outputs: [.float("c", [])],
        feeds: [S.bytes(a), S.bytes(b)])
      #expect(try interpreter.output(at: 0).shape == [2, 5])
      #expect(try interpreter.outputFloats(at: 0) == [1, 2, 5, 6, 7, 3, 4, 8, 9, 10])
    }
    // Axis 0 with three inputs, one of them constant.
    let interpreter = try S.run(
      S.concatenation, options: (10, .table([0: .int32(0)])),
      inputs: [.float("a", [1, 2]), .float("k", [2, 2], [7, 8, 9, 10]), .float("b", [1, 2])],
      outputs: [.float("c", [])], feeds: [S.bytes([Float(1), 2]), S.bytes([Float(3), 4])])
    #expect(try interpreter.output(at: 0).shape == [4, 2])
    #expect(try interpreter.outputFloats(at: 0) == [1, 2, 7, 8, 9, 10, 3, 4])
  }

  @Test("CONCATENATION applies its fused activation to float32")
  func concatenationActivation() throws {
    let interpreter = try S.run(
      S.concatenation, options: (10, .table([0: .int32(0), 1: .int8(3)])),
      inputs: [.float("a", [3]), .float("b", [2])], outputs: [.float("c", [])],
      feeds: [S.bytes([Float(-1), 3, 7]), S.bytes([Float(6.5), 0.5])])
    #expect(try interpreter.outputFloats(at: 0) == [0, 3, 6, 6, 0.5])
    let int32Error = S.loadError(
      S.concatenation, options: (10, .table([0: .int32(0), 1: .int8(1)])),
      inputs: [.int32("a", [1]), .int32("b", [1])], outputs: [.int32("c", [])])
    #expect(
      int32Error?.description.contains("fused RELU") == true, "\(String(describing: int32Error))")
  }

  @Test("CONCATENATION moves every element type as bytes")
  func concatenationTypes() throws {
    let cases: [(Int8, Int)] = [
      (S.int32, 4), (S.int64, 8), (S.uint8, 1), (S.int8, 1), (S.int16, 2), (S.bool, 1),
      (S.float16, 2),
    ]
    for (type, size) in cases {
      let a = (0..<(2 * 2 * size)).map { UInt8($0 + 1) }
      let b = (0..<(2 * 1 * size)).map { UInt8($0 + 101) }
      let interpreter = try S.run(
        S.concatenation, options: (10, .table([0: .int32(-1)])),
        inputs: [T("a", type: type, shape: [2, 2]), T("b", type: type, shape: [2, 1])],
        outputs: [T("c", type: type, shape: [])], feeds: [a, b])
      let row = 2 * size
      let expected =
        Array(a[0..<row]) + Array(b[0..<size]) + Array(a[row..<(2 * row)])
        + Array(b[size..<(2 * size)])
      #expect(try interpreter.outputBytes(at: 0) == expected, "type \(type)")
    }
  }

  @Test("CONCATENATION of scalars makes a vector")
  func concatenationScalars() throws {
    let interpreter = try S.run(
      S.concatenation, options: (10, .table([0: .int32(0)])),
      inputs: [.float("a", []), .float("b", [], [5]), .float("c", [])],
      outputs: [.float("d", [])], feeds: [S.bytes([Float(1)]), S.bytes([Float(9)])])
    #expect(try interpreter.output(at: 0).shape == [3])
    #expect(try interpreter.outputFloats(at: 0) == [1, 5, 9])
  }

  @Test("CONCATENATION checks axes, shapes and quantization at load")
  func concatenationErrors() throws {
    let badAxis = S.loadError(
      S.concatenation, options: (10, .table([0: .int32(2)])),
      inputs: [.float("a", [2, 2]), .float("b", [2, 2])], outputs: [.float("c", [])])
    #expect(badAxis?.description.contains("axis 2 is out of range") == true)
    let badNegative = S.loadError(
      S.concatenation, options: (10, .table([0: .int32(-3)])),
      inputs: [.float("a", [2, 2]), .float("b", [2, 2])], outputs: [.float("c", [])])
    #expect(badNegative != nil)
    let mismatch = S.loadError(
      S.concatenation, options: (10, .table([0: .int32(0)])),
      inputs: [.float("a", [2, 2]), .float("b", [2, 3])], outputs: [.float("c", [])])
    #expect(mismatch?.description.contains("does not match") == true)
    let rank = S.loadError(
      S.concatenation, options: (10, .table([0: .int32(0)])),
      inputs: [.float("a", [2, 2]), .float("b", [2])], outputs: [.float("c", [])])
    #expect(rank?.description.contains("rank") == true)
    let types = S.loadError(
      S.concatenation, options: (10, .table([0: .int32(0)])),
      inputs: [.float("a", [2]), .int32("b", [2])], outputs: [.float("c", [])])
    #expect(types != nil)
    // uint8 CONCATENATION requantizes (QuantizedConcatenationTests); PACK does not, as TFLite.
    let requantize = S.loadError(
      S.pack, options: (59, .table([0: .int32(2), 1: .int32(0)])),
      inputs: [
        S.ints("a", S.uint8, [2], [UInt8]?.none, quantization: S.quantized(0.5, 128)),
        S.ints("b", S.uint8, [2], [UInt8]?.none, quantization: S.quantized(0.25, 128)),
      ],
      outputs: [S.ints("c", S.uint8, [], [UInt8]?.none, quantization: S.quantized(0.5, 128))])
    #expect(requantize?.description.contains("requantization is not supported") == true)
    // Equal quantization is plain data movement.
    let same = try S.run(
      S.concatenation, options: (10, .table([0: .int32(0)])),
      inputs: [
        S.ints("a", S.int8, [2], [Int8]?.none, quantization: S.quantized(0.5, -3)),
        S.ints("b", S.int8, [1], [Int8]?.none, quantization: S.quantized(0.5, -3)),
      ],
      outputs: [S.ints("c", S.int8, [], [Int8]?.none, quantization: S.quantized(0.5, -3))],
      feeds: [[1, 2], [0xFF]])
    #expect(try same.outputBytes(at: 0) == [1, 2, 0xFF])
  }

  // MARK: PACK

  @Test("PACK stacks along a new axis, negative axes counting from rank + 1")
  func pack() throws {
    let a: [Float] = [1, 2, 3, 4, 5, 6]  // [2, 3]
    let b: [Float] = [7, 8, 9, 10, 11, 12]
    let expected: [Int32: ([Int], [Float])] = [
      0: ([2, 2, 3], a + b),
      1: ([2, 2, 3], [1, 2, 3, 7, 8, 9, 4, 5, 6, 10, 11, 12]),
      2: ([2, 3, 2], [1, 7, 2, 8, 3, 9, 4, 10, 5, 11, 6, 12]),
      -1: ([2, 3, 2], [1, 7, 2, 8, 3, 9, 4, 10, 5, 11, 6, 12]),
      -3: ([2, 2, 3], a + b),
    ]
    for (axis, (shape, values)) in expected {
      let interpreter = try S.run(
        S.pack, options: (59, .table([0: .int32(2), 1: .int32(axis)])),
        inputs: [.float("a", [2, 3]), .float("b", [2, 3])], outputs: [.float("c", [])],
        feeds: [S.bytes(a), S.bytes(b)])
      #expect(try interpreter.output(at: 0).shape == shape, "axis \(axis)")
      #expect(try interpreter.outputFloats(at: 0) == values, "axis \(axis)")
    }
    // Scalars into a vector, int64.
    let scalars = try S.run(
      S.pack, options: (59, .table([0: .int32(3), 1: .int32(0)])),
      inputs: [
        S.ints("a", S.int64, [], [Int64(-4)]), S.ints("b", S.int64, [], [Int64]?.none),
        S.ints("c", S.int64, [], [Int64(1) << 40]),
      ],
      outputs: [S.ints("d", S.int64, [], [Int64]?.none)], feeds: [S.bytes([Int64(7)])])
    #expect(try S.values(scalars, as: Int64.self) == [-4, 7, 1 << 40])
    let count = S.loadError(
      S.pack, options: (59, .table([0: .int32(3), 1: .int32(0)])),
      inputs: [.float("a", [2]), .float("b", [2])], outputs: [.float("c", [])])
    #expect(count?.description.contains("values_count") == true)
    let axis = S.loadError(
      S.pack, options: (59, .table([0: .int32(2), 1: .int32(3)])),
      inputs: [.float("a", [2, 3]), .float("b", [2, 3])], outputs: [.float("c", [])])
    #expect(axis != nil)
    let shapes = S.loadError(
      S.pack, options: (59, .table([0: .int32(2), 1: .int32(0)])),
      inputs: [.float("a", [2, 3]), .float("b", [3, 2])], outputs: [.float("c", [])])
    #expect(shapes != nil)
  }

  // MARK: RESHAPE, SQUEEZE, EXPAND_DIMS

  @Test("RESHAPE takes its shape from a constant int32 input and infers -1")
  func reshapeFromTensor() throws {
    let values: [Float] = [1, 2, 3, 4, 5, 6]
    let interpreter = try S.run(
      S.reshape, inputs: [.float("x", [2, 3]), S.vector("shape", [3, -1])],
      outputs: [.float("y", [])], feeds: [S.bytes(values)])
    #expect(try interpreter.output(at: 0).shape == [3, 2])
    #expect(try interpreter.outputFloats(at: 0) == values)
    // The tensor wins over the options when both are given.
    let both = try S.run(
      S.reshape, options: (17, .table([0: .int32s([3, 2])])),
      inputs: [.float("x", [2, 3]), S.vector("shape", [6])], outputs: [.float("y", [])],
      feeds: [S.bytes(values)])
    #expect(try both.output(at: 0).shape == [6])
    // Zero-sized dimensions, as TFLite's ZeroInShape test.
    let zero = try S.run(
      S.reshape, inputs: [.float("x", [4, 0]), S.vector("shape", [2, 0, -1])],
      outputs: [.float("y", [])], feeds: [[]])
    #expect(try zero.output(at: 0).shape == [2, 0, 2])
  }

  @Test("RESHAPE falls back to new_shape, and no shape at all means a scalar")
  func reshapeFromOptions() throws {
    let options = try S.run(
      S.reshape, options: (17, .table([0: .int32s([-1, 1])])),
      inputs: [.float("x", [1, 4])], outputs: [.float("y", [])],
      feeds: [S.bytes([Float(1), 2, 3, 4])])
    #expect(try options.output(at: 0).shape == [4, 1])
    #expect(try options.outputFloats(at: 0) == [1, 2, 3, 4])
    // A scalar shape input is not a vector: the options decide.
    let scalarInput = try S.run(
      S.reshape, options: (17, .table([0: .int32s([2, 2])])),
      inputs: [.float("x", [4]), .int32("shape", [], [4])], outputs: [.float("y", [])],
      feeds: [S.bytes([Float(1), 2, 3, 4])])
    #expect(try scalarInput.output(at: 0).shape == [2, 2])
    // No shape anywhere: a scalar, which needs one element.
    let scalar = try S.run(
      S.reshape, inputs: [.float("x", [1, 1])], outputs: [.float("y", [5])],
      feeds: [S.bytes([Float(7)])])
    #expect(try scalar.output(at: 0).shape == [])
    #expect(try scalar.outputFloats(at: 0) == [7])
    // The legacy [0] new_shape means a scalar.
    let legacy = try S.run(
      S.reshape, options: (17, .table([0: .int32s([0])])), inputs: [.float("x", [1])],
      outputs: [.float("y", [])], feeds: [S.bytes([Float(3)])])
    #expect(try legacy.output(at: 0).shape == [])
    // An empty shape vector (no data) is a scalar too.
    let empty = try S.run(
      S.reshape, inputs: [.float("x", [1]), .int32("shape", [0])], outputs: [.float("y", [])],
      feeds: [S.bytes([Float(3)])])
    #expect(try empty.output(at: 0).shape == [])
    #expect(try empty.outputFloats(at: 0) == [3])
    // A constant [0] vector (one element, 0) is a shape with no elements: a mismatch.
    let legacyTensor = S.loadError(
      S.reshape, inputs: [.float("x", [1]), S.vector("shape", [0])], outputs: [.float("y", [])])
    #expect(legacyTensor?.description.contains("cannot reshape") == true)
    // An int64 shape vector is used when the options give none.
    let wide = try S.run(
      S.reshape, inputs: [.float("x", [2, 2]), S.ints("shape", S.int64, [1], [Int64(-1)])],
      outputs: [.float("y", [])], feeds: [S.bytes([Float(1), 2, 3, 4])])
    #expect(try wide.output(at: 0).shape == [4])
  }

  @Test("RESHAPE moves int8, bool and int64 bytes")
  func reshapeTypes() throws {
    for (type, size) in [(S.int8, 1), (S.bool, 1), (S.int64, 8), (S.float16, 2)] {
      let data = (0..<(6 * size)).map { UInt8(truncatingIfNeeded: $0 * 37 + 1) }
      let interpreter = try S.run(
        S.reshape, inputs: [T("x", type: type, shape: [2, 3]), S.vector("s", [3, 2])],
        outputs: [T("y", type: type, shape: [])], feeds: [data])
      #expect(try interpreter.outputBytes(at: 0) == data)
    }
  }

  @Test("RESHAPE rejects bad shapes and shapes known only at run time")
  func reshapeErrors() throws {
    let twoStretches = S.loadError(
      S.reshape, inputs: [.float("x", [2, 3]), S.vector("s", [-1, -1])],
      outputs: [.float("y", [])])
    #expect(twoStretches?.description.contains("two -1s") == true)
    let count = S.loadError(
      S.reshape, inputs: [.float("x", [2, 3]), S.vector("s", [4, 2])], outputs: [.float("y", [])])
    #expect(count?.description.contains("cannot reshape") == true)
    let negative = S.loadError(
      S.reshape, inputs: [.float("x", [2, 3]), S.vector("s", [-2, -3])],
      outputs: [.float("y", [])])
    #expect(negative?.description.contains("negative") == true)
    let dynamic = S.loadError(
      S.reshape, inputs: [.float("x", [2, 3]), .int32("s", [2])], outputs: [.float("y", [])])
    #expect(dynamic?.description.contains("the shape input must be constant") == true)
    if case .unsupportedNode(let name, _, _, _)? = dynamic {
      #expect(name == "RESHAPE")
    } else {
      Issue.record("expected unsupportedNode, got \(String(describing: dynamic))")
    }
  }

  @Test("SQUEEZE removes listed or all size-1 dimensions")
  func squeeze() throws {
    let values: [Float] = [1, 2, 3, 4, 5, 6]
    let cases: [([Int32], [Int])] = [
      ([], [2, 3]), ([0], [2, 1, 3]), ([-2], [1, 2, 3]), ([0, 2, -2], [2, 3]),
    ]
    for (dimensions, shape) in cases {
      let options: (UInt8, TestFlatBuffer)? =
        dimensions.isEmpty ? nil : (30, .table([0: .int32s(dimensions)]))
      let interpreter = try S.run(
        S.squeeze, options: options, inputs: [.float("x", [1, 2, 1, 3])],
        outputs: [.float("y", [])], feeds: [S.bytes(values)])
      #expect(try interpreter.output(at: 0).shape == shape, "\(dimensions)")
      #expect(try interpreter.outputFloats(at: 0) == values)
    }
    let notOne = S.loadError(
      S.squeeze, options: (30, .table([0: .int32s([1])])), inputs: [.float("x", [1, 2, 1, 3])],
      outputs: [.float("y", [])])
    #expect(notOne?.description.contains("cannot squeeze dimension 1 of size 2") == true)
    let range = S.loadError(
      S.squeeze, options: (30, .table([0: .int32s([4])])), inputs: [.float("x", [1, 2, 1, 3])],
      outputs: [.float("y", [])])
    #expect(range?.description.contains("out of range") == true)
  }

  @Test("EXPAND_DIMS inserts a dimension, negative axes counting from rank + 1")
  func expandDims() throws {
    let cases: [(Int32, [Int])] = [
      (0, [1, 2, 3]), (1, [2, 1, 3]), (2, [2, 3, 1]), (-1, [2, 3, 1]),
      (-3, [1, 2, 3]),
    ]
    for (axis, shape) in cases {
      let interpreter = try S.run(
        S.expandDims, inputs: [.int32("x", [2, 3]), .int32("axis", [1], [axis])],
        outputs: [.int32("y", [])], feeds: [S.bytes([Int32](1...6))])
      #expect(try interpreter.output(at: 0).shape == shape, "axis \(axis)")
      #expect(try S.values(interpreter, as: Int32.self) == [1, 2, 3, 4, 5, 6])
    }
    let range = S.loadError(
      S.expandDims, inputs: [.float("x", [2, 3]), .int32("axis", [], [3])],
      outputs: [.float("y", [])])
    #expect(range?.description.contains("out of range") == true)
    let dynamic = S.loadError(
      S.expandDims, inputs: [.float("x", [2, 3]), .int32("axis", [])], outputs: [.float("y", [])])
    #expect(dynamic?.description.contains("must be constant") == true)
  }

  // MARK: PAD, PADV2

  /// `values` of `shape` padded with `paddings` (before, after per dimension) and `fill`.
  static func padded<V>(_ values: [V], _ shape: [Int], _ paddings: [(Int, Int)], _ fill: V) -> [V] {
    let outputShape = zip(shape, paddings).map { $0 + $1.0 + $1.1 }
    let inputStrides = S.strides(shape)
    return S.indices(outputShape).map { index in
      var offset = 0
      for (axis, position) in index.enumerated() {
        let inner = position - paddings[axis].0
        if inner < 0 || inner >= shape[axis] { return fill }
        offset += inner * inputStrides[axis]
      }
      return values[offset]
    }
  }

  @Test("PAD and PADV2 pad float32 in every layout")
  func padLayouts() throws {
    var random = SplitMix64(seed: 11)
    let layouts: [([Int], [(Int, Int)])] = [
      ([2, 3], [(1, 0), (0, 2)]),
      ([1, 3, 3, 2], [(0, 0), (1, 1), (1, 1), (0, 0)]),
      ([1, 3, 3, 2], [(0, 0), (0, 0), (0, 0), (1, 2)]),
      ([2, 2, 2], [(1, 1), (0, 0), (0, 0)]),
      ([2, 1, 3], [(0, 0), (2, 0), (0, 0)]),
      ([3], [(0, 0)]),
      ([2, 2, 1, 2, 2], [(1, 0), (0, 1), (2, 2), (0, 0), (1, 1)]),
      ([], []),
      ([0, 2], [(1, 1), (0, 1)]),
    ]
    for (shape, paddings) in layouts {
      let count = shape.reduce(1, *)
      let values = (0..<count).map { _ in Float(Int(random.next() % 200)) - 100 }
      let flat = paddings.flatMap { [Int32($0.0), Int32($0.1)] }
      // PAD with zeros, and PADV2 with a value the zeroed arena cannot fake.
      for (threads, fill) in [(1, Float?.none), (3, Float?.none), (1, -0.5), (2, 7)] {
        var inputs: [T?] = [.float("x", shape), .int32("p", [shape.count, 2], flat)]
        if let fill { inputs.append(.float("v", [], [fill])) }
        let interpreter = try S.run(
          fill == nil ? S.pad : S.padV2, inputs: inputs, outputs: [.float("y", [])],
          feeds: [S.bytes(values)], threads: threads)
        #expect(
          try interpreter.output(at: 0).shape == zip(shape, paddings).map { $0 + $1.0 + $1.1 })
        #expect(
          try interpreter.outputFloats(at: 0) == Self.padded(values, shape, paddings, fill ?? 0),
          "\(shape) \(paddings) \(String(describing: fill))")
      }
    }
  }

  @Test("PADV2 pads with its constant or computed value; int64 paddings")
  func padV2() throws {
    let values: [Float] = [1, 2, 3, 4]
    let constant = try S.run(
      S.padV2,
      inputs: [
        .float("x", [2, 2]), S.ints("p", S.int64, [2, 2], [Int64(0), 1, 1, 0]),
        .float("v", [], [9.5]),
      ],
      outputs: [.float("y", [])], feeds: [S.bytes(values)])
    #expect(try constant.output(at: 0).shape == [3, 3])
    #expect(try constant.outputFloats(at: 0) == [9.5, 1, 2, 9.5, 3, 4, 9.5, 9.5, 9.5])
    let computed = try S.run(
      S.padV2,
      inputs: [.int32("x", [2]), .int32("p", [1, 2], [2, 1]), .int32("v", [1])],
      outputs: [.int32("y", [])], feeds: [S.bytes([Int32(5), 6]), S.bytes([Int32(-7)])])
    #expect(try S.values(computed, as: Int32.self) == [-7, -7, 5, 6, -7])
  }

  @Test("PAD on quantized 8-bit tensors pads with the zero point")
  func padZeroPoint() throws {
    let uint8 = try S.run(
      S.pad,
      inputs: [
        S.ints("x", S.uint8, [2], [UInt8]?.none, quantization: S.quantized(0.1, 128)),
        .int32("p", [1, 2], [1, 2]),
      ],
      outputs: [S.ints("y", S.uint8, [], [UInt8]?.none, quantization: S.quantized(0.1, 128))],
      feeds: [[3, 4]])
    #expect(try uint8.outputBytes(at: 0) == [128, 3, 4, 128, 128])
    let int8 = try S.run(
      S.pad,
      inputs: [
        S.ints("x", S.int8, [1, 2], [Int8]?.none, quantization: S.quantized(0.1, -5)),
        .int32("p", [2, 2], [0, 1, 0, 0]),
      ],
      outputs: [S.ints("y", S.int8, [], [Int8]?.none, quantization: S.quantized(0.1, -5))],
      feeds: [[1, 2]])
    #expect(try S.values(int8, as: Int8.self) == [1, 2, -5, -5])
    // Without quantization int8 pads with 0; uint8 always uses the zero point (0 when absent).
    let plain = try S.run(
      S.pad, inputs: [T("x", type: S.int8, shape: [1]), .int32("p", [1, 2], [1, 0])],
      outputs: [T("y", type: S.int8, shape: [])], feeds: [[0x7F]])
    #expect(try plain.outputBytes(at: 0) == [0, 0x7F])
    // A quantized pad value must share the output's quantization.
    let mismatch = S.loadError(
      S.padV2,
      inputs: [
        S.ints("x", S.uint8, [2], [UInt8]?.none, quantization: S.quantized(0.1, 128)),
        .int32("p", [1, 2], [1, 2]),
        S.ints("v", S.uint8, [], [UInt8(7)], quantization: S.quantized(0.2, 128)),
      ],
      outputs: [S.ints("y", S.uint8, [], [UInt8]?.none, quantization: S.quantized(0.1, 128))])
    #expect(mismatch?.description.contains("quantized differently") == true)
  }

  @Test("PAD rejects bad paddings at load")
  func padErrors() throws {
    let negative = S.loadError(
      S.pad, inputs: [.float("x", [2]), .int32("p", [1, 2], [-1, 0])], outputs: [.float("y", [])])
    #expect(negative?.description.contains("out of range") == true)
    let shape = S.loadError(
      S.pad, inputs: [.float("x", [2, 2]), .int32("p", [1, 2], [1, 1])],
      outputs: [.float("y", [])])
    #expect(shape?.description.contains("needs [2, 2]") == true)
    let dynamic = S.loadError(
      S.pad, inputs: [.float("x", [2]), .int32("p", [1, 2])], outputs: [.float("y", [])])
    #expect(dynamic?.description.contains("the paddings must be constant") == true)
    let valueType = S.loadError(
      S.padV2, inputs: [.float("x", [2]), .int32("p", [1, 2], [1, 1]), .int32("v", [], [1])],
      outputs: [.float("y", [])])
    #expect(valueType != nil)
  }

  // MARK: SLICE

  @Test("SLICE takes begin and size, -1 running to the end")
  func slice() throws {
    let values = (0..<12).map(Float.init)  // [3, 4]
    let interpreter = try S.run(
      S.slice, inputs: [.float("x", [3, 4]), S.vector("b", [1, 1]), S.vector("s", [2, -1])],
      outputs: [.float("y", [])], feeds: [S.bytes(values)])
    #expect(try interpreter.output(at: 0).shape == [2, 3])
    #expect(try interpreter.outputFloats(at: 0) == [5, 6, 7, 9, 10, 11])
    let wide = try S.run(
      S.slice,
      inputs: [
        S.ints("x", S.int16, [2, 3, 2], [Int16]?.none),
        S.ints("b", S.int64, [3], [Int64(1), 0, 1]), S.ints("s", S.int64, [3], [Int64(1), 2, 1]),
      ],
      outputs: [S.ints("y", S.int16, [], [Int16]?.none)], feeds: [S.bytes([Int16](0..<12))])
    #expect(try wide.output(at: 0).shape == [1, 2, 1])
    #expect(try S.values(wide, as: Int16.self) == [7, 9])
    let outside = S.loadError(
      S.slice, inputs: [.float("x", [3, 4]), S.vector("b", [2, 0]), S.vector("s", [2, 4])],
      outputs: [.float("y", [])])
    #expect(outside?.description.contains("does not fit") == true)
    let negative = S.loadError(
      S.slice, inputs: [.float("x", [3, 4]), S.vector("b", [-1, 0]), S.vector("s", [1, 4])],
      outputs: [.float("y", [])])
    #expect(negative?.description.contains("out of range") == true)
    let rank = S.loadError(
      S.slice, inputs: [.float("x", [3, 4]), S.vector("b", [0]), S.vector("s", [1])],
      outputs: [.float("y", [])])
    #expect(rank?.description.contains("rank 2") == true)
    let dynamic = S.loadError(
      S.slice, inputs: [.float("x", [3, 4]), .int32("b", [2]), S.vector("s", [1, 1])],
      outputs: [.float("y", [])])
    #expect(dynamic?.description.contains("begin must be constant") == true)
  }

  // MARK: SPLIT, SPLIT_V, UNPACK

  @Test("SPLIT divides an axis evenly; the axis input comes first")
  func split() throws {
    let values = (1...8).map(Float.init)
    let rows = try S.run(
      S.split, options: (35, .table([0: .int32(2)])),
      inputs: [.int32("axis", [], [0]), .float("x", [4, 2])],
      outputs: [.float("a", []), .float("b", [])], feeds: [S.bytes(values)])
    #expect(try rows.output(at: 0).shape == [2, 2])
    #expect(try rows.outputFloats(at: 0) == [1, 2, 3, 4])
    #expect(try rows.outputFloats(at: 1) == [5, 6, 7, 8])
    let columns = try S.run(
      S.split, options: (35, .table([0: .int32(2)])),
      inputs: [.int32("axis", [1], [-1]), .float("x", [2, 4])],
      outputs: [.float("a", []), .float("b", [])], feeds: [S.bytes(values)])
    #expect(try columns.output(at: 1).shape == [2, 2])
    #expect(try columns.outputFloats(at: 0) == [1, 2, 5, 6])
    #expect(try columns.outputFloats(at: 1) == [3, 4, 7, 8])
    let uneven = S.loadError(
      S.split, options: (35, .table([0: .int32(3)])),
      inputs: [.int32("axis", [], [0]), .float("x", [4, 2])],
      outputs: [.float("a", []), .float("b", []), .float("c", [])])
    #expect(uneven?.description.contains("does not split evenly") == true)
    let count = S.loadError(
      S.split, options: (35, .table([0: .int32(4)])),
      inputs: [.int32("axis", [], [0]), .float("x", [4, 2])],
      outputs: [.float("a", []), .float("b", [])])
    #expect(count?.description.contains("num_splits") == true)
    let dynamic = S.loadError(
      S.split, options: (35, .table([0: .int32(2)])),
      inputs: [.int32("axis", []), .float("x", [4, 2])],
      outputs: [.float("a", []), .float("b", [])])
    #expect(dynamic?.description.contains("must be constant") == true)
  }

  @Test("SPLIT_V takes sizes with one -1")
  func splitV() throws {
    let values = (0..<12).map(Float.init)  // [2, 6]
    let interpreter = try S.run(
      S.splitV, options: (79, .table([0: .int32(3)])),
      inputs: [.float("x", [2, 6]), S.vector("sizes", [1, -1, 2]), .int32("axis", [], [1])],
      outputs: [.float("a", []), .float("b", []), .float("c", [])], feeds: [S.bytes(values)])
    #expect(try interpreter.output(at: 1).shape == [2, 3])
    #expect(try interpreter.outputFloats(at: 0) == [0, 6])
    #expect(try interpreter.outputFloats(at: 1) == [1, 2, 3, 7, 8, 9])
    #expect(try interpreter.outputFloats(at: 2) == [4, 5, 10, 11])
    // A zero-sized part and a negative axis.
    let zero = try S.run(
      S.splitV, options: (79, .table([0: .int32(2)])),
      inputs: [.float("x", [2, 6]), S.vector("sizes", [0, 2]), .int32("axis", [], [-2])],
      outputs: [.float("a", []), .float("b", [])], feeds: [S.bytes(values)])
    #expect(try zero.output(at: 0).shape == [0, 6])
    #expect(try zero.outputFloats(at: 1) == values)
    let sum = S.loadError(
      S.splitV, options: (79, .table([0: .int32(2)])),
      inputs: [.float("x", [2, 6]), S.vector("sizes", [1, 2]), .int32("axis", [], [1])],
      outputs: [.float("a", []), .float("b", [])])
    #expect(sum?.description.contains("must sum to 6") == true)
    let twice = S.loadError(
      S.splitV, options: (79, .table([0: .int32(2)])),
      inputs: [.float("x", [2, 6]), S.vector("sizes", [-1, -1]), .int32("axis", [], [1])],
      outputs: [.float("a", []), .float("b", [])])
    #expect(twice?.description.contains("two -1s") == true)
  }

  @Test("UNPACK removes an axis into num outputs")
  func unpack() throws {
    let values: [Int32] = [1, 2, 3, 4, 5, 6]  // [3, 2]
    let rows = try S.run(
      S.unpack, options: (64, .table([0: .int32(3), 1: .int32(0)])),
      inputs: [.int32("x", [3, 2])], outputs: [.int32("a", []), .int32("b", []), .int32("c", [])],
      feeds: [S.bytes(values)])
    #expect(try rows.output(at: 2).shape == [2])
    #expect(try S.values(rows, 0, as: Int32.self) == [1, 2])
    #expect(try S.values(rows, 2, as: Int32.self) == [5, 6])
    let columns = try S.run(
      S.unpack, options: (64, .table([0: .int32(2), 1: .int32(-1)])),
      inputs: [.int32("x", [3, 2])], outputs: [.int32("a", []), .int32("b", [])],
      feeds: [S.bytes(values)])
    #expect(try columns.output(at: 0).shape == [3])
    #expect(try S.values(columns, 0, as: Int32.self) == [1, 3, 5])
    #expect(try S.values(columns, 1, as: Int32.self) == [2, 4, 6])
    let count = S.loadError(
      S.unpack, options: (64, .table([0: .int32(2), 1: .int32(0)])),
      inputs: [.int32("x", [3, 2])], outputs: [.int32("a", []), .int32("b", [])])
    #expect(count?.description.contains("num is 2 but dimension 0 has size 3") == true)
  }

  // MARK: TRANSPOSE

  @Test("TRANSPOSE permutes dimensions, negative entries counting from the end")
  func transpose() throws {
    let values = (0..<6).map(Float.init)  // [2, 3]
    for permutation: [Int32] in [[1, 0], [-1, 0], [1, -2]] {
      let interpreter = try S.run(
        S.transpose, inputs: [.float("x", [2, 3]), S.vector("p", permutation)],
        outputs: [.float("y", [])], feeds: [S.bytes(values)])
      #expect(try interpreter.output(at: 0).shape == [3, 2])
      #expect(try interpreter.outputFloats(at: 0) == [0, 3, 1, 4, 2, 5])
    }
    let duplicate = S.loadError(
      S.transpose, inputs: [.float("x", [2, 3]), S.vector("p", [0, 0])], outputs: [.float("y", [])])
    #expect(duplicate?.description.contains("repeats dimension 0") == true)
    let length = S.loadError(
      S.transpose, inputs: [.float("x", [2, 3]), S.vector("p", [0])], outputs: [.float("y", [])])
    #expect(length?.description.contains("1 entries for rank 2") == true)
    let range = S.loadError(
      S.transpose, inputs: [.float("x", [2, 3]), S.vector("p", [0, 2])], outputs: [.float("y", [])])
    #expect(range?.description.contains("out of range") == true)
    let dynamic = S.loadError(
      S.transpose, inputs: [.float("x", [2, 3]), .int32("p", [2])], outputs: [.float("y", [])])
    #expect(dynamic?.description.contains("the permutation must be constant") == true)
  }

  // MARK: SHAPE

  @Test("SHAPE gives the input's dimensions as int32 or int64")
  func shape() throws {
    let int32 = try S.run(
      S.shape, options: (55, .table([0: .int8(2)])), inputs: [.float("x", [2, 3, 5])],
      outputs: [.int32("s", [])], feeds: [S.bytes([Float](repeating: 0, count: 30))])
    #expect(try int32.output(at: 0).shape == [3])
    #expect(try S.values(int32, as: Int32.self) == [2, 3, 5])
    let int64 = try S.run(
      S.shape, options: (55, .table([0: .int8(4)])), inputs: [T("x", type: S.uint8, shape: [7])],
      outputs: [S.ints("s", S.int64, [], [Int64]?.none)], feeds: [[UInt8](repeating: 0, count: 7)])
    #expect(try S.values(int64, as: Int64.self) == [7])
    // Absent options: the output tensor's type decides.
    let absent = try S.run(
      S.shape, inputs: [.float("x", [])], outputs: [.int32("s", [])], feeds: [S.bytes([Float(1)])])
    #expect(try absent.output(at: 0).shape == [0])
    let mismatch = S.loadError(
      S.shape, options: (55, .table([0: .int8(4)])), inputs: [.float("x", [2])],
      outputs: [.int32("s", [])])
    #expect(mismatch?.description.contains("out_type is int64") == true)
  }

  @Test("constant SHAPE → STRIDED_SLICE → PACK → RESHAPE chains fold at load")
  func foldedChain() throws {
    typealias M = SyntheticModel
    // shape(c)[1:2] packed with -1 gives the new shape [3, -1] for x [2, 3] → [3, 2].
    let tensors: [TestFlatBuffer] = [
      M.tensor("x", shape: [2, 3]),
      M.tensor("c", shape: [4, 3], buffer: 1),
      M.tensor("shape", shape: [2], type: 2),
      M.tensor("begin", shape: [1], type: 2, buffer: 2),
      M.tensor("end", shape: [1], type: 2, buffer: 3),
      M.tensor("strides", shape: [1], type: 2, buffer: 4),
      M.tensor("three", shape: [], type: 2),
      M.tensor("minus", shape: [], type: 2, buffer: 5),
      M.tensor("new", shape: [2], type: 2),
      M.tensor("y", shape: [3, 2]),
    ]
    let buffer = { (values: [Int32]) in
      TestFlatBuffer.table([0: .bytes(SingleOpModel.bytes(values))])
    }
    let model = M.model(
      opcodes: [
        M.opcode(builtin: S.shape), M.opcode(builtin: S.stridedSlice), M.opcode(builtin: S.pack),
        M.opcode(builtin: S.reshape),
      ],
      tensors: tensors, inputs: [0], outputs: [9],
      operators: [
        M.op(0, inputs: [1], outputs: [2], options: (55, .table([0: .int8(2)]))),
        M.op(1, inputs: [2, 3, 4, 5], outputs: [6], options: (32, .table([4: .int32(1)]))),
        M.op(2, inputs: [6, 7], outputs: [8], options: (59, .table([0: .int32(2)]))),
        M.op(3, inputs: [0, 8], outputs: [9]),
      ],
      buffers: [
        .table([:]), .table([0: .bytes(SingleOpModel.bytes([Float](repeating: 0, count: 12)))]),
        buffer([1]), buffer([2]), buffer([1]), buffer([-1]),
      ])
    let interpreter = try ModelInterpreter(model: ModelFile(bytes: M.bytes(model)))
    #expect(interpreter.foldedNodeCount == 3)
    #expect(try interpreter.output(at: 0).shape == [3, 2])
    try interpreter.setInput(at: 0, floats: [1, 2, 3, 4, 5, 6])
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0) == [1, 2, 3, 4, 5, 6])
  }

  @Test("SHAPE of a model input feeds a RESHAPE chain")
  func shapeOfInputChain() throws {
    typealias M = SyntheticModel
    // y = reshape(x, pack(shape(x)[1], -1)) for x [2, 3]: the new shape [3, -1].
    let tensors: [TestFlatBuffer] = [
      M.tensor("x", shape: [2, 3]), M.tensor("shape", shape: [2], type: 2),
      M.tensor("begin", shape: [1], type: 2, buffer: 1),
      M.tensor("end", shape: [1], type: 2, buffer: 2),
      M.tensor("strides", shape: [1], type: 2, buffer: 1),
      M.tensor("three", shape: [], type: 2), M.tensor("minus", shape: [], type: 2, buffer: 3),
      M.tensor("new", shape: [2], type: 2), M.tensor("y", shape: [3, 2]),
    ]
    let buffer = { (values: [Int32]) in
      TestFlatBuffer.table([0: .bytes(SingleOpModel.bytes(values))])
    }
    let model = M.model(
      opcodes: [
        M.opcode(builtin: S.shape), M.opcode(builtin: S.stridedSlice), M.opcode(builtin: S.pack),
        M.opcode(builtin: S.reshape),
      ],
      tensors: tensors, inputs: [0], outputs: [8],
      operators: [
        M.op(0, inputs: [0], outputs: [1], options: (55, .table([0: .int8(2)]))),
        M.op(1, inputs: [1, 2, 3, 4], outputs: [5], options: (32, .table([4: .int32(1)]))),
        M.op(2, inputs: [5, 6], outputs: [7], options: (59, .table([0: .int32(2)]))),
        M.op(3, inputs: [0, 7], outputs: [8]),
      ],
      buffers: [.table([:]), buffer([1]), buffer([2]), buffer([-1])])
    // SHAPE never reads its input's data, so its output is known at load, as in TFLite: the
    // engine folds the whole chain and RESHAPE sees a constant shape.
    let interpreter = try ModelInterpreter(model: ModelFile(bytes: M.bytes(model)))
    #expect(interpreter.foldedNodeCount == 3)
    #expect(try interpreter.output(at: 0).shape == [3, 2])
    try interpreter.setInput(at: 0, floats: [1, 2, 3, 4, 5, 6])
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0) == [1, 2, 3, 4, 5, 6])
  }

  // MARK: GATHER

  @Test("GATHER along positive and negative axes with int16, int32 and int64 indices")
  func gather() throws {
    let values = (0..<6).map(Float.init)  // [3, 2]
    let rows = try S.run(
      S.gather, inputs: [.float("x", [3, 2]), S.vector("i", [2, 0, 2])],
      outputs: [.float("y", [])], feeds: [S.bytes(values)])
    #expect(try rows.output(at: 0).shape == [3, 2])
    #expect(try rows.outputFloats(at: 0) == [4, 5, 0, 1, 4, 5])
    let columns = try S.run(
      S.gather, options: (23, .table([0: .int32(-1)])),
      inputs: [.float("x", [3, 2]), S.ints("i", S.int64, [2, 1], [Int64(1), 0])],
      outputs: [.float("y", [])], feeds: [S.bytes(values)])
    #expect(try columns.output(at: 0).shape == [3, 2, 1])
    #expect(try columns.outputFloats(at: 0) == [1, 0, 3, 2, 5, 4])
    let scalarIndex = try S.run(
      S.gather, inputs: [.float("x", [3, 2]), S.ints("i", S.int16, [], [Int16(1)])],
      outputs: [.float("y", [])], feeds: [S.bytes(values)])
    #expect(try scalarIndex.output(at: 0).shape == [2])
    #expect(try scalarIndex.outputFloats(at: 0) == [2, 3])
  }

  @Test("GATHER with batch_dims")
  func gatherBatchDims() throws {
    // params [2, 3], indices [2, 2], axis 1, batch_dims 1: out[b, j] = params[b, idx[b, j]].
    let interpreter = try S.run(
      S.gather, options: (23, .table([0: .int32(1), 1: .int32(1)])),
      inputs: [.int32("x", [2, 3]), .int32("i", [2, 2])], outputs: [.int32("y", [])],
      feeds: [S.bytes([Int32(10), 11, 12, 20, 21, 22]), S.bytes([Int32(2), 0, 1, 1])])
    #expect(try interpreter.output(at: 0).shape == [2, 2])
    #expect(try S.values(interpreter, as: Int32.self) == [12, 10, 21, 21])
    // Negative batch_dims counts from the indices' rank.
    let negative = try S.run(
      S.gather, options: (23, .table([0: .int32(1), 1: .int32(-1)])),
      inputs: [.int32("x", [2, 3]), .int32("i", [2, 2])], outputs: [.int32("y", [])],
      feeds: [S.bytes([Int32(10), 11, 12, 20, 21, 22]), S.bytes([Int32(2), 0, 1, 1])])
    #expect(try S.values(negative, as: Int32.self) == [12, 10, 21, 21])
    let tooMany = S.loadError(
      S.gather, options: (23, .table([0: .int32(0), 1: .int32(1)])),
      inputs: [.int32("x", [2, 3]), .int32("i", [2, 2])], outputs: [.int32("y", [])])
    #expect(tooMany?.description.contains("batch_dims") == true)
  }

  @Test("GATHER rejects constant out-of-range indices and zero-fills computed ones")
  func gatherOutOfRange() throws {
    let constant = S.loadError(
      S.gather, inputs: [.float("x", [3, 2]), S.vector("i", [0, 3])], outputs: [.float("y", [])])
    #expect(constant?.description.contains("index 3 at position 1 is out of range 0..<3") == true)
    let negative = S.loadError(
      S.gather, inputs: [.float("x", [3, 2]), S.vector("i", [-1])], outputs: [.float("y", [])])
    #expect(negative != nil)
    let computed = try S.run(
      S.gather, inputs: [.float("x", [3, 2]), .int32("i", [3])], outputs: [.float("y", [])],
      feeds: [S.bytes([Float(1), 2, 3, 4, 5, 6]), S.bytes([Int32(1), 2, 0])])
    #expect(try computed.outputFloats(at: 0) == [3, 4, 5, 6, 1, 2])
    // Out-of-range indices overwrite their slices with zeros.
    try computed.setInput(at: 1, bytes: S.bytes([Int32(1), 7, -2]))
    try computed.invoke()
    #expect(try computed.outputFloats(at: 0) == [3, 4, 0, 0, 0, 0])
    // An empty axis has no valid index at all.
    let empty = try S.run(
      S.gather, inputs: [.float("x", [0, 2]), .int32("i", [1])], outputs: [.float("y", [])],
      feeds: [[], S.bytes([Int32(0)])])
    #expect(try empty.output(at: 0).shape == [1, 2])
    #expect(try empty.outputFloats(at: 0) == [0, 0])
    let axis = S.loadError(
      S.gather, options: (23, .table([0: .int32(2)])),
      inputs: [.float("x", [3, 2]), S.vector("i", [0])], outputs: [.float("y", [])])
    #expect(axis?.description.contains("axis 2 is out of range") == true)
  }

  // MARK: DEPTH_TO_SPACE, SPACE_TO_DEPTH

  @Test("DEPTH_TO_SPACE and SPACE_TO_DEPTH follow TensorFlow's documented example")
  func depthSpace() throws {
    // tf.nn.depth_to_space's documentation: [1, 2, 2, 4] with block 2.
    let depth = (1...16).map(Float.init)
    let space: [Float] = [1, 2, 5, 6, 3, 4, 7, 8, 9, 10, 13, 14, 11, 12, 15, 16]
    let toSpace = try S.run(
      S.depthToSpace, options: (94, .table([0: .int32(2)])), inputs: [.float("x", [1, 2, 2, 4])],
      outputs: [.float("y", [])], feeds: [S.bytes(depth)])
    #expect(try toSpace.output(at: 0).shape == [1, 4, 4, 1])
    #expect(try toSpace.outputFloats(at: 0) == space)
    let toDepth = try S.run(
      S.spaceToDepth, options: (19, .table([0: .int32(2)])), inputs: [.float("x", [1, 4, 4, 1])],
      outputs: [.float("y", [])], feeds: [S.bytes(space)])
    #expect(try toDepth.output(at: 0).shape == [1, 2, 2, 4])
    #expect(try toDepth.outputFloats(at: 0) == depth)
  }

  @Test("DEPTH_TO_SPACE and SPACE_TO_DEPTH match reshape-transpose references on random shapes")
  func depthSpaceRandom() throws {
    var random = SplitMix64(seed: 5)
    for _ in 0..<12 {
      let block = Int(random.next() % 3) + 1
      let (n, h, w, c) = (
        Int(random.next() % 2) + 1, Int(random.next() % 3) + 1, Int(random.next() % 3) + 1,
        Int(random.next() % 3) + 1
      )
      // DEPTH_TO_SPACE: [n, h, w, b, b, c] → transpose [0, 1, 3, 2, 4, 5].
      let input = (0..<(n * h * w * block * block * c)).map { _ in
        Int32(truncatingIfNeeded: random.next())
      }
      let expected = S.transposed(input, [n, h, w, block, block, c], [0, 1, 3, 2, 4, 5])
      let toSpace = try S.run(
        S.depthToSpace, options: (94, .table([0: .int32(Int32(block))])),
        inputs: [.int32("x", [n, h, w, block * block * c])], outputs: [.int32("y", [])],
        feeds: [S.bytes(input)])
      #expect(try toSpace.output(at: 0).shape == [n, h * block, w * block, c])
      #expect(try S.values(toSpace, as: Int32.self) == expected)
      // SPACE_TO_DEPTH is the inverse permutation.
      let toDepth = try S.run(
        S.spaceToDepth, options: (19, .table([0: .int32(Int32(block))])),
        inputs: [.int32("x", [n, h * block, w * block, c])], outputs: [.int32("y", [])],
        feeds: [S.bytes(expected)])
      #expect(try S.values(toDepth, as: Int32.self) == input)
    }
    let depth = S.loadError(
      S.depthToSpace, options: (94, .table([0: .int32(2)])), inputs: [.float("x", [1, 2, 2, 6])],
      outputs: [.float("y", [])])
    #expect(depth?.description.contains("not a multiple of block_size") == true)
    let spatial = S.loadError(
      S.spaceToDepth, options: (19, .table([0: .int32(2)])), inputs: [.float("x", [1, 3, 4, 1])],
      outputs: [.float("y", [])])
    #expect(spatial?.description.contains("multiples of block_size") == true)
    let block = S.loadError(
      S.spaceToDepth, inputs: [.float("x", [1, 2, 2, 1])], outputs: [.float("y", [])])
    #expect(block?.description.contains("block_size 0") == true)
    let rank = S.loadError(
      S.depthToSpace, options: (94, .table([0: .int32(2)])), inputs: [.float("x", [2, 2, 4])],
      outputs: [.float("y", [])])
    #expect(rank?.description.contains("4-D") == true)
  }

  // MARK: SPACE_TO_BATCH_ND, BATCH_TO_SPACE_ND

  /// TensorFlow's definition: pad, reshape to [n, h/bh, bh, w/bw, bw, c], move the block
  /// offsets to the front.
  static func spaceToBatch(
    _ values: [Int32], _ shape: [Int], block: (Int, Int), paddings: [Int], fill: Int32
  ) -> [Int32] {
    let (n, h, w, c) = (shape[0], shape[1], shape[2], shape[3])
    let paddedValues = padded(
      values, shape, [(0, 0), (paddings[0], paddings[1]), (paddings[2], paddings[3]), (0, 0)], fill)
    let (ph, pw) = (h + paddings[0] + paddings[1], w + paddings[2] + paddings[3])
    return S.transposed(
      paddedValues, [n, ph / block.0, block.0, pw / block.1, block.1, c], [2, 4, 0, 1, 3, 5])
  }

  @Test("SPACE_TO_BATCH_ND and BATCH_TO_SPACE_ND match TensorFlow's definition")
  func spaceBatch() throws {
    var random = SplitMix64(seed: 21)
    for _ in 0..<16 {
      let block = (Int(random.next() % 3) + 1, Int(random.next() % 3) + 1)
      let n = Int(random.next() % 2) + 1
      let c = Int(random.next() % 3) + 1
      let before = (Int(random.next() % 3), Int(random.next() % 3))
      let hh = Int(random.next() % 3) + 1
      let ww = Int(random.next() % 3) + 1
      // Choose input sizes so that padded sizes divide by the block.
      let h = max(1, hh * block.0 - before.0)
      let w = max(1, ww * block.1 - before.1)
      let after = (
        (block.0 - (h + before.0) % block.0) % block.0,
        (block.1 - (w + before.1) % block.1) % block.1
      )
      let paddings = [before.0, after.0, before.1, after.1]
      let input = (0..<(n * h * w * c)).map { _ in Int32(truncatingIfNeeded: random.next() % 1000) }
      let expected = Self.spaceToBatch(
        input, [n, h, w, c], block: block, paddings: paddings, fill: 0)
      let toBatch = try S.run(
        S.spaceToBatch,
        inputs: [
          .int32("x", [n, h, w, c]), S.vector("b", [Int32(block.0), Int32(block.1)]),
          .int32("p", [2, 2], paddings.map { Int32($0) }),
        ],
        outputs: [.int32("y", [])], feeds: [S.bytes(input)])
      let outputShape = [
        n * block.0 * block.1, (h + before.0 + after.0) / block.0,
        (w + before.1 + after.1) / block.1,
        c,
      ]
      #expect(try toBatch.output(at: 0).shape == outputShape)
      #expect(try S.values(toBatch, as: Int32.self) == expected)
      // BATCH_TO_SPACE_ND with the paddings as crops gives the input back.
      let toSpace = try S.run(
        S.batchToSpace,
        inputs: [
          .int32("x", outputShape), S.vector("b", [Int32(block.0), Int32(block.1)]),
          .int32("c", [2, 2], paddings.map { Int32($0) }),
        ],
        outputs: [.int32("y", [])], feeds: [S.bytes(expected)])
      #expect(try toSpace.output(at: 0).shape == [n, h, w, c])
      #expect(try S.values(toSpace, as: Int32.self) == input)
    }
  }

  @Test("SPACE_TO_BATCH_ND on 3-D input and uint8 padding with the zero point")
  func spaceBatchThreeD() throws {
    // NHC [1, 4, 1] with block [2] and paddings [[1, 1]]: padded [z, 1, 2, 3, 4, z].
    let interpreter = try S.run(
      S.spaceToBatch,
      inputs: [
        S.ints("x", S.uint8, [1, 4, 1], [UInt8]?.none, quantization: S.quantized(0.5, 9)),
        S.vector("b", [2]), .int32("p", [1, 2], [1, 1]),
      ],
      outputs: [S.ints("y", S.uint8, [], [UInt8]?.none, quantization: S.quantized(0.5, 9))],
      feeds: [[1, 2, 3, 4]])
    #expect(try interpreter.output(at: 0).shape == [2, 3, 1])
    #expect(try interpreter.outputBytes(at: 0) == [9, 2, 4, 1, 3, 9])
    let back = try S.run(
      S.batchToSpace,
      inputs: [.float("x", [2, 3, 1]), S.vector("b", [2]), .int32("c", [1, 2], [1, 1])],
      outputs: [.float("y", [])], feeds: [S.bytes([Float(0), 2, 4, 1, 3, 0])])
    #expect(try back.outputFloats(at: 0) == [1, 2, 3, 4])
  }

  @Test("SPACE_TO_BATCH_ND and BATCH_TO_SPACE_ND reject bad blocks at load")
  func spaceBatchErrors() throws {
    let indivisible = S.loadError(
      S.spaceToBatch,
      inputs: [
        .float("x", [1, 3, 3, 1]), S.vector("b", [2, 2]), .int32("p", [2, 2], [0, 0, 0, 0]),
      ],
      outputs: [.float("y", [])])
    #expect(indivisible?.description.contains("not a multiple of block_shape") == true)
    let batch = S.loadError(
      S.batchToSpace,
      inputs: [
        .float("x", [3, 2, 2, 1]), S.vector("b", [2, 2]), .int32("c", [2, 2], [0, 0, 0, 0]),
      ],
      outputs: [.float("y", [])])
    #expect(batch?.description.contains("not a multiple of the block size") == true)
    let zero = S.loadError(
      S.spaceToBatch,
      inputs: [
        .float("x", [1, 2, 2, 1]), S.vector("b", [0, 2]), .int32("p", [2, 2], [0, 0, 0, 0]),
      ],
      outputs: [.float("y", [])])
    #expect(zero?.description.contains("must be positive") == true)
    let dynamic = S.loadError(
      S.batchToSpace,
      inputs: [.float("x", [4, 2, 2, 1]), .int32("b", [2]), .int32("c", [2, 2], [0, 0, 0, 0])],
      outputs: [.float("y", [])])
    #expect(dynamic?.description.contains("block_shape must be constant") == true)
    let crops = S.loadError(
      S.batchToSpace,
      inputs: [
        .float("x", [4, 1, 1, 1]), S.vector("b", [2, 2]), .int32("c", [2, 2], [2, 1, 0, 0]),
      ],
      outputs: [.float("y", [])])
    #expect(crops?.description.contains("remove more than") == true)
  }
}
