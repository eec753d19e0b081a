/// A track's carried custom-classifier labels and when they were computed.
struct TrackLabels: Sendable {
  /// The labels, best first.
  var labels: [ObjectLabel]
  /// The stream frame number (0 = the detector's first stream frame) they were computed on.
  var frame: Int
  /// The object's box area then, in upright pixels².
  var area: Double
}
