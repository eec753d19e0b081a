/// One scored box during non-max suppression: an anchor's score for a class.
///
/// Candidates are ordered by ``ranksBefore(_:)``: higher score first, equal scores by ascending
/// anchor index, which is the order upstream's stable sort gives.
struct DetectionCandidate {
  /// The (dequantized) score; never NaN once a candidate passed the score threshold.
  var score: Float
  /// The anchor (box) index.
  var anchor: Int32
  /// The class index among the non-background classes.
  var classIndex: Int32

  /// True when `self` comes before `other`: a higher score, or an equal score and a lower
  /// anchor index. A strict total order on candidates without NaN scores.
  @inline(__always)
  func ranksBefore(_ other: DetectionCandidate) -> Bool {
    score > other.score || (score == other.score && anchor < other.anchor)
  }
}
