import TFLiteModel

extension NonMaxSuppression {
  /// TFLite's IoU of NON_MAX_SUPPRESSION_V4/V5 (`ComputeIntersectionOverUnion` of
  /// `reference/non_max_suppression.h`): each box's corners `(y1, x1, y2, x2)` are first put in
  /// order with `std::min`/`std::max` (so either diagonal works), then 0 when either area is
  /// ≤ 0, else intersection / (area of `a` + area of `b` − intersection), all in `Float` with
  /// the C++ NaN semantics. `a` is the candidate, `b` the box selected before it.
  @inline(__always)
  public static func orderedCornersIntersectionOverUnion(_ a: Corners, _ b: Corners) -> Float {
    let (orderedA, orderedB) = (ordered(a), ordered(b))
    return intersectionOverUnion(orderedA, area: area(orderedA), orderedB, area: area(orderedB))
  }

  /// `box` with its corners put in order, `(min y, min x, max y, max x)`, with `std::min` and
  /// `std::max` (`y < x ? y : x` and `x < y ? y : x`, so NaN handling matches C++).
  @inline(__always)
  static func ordered(_ box: Corners) -> Corners {
    Corners(
      box[2] < box[0] ? box[2] : box[0], box[3] < box[1] ? box[3] : box[1],
      box[0] < box[2] ? box[2] : box[0], box[1] < box[3] ? box[3] : box[1])
  }

  /// What one V4/V5 pass needs besides the boxes and scores.
  public struct SoftParameters: Sendable {
    /// Most boxes to select.
    public var limit: Int
    /// A candidate whose IoU with a selected box is at least this is dropped.
    public var iouThreshold: Float
    /// Candidates must score strictly above this (also after decay).
    public var scoreThreshold: Float
    /// Soft-NMS σ: each overlap multiplies a candidate's score by `exp(−IoU² / 2σ)`; 0 (or
    /// less) for hard suppression only.
    public var sigma: Float

    public init(limit: Int, iouThreshold: Float, scoreThreshold: Float, sigma: Float) {
      (self.limit, self.iouThreshold, self.scoreThreshold, self.sigma) = (
        limit, iouThreshold, scoreThreshold, sigma
      )
    }
  }

  /// TFLite's NON_MAX_SUPPRESSION_V4/V5 (`reference_ops::NonMaxSuppression`), step for step:
  /// candidates scoring above the threshold enter a `Queue`; each one taken is compared with
  /// the boxes selected since it was last compared (newest first), dropped at the first IoU
  /// ≥ the threshold, otherwise decayed (σ > 0) until its score falls to the threshold. An
  /// undecayed candidate is selected; one still above the threshold goes back in the queue —
  /// a selected one too, as in TFLite (it is then dropped against itself, unless its IoU with
  /// itself is under the threshold, e.g. an empty box, when TFLite selects it again).
  ///
  /// `boxes` holds `count` corner quadruples, `scores` `count` scores; `queue` and
  /// `compared` are scratch of `count` elements. Writes the selected indices (and, when
  /// `selectedScores` is given, their final scores) and returns how many were selected.
  public static func softSelect(
    boxes: UnsafePointer<Float>, scores: UnsafePointer<Float>, count: Int,
    _ parameters: SoftParameters, queue storage: UnsafeMutablePointer<Candidate>,
    compared: UnsafeMutablePointer<Int32>, selectedIndices: UnsafeMutablePointer<Int32>,
    selectedScores: UnsafeMutablePointer<Float>?
  ) -> Int {
    var queue = Queue(storage: storage)
    for index in 0..<count where scores[index] > parameters.scoreThreshold {
      queue.push(Candidate(score: scores[index], index: Int32(index), classIndex: 0))
      compared[index] = 0
    }
    let outputs = min(queue.count, parameters.limit)
    let sigma = parameters.sigma
    // `-0.5 / soft_nms_sigma` is computed in double in TFLite, then stored as float.
    let scale = sigma > 0 ? Float(-0.5 / Double(sigma)) : 0
    let corners = UnsafeRawPointer(boxes)
    let box = { (index: Int) in corners.loadUnaligned(fromByteOffset: index * 16, as: Corners.self)
    }
    var selected = 0
    while selected < outputs && queue.count > 0 {
      var candidate = queue.pop()
      let original = candidate.score
      let index = Int(candidate.index)
      var hardSuppressed = false
      var previous = selected - 1
      while previous >= Int(compared[index]) {
        let iou = orderedCornersIntersectionOverUnion(
          box(index), box(Int(selectedIndices[previous])))
        if iou >= parameters.iouThreshold {
          hardSuppressed = true
          break
        }
        if sigma > 0 { candidate.score = candidate.score * CMath.expf(scale * iou * iou) }
        if candidate.score <= parameters.scoreThreshold { break }
        previous -= 1
      }
      compared[index] = Int32(truncatingIfNeeded: selected)
      guard !hardSuppressed else { continue }
      if candidate.score == original {
        selectedIndices[selected] = candidate.index
        selectedScores?[selected] = candidate.score
        selected += 1
      }
      if candidate.score > parameters.scoreThreshold { queue.push(candidate) }
    }
    return selected
  }
}
