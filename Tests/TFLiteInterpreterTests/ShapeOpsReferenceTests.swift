import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// TRANSPOSE and GATHER on random shapes and types against plain element-by-element
/// implementations written here.
@Suite("Shape operators against references")
struct ShapeOpsReferenceTests {
  typealias S = ShapeOps

  static let types: [(Int8, Int)] = [
    (S.float32, 4), (S.int32, 4), (S.int64, 8), (S.uint8, 1), (S.int8, 1), (S.int16, 2),
    (S.bool, 1), (S.float16, 2),
  ]

  @Test("TRANSPOSE of random ranks up to 6 and random permutations")
  func transpose() throws {
    var random = SplitMix64(seed: 99)
    for round in 0..<60 {
      let rank = Int(random.next() % 6) + 1
      let shape = (0..<rank).map { _ in Int(random.next() % 4) + 1 }
      var permutation = Array(0..<rank)
      permutation.shuffle(using: &random)
      let (type, size) = Self.types[round % Self.types.count]
      let count = shape.reduce(1, *)
      let data = (0..<(count * size)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      // Reference on element indices, then expanded to bytes.
      let order = S.transposed(Array(0..<count), shape, permutation)
      let expected = order.flatMap { data[($0 * size)..<(($0 + 1) * size)] }
      // Negative entries are allowed: use them for odd rounds.
      let entries = permutation.map { round % 2 == 1 ? Int32($0 - rank) : Int32($0) }
      let interpreter = try S.run(
        S.transpose,
        inputs: [SingleOpModel.Tensor("x", type: type, shape: shape), S.vector("p", entries)],
        outputs: [SingleOpModel.Tensor("y", type: type, shape: [])], feeds: [data],
        threads: round % 3 + 1)
      #expect(try interpreter.output(at: 0).shape == permutation.map { shape[$0] })
      #expect(try interpreter.outputBytes(at: 0) == expected, "\(shape) \(permutation)")
    }
  }

  @Test(
    "TRANSPOSE moving a few channels last (channels-first inputs): long source runs written strided",
    arguments: [
      ([2, 3, 17, 23], [0, 2, 3, 1]), ([1, 5, 70], [0, 2, 1]), ([3, 2, 9, 11], [2, 3, 0, 1]),
      ([1, 1, 80, 2], [0, 3, 2, 1]),
    ])
  func channelsLast(shape: [Int], permutation: [Int]) throws {
    try Self.checkTranspose(shape, permutation, types: [(S.uint8, 1), (S.float32, 4)])
  }

  @Test(
    "TRANSPOSE in tiles: 4×4 blocks of 4-byte elements and their ragged edges, every type",
    arguments: [
      ([4, 4, 256, 16], [0, 1, 3, 2]), ([3, 37, 21], [0, 2, 1]), ([18, 35], [1, 0]),
      ([2, 16, 3, 19], [0, 3, 2, 1]),
    ])
  func tiles(shape: [Int], permutation: [Int]) throws {
    try Self.checkTranspose(
      shape, permutation, types: [(S.float32, 4), (S.int32, 4), (S.int16, 2), (S.int64, 8)])
  }

  /// TRANSPOSE of random bytes of `shape` by `permutation`, for each (type, element size) of
  /// `types`, on 1 and 3 threads, against the element-index reference.
  static func checkTranspose(_ shape: [Int], _ permutation: [Int], types: [(Int8, Int)]) throws {
    var random = SplitMix64(seed: UInt64(shape.reduce(1, *)))
    for (type, size) in types {
      let count = shape.reduce(1, *)
      let data = (0..<(count * size)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let order = S.transposed(Array(0..<count), shape, permutation)
      let expected = order.flatMap { data[($0 * size)..<(($0 + 1) * size)] }
      for threads in [1, 3] {
        let interpreter = try S.run(
          S.transpose,
          inputs: [
            SingleOpModel.Tensor("x", type: type, shape: shape),
            S.vector("p", permutation.map(Int32.init)),
          ],
          outputs: [SingleOpModel.Tensor("y", type: type, shape: [])], feeds: [data],
          threads: threads)
        #expect(try interpreter.outputBytes(at: 0) == expected, "\(shape) \(permutation)")
      }
    }
  }

  @Test("TRANSPOSE of a large matrix splits across threads identically")
  func transposeLarge() throws {
    let shape = [67, 129, 3]
    let values = (0..<(67 * 129 * 3)).map { Float($0) }
    let expected = S.transposed(values, shape, [1, 0, 2])
    for threads in [1, 4] {
      let interpreter = try S.run(
        S.transpose, inputs: [.float("x", shape), S.vector("p", [1, 0, 2])],
        outputs: [.float("y", [])], feeds: [S.bytes(values)], threads: threads)
      #expect(try interpreter.outputFloats(at: 0) == expected)
    }
  }

  /// GATHER written out: output index = input[..<axis] + indices[batchDims...] +
  /// input[(axis+1)...], the first batchDims indices shared by the input and the indices.
  static func gather(
    shape: [Int], indexShape: [Int], indices: [Int], axis: Int, batchDims: Int
  ) -> ([Int], [Int]) {
    let outputShape =
      Array(shape[..<axis]) + Array(indexShape[batchDims...]) + Array(shape[(axis + 1)...])
    let inputStrides = S.strides(shape)
    let indexStrides = S.strides(indexShape)
    let sources = S.indices(outputShape).map { index -> Int in
      let before = Array(index[..<axis])
      let chosen = Array(index[axis..<(axis + indexShape.count - batchDims)])
      let after = Array(index[(axis + indexShape.count - batchDims)...])
      let indexPosition = zip(Array(before[..<batchDims]) + chosen, indexStrides).map(*).reduce(
        0, +)
      let full = before + [indices[indexPosition]] + after
      return zip(full, inputStrides).map(*).reduce(0, +)
    }
    return (outputShape, sources)
  }

  @Test("GATHER on random shapes, axes, batch_dims and index types")
  func gather() throws {
    var random = SplitMix64(seed: 314)
    func pick(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(random.next() % UInt64(range.count))
    }
    let indexTypes: [(Int8, Int)] = [(S.int32, 4), (S.int64, 8), (S.int16, 2)]
    for round in 0..<80 {
      let rank = pick(1...4)
      let shape = (0..<rank).map { _ in pick(1...4) }
      let axis = pick(0...(rank - 1))
      let batchDims = pick(0...axis)
      let indexShape = Array(shape[..<batchDims]) + (0..<pick(0...2)).map { _ in pick(1...3) }
      let indexCount = indexShape.reduce(1, *)
      let indices = (0..<indexCount).map { _ in pick(0...(shape[axis] - 1)) }
      let (type, size) = Self.types[round % Self.types.count]
      let (indexType, indexSize) = indexTypes[round % indexTypes.count]
      let count = shape.reduce(1, *)
      let data = (0..<(count * size)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let indexBytes = indices.flatMap { value in
        (0..<indexSize).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
      }
      let (outputShape, sources) = Self.gather(
        shape: shape, indexShape: indexShape, indices: indices, axis: axis, batchDims: batchDims)
      let expected = sources.flatMap { data[($0 * size)..<(($0 + 1) * size)] }
      // Negative axis and batch_dims on odd rounds.
      let axisOption = round % 2 == 1 ? axis - rank : axis
      let batchOption =
        round % 2 == 1 && batchDims > 0 && batchDims < indexShape.count
        ? batchDims - indexShape.count : batchDims
      let constantIndices = round % 4 == 0
      let interpreter = try S.run(
        S.gather,
        options: (23, .table([0: .int32(Int32(axisOption)), 1: .int32(Int32(batchOption))])),
        inputs: [
          SingleOpModel.Tensor("x", type: type, shape: shape),
          SingleOpModel.Tensor(
            "i", type: indexType, shape: indexShape, data: constantIndices ? indexBytes : nil),
        ],
        outputs: [SingleOpModel.Tensor("y", type: type, shape: [])],
        feeds: constantIndices ? [data] : [data, indexBytes], threads: round % 3 + 1)
      #expect(try interpreter.output(at: 0).shape == outputShape)
      #expect(
        try interpreter.outputBytes(at: 0) == expected,
        "\(shape) axis \(axis) batch \(batchDims) indices \(indexShape) \(indices)")
    }
  }
}
