/// How two shapes broadcast against each other, NumPy style: dimensions are aligned from the
/// right, and each pair must be equal or one of them 1.
struct Broadcast {
  /// The output shape.
  let shape: [Int]
  /// Element strides of the first operand per output dimension (0 where it is broadcast).
  let stridesA: [Int]
  /// Element strides of the second operand per output dimension (0 where it is broadcast).
  let stridesB: [Int]
  /// The same iteration with dimensions of 1 dropped and neighbours merged wherever both
  /// operands step through them as one (a scalar operand against `[1, 224, 224, 3]` is one
  /// dimension of 150 528): the runs ``forEachRun(in:_:)`` makes are as long as they can be.
  private let runShape, runStridesA, runStridesB: [Int]

  /// Broadcasts `a` and `b`, or returns nil when they are incompatible.
  init?(_ a: [Int], _ b: [Int]) {
    let rank = max(a.count, b.count)
    let paddedA = [Int](repeating: 1, count: rank - a.count) + a
    let paddedB = [Int](repeating: 1, count: rank - b.count) + b
    var shape: [Int] = []
    for (x, y) in zip(paddedA, paddedB) {
      guard x == y || x == 1 || y == 1 else { return nil }
      shape.append(x == 1 ? y : x)
    }
    self.shape = shape
    stridesA = Self.strides(paddedA, against: shape)
    stridesB = Self.strides(paddedB, against: shape)
    (runShape, runStridesA, runStridesB) = Self.coalesced(shape, stridesA, stridesB)
  }

  /// `shape` and the operands' strides without dimensions of 1 and with each dimension merged
  /// into the one outside it when both operands' outer stride is the inner stride times the
  /// inner size (row-major order and every offset unchanged).
  private static func coalesced(_ shape: [Int], _ a: [Int], _ b: [Int]) -> ([Int], [Int], [Int]) {
    var (runShape, runA, runB) = ([Int](), [Int](), [Int]())
    for dimension in shape.indices where shape[dimension] != 1 {
      let (size, strideA, strideB) = (shape[dimension], a[dimension], b[dimension])
      if let last = runShape.indices.last, runA[last] == strideA * size,
        runB[last] == strideB * size
      {
        (runShape[last], runA[last], runB[last]) = (runShape[last] * size, strideA, strideB)
      } else {
        runShape.append(size)
        runA.append(strideA)
        runB.append(strideB)
      }
    }
    return runShape.isEmpty ? (shape.isEmpty ? [] : [1], [0], [0]) : (runShape, runA, runB)
  }

  /// Row-major strides of `shape`, with 0 where a dimension of 1 is broadcast over `output`.
  private static func strides(_ shape: [Int], against output: [Int]) -> [Int] {
    var strides = [Int](repeating: 0, count: shape.count)
    var step = 1
    for dimension in (0..<shape.count).reversed() {
      strides[dimension] = shape[dimension] == 1 && output[dimension] != 1 ? 0 : step
      step *= shape[dimension]
    }
    return strides
  }

  /// Number of output elements.
  var count: Int { shape.reduce(1, *) }

  /// Calls `body(outputIndex, indexA, indexB)` for every output element in row-major order,
  /// for output elements `range` (so work can be split across threads).
  @inline(__always)
  func forEach(in range: Range<Int>, _ body: (Int, Int, Int) -> Void) {
    forEachRun(in: range) { output, a, b, run in
      let (stepA, stepB) = innerSteps
      for step in 0..<run { body(output + step, a + step * stepA, b + step * stepB) }
    }
  }

  /// The iteration as rows of runs when the merged dimensions are just two: the row count,
  /// and each operand's element step from one row to the next; nil otherwise.
  var rowsOfRuns: (rows: Int, stepA: Int, stepB: Int)? {
    runShape.count == 2 ? (runShape[0], runStridesA[0], runStridesB[0]) : nil
  }

  /// Output elements per run of ``forEachRun(in:_:)`` (the merged innermost dimension).
  var runLength: Int { runShape.last ?? 1 }

  /// The operands' element steps along the innermost dimension: 1, or 0 where broadcast.
  var innerSteps: (a: Int, b: Int) {
    runShape.isEmpty ? (0, 0) : (runStridesA[runShape.count - 1], runStridesB[runShape.count - 1])
  }

  /// Calls `body(outputIndex, indexA, indexB, count)` for each run of `count` consecutive output
  /// elements along the innermost dimension within `range`, in row-major order; within a run
  /// the operand indices advance by ``innerSteps``.
  @inline(__always)
  func forEachRun(in range: Range<Int>, _ body: (Int, Int, Int, Int) -> Void) {
    let (shape, stridesA, stridesB) = (runShape, runStridesA, runStridesB)
    let rank = shape.count
    guard rank > 0 else {
      if range.contains(0) { body(0, 0, 0, 1) }
      return
    }
    // Start position: the multi-index of range.lowerBound.
    var index = [Int](repeating: 0, count: rank)
    var remainder = range.lowerBound
    var offsetA = 0
    var offsetB = 0
    for dimension in (0..<rank).reversed() {
      index[dimension] = remainder % shape[dimension]
      remainder /= shape[dimension]
      offsetA += index[dimension] * stridesA[dimension]
      offsetB += index[dimension] * stridesB[dimension]
    }
    let innerSize = shape[rank - 1]
    let innerA = stridesA[rank - 1]
    let innerB = stridesB[rank - 1]
    var output = range.lowerBound
    while output < range.upperBound {
      // Run along the innermost dimension.
      let run = min(innerSize - index[rank - 1], range.upperBound - output)
      body(output, offsetA, offsetB, run)
      output += run
      offsetA += run * innerA
      offsetB += run * innerB
      index[rank - 1] += run
      // Carry into outer dimensions.
      var dimension = rank - 1
      while dimension > 0 && index[dimension] == shape[dimension] {
        offsetA -= index[dimension] * stridesA[dimension]
        offsetB -= index[dimension] * stridesB[dimension]
        index[dimension] = 0
        dimension -= 1
        index[dimension] += 1
        offsetA += stridesA[dimension]
        offsetB += stridesB[dimension]
      }
    }
  }
}
