import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// STRIDED_SLICE: TFLite's own test vectors, every mask, `offset`, load-time errors, and random
/// specs against an independent implementation of TensorFlow's documented semantics.
@Suite("STRIDED_SLICE")
struct StridedSliceTests {
  typealias S = ShapeOps

  /// One slice: input shape, spec, masks (begin, end, ellipsis, new axis, shrink), offset.
  struct Spec: CustomStringConvertible {
    var shape: [Int]
    var begin: [Int]
    var end: [Int]
    var strides: [Int]
    var masks: (begin: Int, end: Int, ellipsis: Int, newAxis: Int, shrink: Int) = (0, 0, 0, 0, 0)
    var offset = false

    var description: String {
      "shape \(shape) begin \(begin) end \(end) strides \(strides) masks \(masks) offset \(offset)"
    }

    var options: (UInt8, TestFlatBuffer) {
      (
        32,
        .table([
          0: .int32(Int32(masks.begin)), 1: .int32(Int32(masks.end)),
          2: .int32(Int32(masks.ellipsis)), 3: .int32(Int32(masks.newAxis)),
          4: .int32(Int32(masks.shrink)), 5: .bool(offset),
        ])
      )
    }

    func inputs(type: Int8) -> [SingleOpModel.Tensor?] {
      [
        SingleOpModel.Tensor("x", type: type, shape: shape),
        S.vector("begin", begin.map { Int32($0) }), S.vector("end", end.map { Int32($0) }),
        S.vector("strides", strides.map { Int32($0) }),
      ]
    }
  }

  /// Runs `spec` on int32 data `1...n` and returns the output shape and values.
  static func run(_ spec: Spec, threads: Int = 1) throws -> ([Int], [Int32]) {
    let count = spec.shape.reduce(1, *)
    let interpreter = try S.run(
      S.stridedSlice, options: spec.options, inputs: spec.inputs(type: S.int32),
      outputs: [.int32("y", [])], feeds: [S.bytes((0..<count).map { Int32($0 + 1) })],
      threads: threads)
    return (try interpreter.output(at: 0).shape, try S.values(interpreter, as: Int32.self))
  }

  static func error(_ spec: Spec) -> InterpreterError? {
    S.loadError(
      S.stridedSlice, options: spec.options, inputs: spec.inputs(type: S.int32),
      outputs: [.int32("y", [])])
  }

  // MARK: TFLite's test vectors

  @Test(
    "TFLite's strided_slice_test vectors",
    arguments: [
      // In1D, negative and out-of-range begin/end, masks.
      (Spec(shape: [4], begin: [1], end: [3], strides: [1]), [2], [2, 3]),
      (Spec(shape: [4], begin: [10], end: [3], strides: [1]), [0], []),
      (Spec(shape: [4], begin: [-3], end: [3], strides: [1]), [2], [2, 3]),
      (Spec(shape: [4], begin: [-5], end: [3], strides: [1]), [3], [1, 2, 3]),
      (Spec(shape: [4], begin: [1], end: [-2], strides: [1]), [1], [2]),
      (Spec(shape: [4], begin: [-3], end: [5], strides: [1]), [3], [2, 3, 4]),
      (
        Spec(shape: [4], begin: [1], end: [3], strides: [1], masks: (1, 0, 0, 0, 0)), [3],
        [1, 2, 3]
      ),
      (Spec(shape: [4], begin: [-2], end: [-3], strides: [-1]), [1], [3]),
      (Spec(shape: [4], begin: [5], end: [2], strides: [-1]), [1], [4]),
      (Spec(shape: [4], begin: [2], end: [-4], strides: [-1]), [2], [3, 2]),
      (Spec(shape: [4], begin: [-3], end: [-5], strides: [-1]), [2], [2, 1]),
      (
        Spec(shape: [4], begin: [1], end: [3], strides: [1], masks: (0, 1, 0, 0, 0)), [3],
        [2, 3, 4]
      ),
      (Spec(shape: [3], begin: [-1], end: [-4], strides: [-1]), [3], [3, 2, 1]),
      (Spec(shape: [2], begin: [0], end: [2], strides: [2]), [1], [1]),
      (Spec(shape: [3], begin: [0], end: [3], strides: [2]), [2], [1, 3]),
      (Spec(shape: [4], begin: [-3], end: [-4], strides: [-1]), [1], [2]),
      (Spec(shape: [4], begin: [-4], end: [-3], strides: [1]), [1], [1]),
      // In2D.
      (Spec(shape: [2, 3], begin: [1, 0], end: [2, 2], strides: [1, 1]), [1, 2], [4, 5]),
      (Spec(shape: [2, 3], begin: [0, 0], end: [2, 3], strides: [2, 2]), [1, 2], [1, 3]),
      (
        Spec(shape: [2, 3], begin: [1, -1], end: [2, -4], strides: [2, -1]), [1, 3], [6, 5, 4]
      ),
      (
        Spec(
          shape: [2, 3], begin: [1, 0], end: [2, 2], strides: [1, 1], masks: (1, 0, 0, 0, 0)),
        [2, 2], [1, 2, 4, 5]
      ),
      (
        Spec(
          shape: [2, 3], begin: [1, 0], end: [2, 2], strides: [1, 1], masks: (0, 2, 0, 0, 0)),
        [1, 3], [4, 5, 6]
      ),
      (
        Spec(
          shape: [2, 3], begin: [1, -2], end: [2, -4], strides: [1, -1], masks: (2, 0, 0, 0, 0)),
        [1, 3], [6, 5, 4]
      ),
      (
        Spec(
          shape: [2, 3], begin: [1, -2], end: [2, -3], strides: [1, -1], masks: (0, 2, 0, 0, 0)),
        [1, 2], [5, 4]
      ),
      (
        Spec(
          shape: [2, 3], begin: [0, -1], end: [2, -3], strides: [1, -1], masks: (0, 2, 0, 0, 0)),
        [2, 3], [3, 2, 1, 6, 5, 4]
      ),
      // In3D.
      (
        Spec(shape: [2, 3, 2], begin: [-1, -1, -1], end: [-3, -4, -3], strides: [-1, -1, -1]),
        [2, 3, 2], [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
      ),
      (
        Spec(shape: [2, 3, 2], begin: [0, 0, 0], end: [2, 3, 2], strides: [2, 2, 2]), [1, 2, 1],
        [1, 5]
      ),
      (
        Spec(shape: [2, 3, 2], begin: [0], end: [1], strides: [1]), [1, 3, 2], [1, 2, 3, 4, 5, 6]
      ),
      (
        Spec(
          shape: [1, 1, 2], begin: [1, 0, 0], end: [0, -1, -1], strides: [1, 1, 1],
          masks: (6, 7, 0, 0, 0)),
        [0, 1, 2], []
      ),
      // Shrink axes.
      (Spec(shape: [4], begin: [1], end: [2], strides: [1], masks: (0, 0, 0, 0, 1)), [], [2]),
      (Spec(shape: [4], begin: [-1], end: [0], strides: [1], masks: (0, 0, 0, 0, 1)), [], [4]),
      (
        Spec(
          shape: [4, 1], begin: [-2, -1], end: [-1, 0], strides: [1, 1], masks: (0, 0, 0, 0, 3)),
        [], [3]
      ),
      (
        Spec(
          shape: [4, 1], begin: [0, -1], end: [0, 0], strides: [1, 1], masks: (1, 1, 0, 0, 2)),
        [4], [1, 2, 3, 4]
      ),
      (Spec(shape: [4], begin: [1], end: [1], strides: [1], masks: (1, 0, 0, 0, 1)), [], [1]),
      (
        Spec(
          shape: [2, 3], begin: [0, 0], end: [1, 3], strides: [1, 1], masks: (0, 0, 0, 0, 1)), [3],
        [1, 2, 3]
      ),
      (
        Spec(
          shape: [2, 3], begin: [0, 0], end: [2, 1], strides: [1, 1], masks: (0, 0, 0, 0, 2)), [2],
        [1, 4]
      ),
      (
        Spec(
          shape: [2, 3, 2], begin: [0, 0, 0], end: [2, 3, 1], strides: [1, 1, 1],
          masks: (0, 0, 0, 0, 4)), [2, 3], [1, 3, 5, 7, 9, 11]
      ),
      (
        Spec(
          shape: [2, 3, 2], begin: [0, 0, 0], end: [1, 1, 1], strides: [1, 1, 1],
          masks: (0, 0, 0, 0, 7)), [], [1]
      ),
      (
        Spec(
          shape: [2, 2], begin: [0, -1], end: [0, 0], strides: [1, -1], masks: (1, 1, 0, 0, 1)),
        [1], [2]
      ),
      (
        Spec(shape: [2, 3, 2], begin: [0], end: [1], strides: [1], masks: (0, 0, 0, 0, 1)), [3, 2],
        [1, 2, 3, 4, 5, 6]
      ),
      // Ellipsis and new axes.
      (
        Spec(
          shape: [2, 3, 2], begin: [0, 0, 0], end: [1, 2, 1], strides: [1, 1, 1],
          masks: (0, 0, 1, 2, 0)),
        [2, 3, 1, 1], [1, 3, 5, 7, 9, 11]
      ),
      (
        Spec(
          shape: [2, 3, 2], begin: [0, 0, 0], end: [1, 2, 1], strides: [1, 1, 1],
          masks: (0, 0, 2, 1, 0)),
        [1, 2, 3, 1], [1, 3, 5, 7, 9, 11]
      ),
      (
        Spec(
          shape: [2, 3, 2], begin: [0, 0, 0], end: [1, 2, 1], strides: [1, 1, 1],
          masks: (0, 0, 2, 5, 0)),
        [1, 2, 3, 2, 1], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
      ),
      (
        Spec(
          shape: [2, 3, 2], begin: [0, 0, 0], end: [1, 2, 1], strides: [1, 1, 1],
          masks: (0, 0, 2, 2, 0)),
        [1, 3, 1], [1, 3, 5]
      ),
      (
        Spec(
          shape: [2, 3, 2], begin: [0, 0, 0], end: [1, 2, 1], strides: [1, 1, 1],
          masks: (0, 0, 4, 2, 0)),
        [1, 1, 3, 2], [1, 2, 3, 4, 5, 6]
      ),
      (
        Spec(
          shape: [2, 3, 2], begin: [0, 0, 0], end: [1, 2, 1], strides: [1, 1, 1],
          masks: (0, 0, 2, 0, 0)),
        [1, 3, 1], [1, 3, 5]
      ),
      (
        Spec(
          shape: [2, 3, 2], begin: [0, 0, 0], end: [1, 3, 1], strides: [1, 1, 1],
          masks: (0, 0, 0, 2, 0)),
        [1, 1, 1, 2], [1, 2]
      ),
      (
        Spec(
          shape: [2, 3, 2], begin: [0, 0, 0], end: [1, 3, 1], strides: [1, 1, 1],
          masks: (0, 0, 0, 1, 0)),
        [1, 2, 1, 2], [1, 2, 7, 8]
      ),
      // 5-D and 6-D.
      (
        Spec(
          shape: [2, 2, 2, 1, 2], begin: [0, 0, 0, 0, 0], end: [2, 1, 2, 1, 2],
          strides: [1, 1, 1, 1, 1]),
        [2, 1, 2, 1, 2], [1, 2, 3, 4, 9, 10, 11, 12]
      ),
      (
        Spec(
          shape: [2, 2, 2, 1, 2], begin: [0, 0, 0, 0, 0], end: [2, 1, 2, 1, 2],
          strides: [1, 1, 1, 1, 1],
          masks: (0, 0, 0, 0, 1)),
        [1, 2, 1, 2], [1, 2, 3, 4]
      ),
      (
        Spec(
          shape: [2, 1, 1, 1, 1, 3], begin: [1, 0, 0, 0, 0, 1], end: [2, 1, 1, 1, 1, 3],
          strides: [1, 1, 1, 1, 1, 1]),
        [1, 1, 1, 1, 1, 2], [5, 6]
      ),
      // Empty input.
      (Spec(shape: [0], begin: [1], end: [3], strides: [1]), [0], []),
    ] as [(Spec, [Int], [Int32])])
  func vectors(spec: Spec, shape: [Int], values: [Int32]) throws {
    let (outputShape, output) = try Self.run(spec)
    #expect(outputShape == shape, "\(spec)")
    #expect(output == values, "\(spec)")
  }

  @Test("offset: end is a size counted from begin")
  func offset() throws {
    var spec = Spec(shape: [10], begin: [1], end: [3], strides: [1])
    spec.offset = true
    #expect(try Self.run(spec) == ([3], [2, 3, 4]))
    spec = Spec(shape: [3, 4], begin: [0, 1], end: [2, 2], strides: [1, 1])
    spec.offset = true
    #expect(try Self.run(spec) == ([2, 2], [2, 3, 6, 7]))
    // TFLite's OffsetConstantStride and OffsetConstantNegativeStride (there 0-based data).
    spec = Spec(shape: [5, 6], begin: [0, 1], end: [4, 3], strides: [2, 2])
    spec.offset = true
    #expect(try Self.run(spec) == ([2, 2], [2, 4, 14, 16]))
    spec = Spec(shape: [5, 6], begin: [4, 4], end: [-4, -3], strides: [-2, -2])
    spec.offset = true
    #expect(try Self.run(spec) == ([2, 2], [29, 27, 17, 15]))
    // Running past the end would give TFLite a shape its data do not fill: rejected.
    spec = Spec(shape: [4], begin: [3], end: [2], strides: [1])
    spec.offset = true
    #expect(Self.error(spec)?.description.contains("offset slice") == true)
  }

  @Test("a shrunk axis with a negative stride takes the element at begin")
  func shrinkNegativeStride() throws {
    let spec = Spec(
      shape: [2, 3], begin: [1, 0], end: [0, 3], strides: [-1, 1], masks: (0, 0, 0, 0, 1))
    #expect(try Self.run(spec) == ([3], [4, 5, 6]))
  }

  @Test("STRIDED_SLICE rejects bad specs and non-constant indices at load")
  func errors() throws {
    let zero = Self.error(Spec(shape: [4], begin: [0], end: [4], strides: [0]))
    #expect(zero?.description.contains("stride of dimension 0 is zero") == true)
    let shrink = Self.error(
      Spec(shape: [1], begin: [1], end: [2], strides: [1], masks: (0, 0, 0, 0, 1)))
    #expect(shrink?.description.contains("shrunk index 1 is out of range") == true)
    let lengths = Self.error(Spec(shape: [4, 4], begin: [0, 0], end: [4], strides: [1, 1]))
    #expect(lengths?.description.contains("have 2, 1 and 2 values") == true)
    let ellipses = Self.error(
      Spec(shape: [4, 4], begin: [0, 0], end: [4, 4], strides: [1, 1], masks: (0, 0, 3, 0, 0)))
    #expect(ellipses?.description.contains("more than one ellipsis") == true)
    let pastSpec = Self.error(
      Spec(shape: [4, 4], begin: [0], end: [4], strides: [1], masks: (0, 0, 0, 2, 0)))
    #expect(pastSpec?.description.contains("past the 1 slice indices") == true)
    let dynamic = S.loadError(
      S.stridedSlice,
      inputs: [.int32("x", [4]), .int32("b", [1]), S.vector("e", [2]), S.vector("s", [1])],
      outputs: [.int32("y", [])])
    #expect(dynamic?.description.contains("begin must be constant") == true)
    let rankTwoBegin = S.loadError(
      S.stridedSlice,
      inputs: [
        .int32("x", [4]), .int32("b", [1, 1], [0]), S.vector("e", [2]), S.vector("s", [1]),
      ],
      outputs: [.int32("y", [])])
    #expect(rankTwoBegin?.description.contains("must be vectors") == true)
  }

  // MARK: Random specs against a reference

  /// TensorFlow's documented semantics (with TFLite's begin mask on shrunk axes), written
  /// independently: the spec expanded into one
  /// entry per output-or-shrunk dimension (an ellipsis standing for the dimensions the spec
  /// leaves out, new axes inserting size 1), each entry resolved like a Python slice. Returns
  /// the output shape and, per output element, the flat input index it copies; nil when a
  /// shrunk index is out of range.
  static func reference(_ spec: Spec) -> ([Int], [Int])? {
    let bit = { (mask: Int, index: Int) in mask & (1 << index) != 0 }
    let specCount = spec.begin.count
    let real = (0..<specCount).filter {
      !bit(spec.masks.ellipsis, $0) && !bit(spec.masks.newAxis, $0)
    }.count
    var axes: [(dimension: Int?, picks: [Int], kept: Bool)] = []
    var dimension = 0
    func full() {
      axes.append((dimension, Array(0..<spec.shape[dimension]), true))
      dimension += 1
    }
    for index in 0..<specCount {
      if bit(spec.masks.ellipsis, index) {
        for _ in 0..<(spec.shape.count - real) { full() }
      } else if bit(spec.masks.newAxis, index) {
        axes.append((nil, [0], true))
      } else {
        let n = spec.shape[dimension]
        let (b, e, s) = (spec.begin[index], spec.end[index], spec.strides[index])
        if bit(spec.masks.shrink, index) {
          // TFLite (unlike TensorFlow) lets a begin-mask bit pick the first element in the
          // direction of travel on a shrunk axis too.
          let position = bit(spec.masks.begin, index) ? (s > 0 ? 0 : n - 1) : (b < 0 ? b + n : b)
          guard position >= 0 && position < n else { return nil }
          axes.append((dimension, [position], false))
        } else if s > 0 {
          let low = bit(spec.masks.begin, index) ? 0 : (b < 0 ? max(b + n, 0) : min(b, n))
          let high = bit(spec.masks.end, index) ? n : (e < 0 ? max(e + n, 0) : min(e, n))
          axes.append((dimension, Array(stride(from: low, to: high, by: s)), true))
        } else {
          let low = bit(spec.masks.begin, index) ? n - 1 : (b < 0 ? max(b + n, -1) : min(b, n - 1))
          let high = bit(spec.masks.end, index) ? -1 : (e < 0 ? max(e + n, -1) : min(e, n - 1))
          axes.append((dimension, Array(stride(from: low, to: high, by: s)), true))
        }
        dimension += 1
      }
    }
    while dimension < spec.shape.count { full() }
    let inputStrides = S.strides(spec.shape)
    var sources = [0]
    for axis in axes {
      let step = axis.dimension.map { inputStrides[$0] } ?? 0
      sources = sources.flatMap { base in axis.picks.map { base + $0 * step } }
    }
    return (axes.filter(\.kept).map(\.picks.count), sources)
  }

  /// A random spec whose ellipsis, if any, stands for at least one dimension (TFLite and
  /// TensorFlow differ when it stands for none).
  static func randomSpec(_ random: inout SplitMix64) -> Spec {
    func pick(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(random.next() % UInt64(range.count))
    }
    let rank = pick(1...4)
    let shape = (0..<rank).map { _ in pick(0...9) == 0 ? 0 : pick(1...5) }
    let ellipsis = pick(0...2) == 0
    let real = pick(0...(ellipsis ? rank - 1 : rank))
    var kinds = [Int](repeating: 0, count: real)  // 0 real, 1 new axis, 2 ellipsis
    for _ in 0..<pick(0...2) { kinds.insert(1, at: pick(0...kinds.count)) }
    if ellipsis { kinds.insert(2, at: pick(0...kinds.count)) }
    var spec = Spec(shape: shape, begin: [], end: [], strides: [])
    var dimension = 0
    for (index, kind) in kinds.enumerated() {
      spec.begin.append(pick(-7...7))
      spec.end.append(pick(-7...7))
      spec.strides.append([-3, -2, -1, 1, 1, 2, 3][pick(0...6)])
      if pick(0...3) == 0 { spec.masks.begin |= 1 << index }
      if pick(0...3) == 0 { spec.masks.end |= 1 << index }
      switch kind {
      case 1: spec.masks.newAxis |= 1 << index
      case 2:
        spec.masks.ellipsis |= 1 << index
        dimension += rank - real
      default:
        let size = shape[dimension]
        if size > 0 && pick(0...4) == 0 {
          spec.masks.shrink |= 1 << index
          spec.begin[index] = pick(-size...(size - 1))
        }
        dimension += 1
      }
    }
    return spec
  }

  @Test("random specs match TensorFlow's semantics")
  func randomSpecs() throws {
    var random = SplitMix64(seed: 2024)
    for round in 0..<400 {
      let spec = Self.randomSpec(&random)
      let expected = try #require(Self.reference(spec), "\(spec)")
      let (shape, values) = try Self.run(spec, threads: round % 3 + 1)
      #expect(shape == expected.0, "\(spec)")
      #expect(values == expected.1.map { Int32($0 + 1) }, "\(spec)")
    }
  }

  @Test("random specs move every element type as bytes")
  func randomTypes() throws {
    var random = SplitMix64(seed: 77)
    let types: [(Int8, Int)] = [
      (S.float32, 4), (S.int64, 8), (S.uint8, 1), (S.int8, 1), (S.int16, 2), (S.bool, 1),
      (S.float16, 2),
    ]
    for round in 0..<70 {
      let spec = Self.randomSpec(&random)
      let (type, size) = types[round % types.count]
      let count = spec.shape.reduce(1, *)
      let data = (0..<(count * size)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let expected = try #require(Self.reference(spec), "\(spec)")
      let interpreter = try S.run(
        S.stridedSlice, options: spec.options, inputs: spec.inputs(type: type),
        outputs: [SingleOpModel.Tensor("y", type: type, shape: [])], feeds: [data])
      #expect(try interpreter.output(at: 0).shape == expected.0)
      let bytes = expected.1.flatMap { data[($0 * size)..<(($0 + 1) * size)] }
      #expect(try interpreter.outputBytes(at: 0) == bytes, "\(spec) type \(type)")
    }
  }
}
