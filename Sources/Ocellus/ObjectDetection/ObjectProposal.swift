import Imaging
import TFLiteInterpreter

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

  /// Class-agnostic greedy non-maximum suppression (``NonMaxSuppression``): by descending score (ties:
  /// ascending row), each dropped when its IoU with an already kept one is strictly above
  /// `iouThreshold`. The result keeps that order.
  static func suppressed(_ proposals: [ObjectProposal], iouThreshold: Double) -> [ObjectProposal] {
    let byRow = proposals.sorted { $0.row < $1.row }
    let kept = NonMaxSuppression.select(
      boxes: byRow.map { $0.rect.corners }, scores: byRow.map(\.score),
      iouThreshold: Float(iouThreshold))
    return kept.map { byRow[$0] }
  }
}

extension ObjectProposal {
  /// The proposal of `detection` at `rect` (upright pixels); nil when `rect` is empty.
  init?(_ detection: Detection, rect: ImageRect) {
    guard rect.width > 0, rect.height > 0 else { return nil }
    self.init(
      rect: rect, score: detection.score, classIndex: detection.classIndex,
      className: detection.label, row: detection.row)
  }
}
