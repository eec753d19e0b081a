import Imaging

/// One box the detector model proposed, in upright (display) pixels: the class-agnostic
/// proposal step's unit.
struct ObjectProposal: Sendable, Equatable {
  /// The box in the upright image, whole-pixel edges, clamped to it, non-empty.
  var rect: ImageRect
  /// The detector's score (calibrated if the model has calibration).
  var score: Float
  /// The detector's class index.
  var classIndex: Int
  /// The detector's class text.
  var className: String
  /// The model output row it came from (the tie-breaker).
  var row: Int

  /// Class-agnostic greedy non-maximum suppression: proposals sorted by descending score (ties:
  /// ascending row), each dropped when its IoU with an already kept one is strictly above
  /// `iouThreshold`. The result keeps that order.
  static func suppressed(_ proposals: [ObjectProposal], iouThreshold: Double) -> [ObjectProposal] {
    let sorted = proposals.sorted {
      $0.score > $1.score || ($0.score == $1.score && $0.row < $1.row)
    }
    var kept: [ObjectProposal] = []
    for proposal in sorted
    where !kept.contains(where: {
      $0.rect.intersectionOverUnion(proposal.rect) > iouThreshold
    }) {
      kept.append(proposal)
    }
    return kept
  }
}
