/// Where the inputs of each output of a reduction are: the input's dimensions after dropping
/// 1s and merging neighbours (``ReduceOperation/mergedDimensions(_:reducing:)``), split into
/// kept and reduced ones, with the innermost run (kept or reduced) apart, since it is the
/// contiguous one. Shared by the float, integer and bool reductions.
struct ReducePlan {
  /// Number of input elements folded into each output.
  let reducedCount: Int
  /// Kept dimensions, outermost first (sizes, strides in input elements); when ``innerKept``,
  /// without the innermost run.
  let keptSizes, keptStrides: [Int]
  /// Reduced dimensions likewise; when not ``innerKept``, without the innermost run.
  let reducedSizes, reducedStrides: [Int]
  /// True when the innermost input dimension is kept (outputs are rows of ``inner`` values).
  let innerKept: Bool
  /// Length of the innermost contiguous run (kept or reduced).
  let inner: Int

  /// The plan of reducing an input of shape `input` (`inputCount` elements) over `axes`
  /// (resolved, in range). An empty input has nothing to fold: its plan is empty.
  init(input: [Int], inputCount: Int, reducing axes: Set<Int>) {
    let input = inputCount == 0 ? [] : input
    let axes = inputCount == 0 ? [] : axes
    reducedCount = axes.reduce(1) { $0 * input[$1] }
    var merged = ReduceOperation.mergedDimensions(input, reducing: axes)
    var strides = [Int](repeating: 1, count: merged.count)
    for index in stride(from: merged.count - 2, through: 0, by: -1) {
      strides[index] = strides[index + 1] * merged[index + 1].size
    }
    let last = merged.removeLast()
    strides.removeLast()
    innerKept = !last.reduced
    inner = last.size
    keptSizes = merged.filter { !$0.reduced }.map(\.size)
    keptStrides = zip(merged, strides).filter { !$0.0.reduced }.map(\.1)
    reducedSizes = merged.filter(\.reduced).map(\.size)
    reducedStrides = zip(merged, strides).filter { $0.0.reduced }.map(\.1)
  }

  /// Input offset of kept position `index` (row-major over ``keptSizes``).
  @inline(__always)
  func keptOffset(_ index: Int) -> Int {
    var remainder = index
    var offset = 0
    for dimension in stride(from: keptSizes.count - 1, through: 0, by: -1) {
      offset += (remainder % keptSizes[dimension]) * keptStrides[dimension]
      remainder /= keptSizes[dimension]
    }
    return offset
  }

  /// Calls `body` with the input offset (relative to a kept position) of every reduced
  /// position of ``reducedSizes``, in row-major order.
  func forEachReduced(_ level: Int = 0, offset: Int = 0, _ body: (Int) -> Void) {
    guard level < reducedSizes.count else {
      body(offset)
      return
    }
    let stride = reducedStrides[level]
    for index in 0..<reducedSizes[level] {
      forEachReduced(level + 1, offset: offset + index * stride, body)
    }
  }

  /// Calls `body` with the input offset of every element folded into output `index`, in
  /// row-major input order (the order TFLite's reference kernels fold them in).
  @inline(__always)
  func forEachInput(of index: Int, _ body: (Int) -> Void) {
    if innerKept {
      let base = keptOffset(index / inner) + index % inner
      forEachReduced { body(base + $0) }
    } else {
      let base = keptOffset(index)
      let inner = self.inner
      forEachReduced { offset in
        for k in 0..<inner { body(base + offset + k) }
      }
    }
  }
}
