/// Greedy non-maximum suppression as TFLite's detection post-processing computes it: the one
/// NMS of Ocellus (the post-processing operator, object proposals, tracking overlap).
///
/// Boxes are corners `(ymin, xmin, ymax, xmax)` in any one unit (normalized or pixels).
/// Candidates are taken best first — higher score, equal scores by ascending index — and each
/// is kept when its IoU with every box kept before it is at most the threshold (a box is
/// suppressed when the IoU is strictly above it), until `limit` are kept.
public enum NonMaxSuppression {
  /// A box corner quadruple: ymin, xmin, ymax, xmax.
  public typealias Corners = SIMD4<Float>

  /// One scored box: its score, its index among the boxes, and a class index carried along.
  public struct Candidate: Sendable, Equatable {
    /// The score; NaN scores must be filtered out before suppression.
    public var score: Float
    /// The box index.
    public var index: Int32
    /// The class the score is for (carried, not compared).
    public var classIndex: Int32

    public init(score: Float, index: Int32, classIndex: Int32) {
      self.score = score
      self.index = index
      self.classIndex = classIndex
    }

    /// True when `self` comes before `other`: a higher score, or an equal score and a lower
    /// box index (the order of upstream's stable sort). A strict total order without NaN.
    @inline(__always)
    public func ranksBefore(_ other: Candidate) -> Bool {
      score > other.score || (score == other.score && index < other.index)
    }
  }

  /// The area of `box`, `(ymax − ymin) × (xmax − xmin)` in `Float` (negative or NaN when the
  /// box is inverted or NaN).
  @inline(__always)
  public static func area(_ box: Corners) -> Float { (box[2] - box[0]) * (box[3] - box[1]) }

  /// TFLite's IoU of two boxes with their ``area(_:)``s, in `Float`: 0 when either area is ≤ 0,
  /// with `std::max`/`std::min` semantics for the intersection (NaN propagates as there). The
  /// kept box is the first argument.
  @inline(__always)
  public static func intersectionOverUnion(
    _ a: Corners, area areaA: Float, _ b: Corners, area areaB: Float
  ) -> Float {
    if areaA <= 0 || areaB <= 0 { return 0 }
    // std::max(x, y) is `x < y ? y : x`; std::min(x, y) is `y < x ? y : x`.
    let ymin = a[0] < b[0] ? b[0] : a[0]
    let xmin = a[1] < b[1] ? b[1] : a[1]
    let ymax = b[2] < a[2] ? b[2] : a[2]
    let xmax = b[3] < a[3] ? b[3] : a[3]
    let height = ymax - ymin
    let width = xmax - xmin
    let intersection = (height < 0 ? 0 : height) * (width < 0 ? 0 : width)
    return intersection / (areaA + areaB - intersection)
  }

  /// The indices of the boxes kept, best first: candidates are the boxes whose score is not
  /// NaN and is at least `scoreThreshold` (inclusive).
  public static func select(
    boxes: [Corners], scores: [Float], iouThreshold: Float,
    scoreThreshold: Float = -.greatestFiniteMagnitude, limit: Int = .max
  ) -> [Int] {
    let count = min(boxes.count, scores.count)
    var candidates: [Candidate] = []
    for index in 0..<count where scores[index] >= scoreThreshold {
      candidates.append(Candidate(score: scores[index], index: Int32(index), classIndex: 0))
    }
    let areas = boxes.map(area)
    var kept = [Candidate](repeating: Candidate(score: 0, index: 0, classIndex: 0), count: count)
    let keptCount = candidates.withUnsafeMutableBufferPointer { heap in
      kept.withUnsafeMutableBufferPointer { selection in
        select(
          heap.baseAddress!, count: heap.count, limit: limit, iouThreshold: iouThreshold,
          into: selection.baseAddress!
        ) { previous, next in
          intersectionOverUnion(
            boxes[previous], area: areas[previous], boxes[next], area: areas[next])
        }
      }
    }
    return kept.prefix(keptCount).map { Int($0.index) }
  }

  /// One suppression pass over `heap[0..<count]` (consumed as a max-heap): candidates are taken
  /// best first and each kept (into `selection`, in order) when `overlap(kept, candidate)` —
  /// box indices, kept box first — is at most `iouThreshold` for every box kept before it,
  /// until `limit` are kept. Returns how many were kept.
  @inline(__always)
  public static func select(
    _ heap: UnsafeMutablePointer<Candidate>, count: Int, limit: Int, iouThreshold: Float,
    into selection: UnsafeMutablePointer<Candidate>, overlap: (Int, Int) -> Float
  ) -> Int {
    var size = count
    if size > 1 {
      for index in Swift.stride(from: size / 2 - 1, through: 0, by: -1) {
        siftDown(heap, from: index, size: size)
      }
    }
    var kept = 0
    while size > 0 && kept < limit {
      let candidate = heap[0]
      size -= 1
      if size > 0 {
        heap[0] = heap[size]
        siftDown(heap, from: 0, size: size)
      }
      let index = Int(candidate.index)
      var suppressed = false
      for previous in 0..<kept where overlap(Int(selection[previous].index), index) > iouThreshold {
        suppressed = true
        break
      }
      if !suppressed {
        selection[kept] = candidate
        kept += 1
      }
    }
    return kept
  }

  /// Restores the max-heap order (best candidate at the root) below `index`.
  @inline(__always)
  static func siftDown(_ heap: UnsafeMutablePointer<Candidate>, from index: Int, size: Int) {
    var parent = index
    let item = heap[parent]
    while true {
      var child = 2 * parent + 1
      guard child < size else { break }
      if child + 1 < size && heap[child + 1].ranksBefore(heap[child]) { child += 1 }
      guard heap[child].ranksBefore(item) else { break }
      heap[parent] = heap[child]
      parent = child
    }
    heap[parent] = item
  }
}
