import Imaging

/// The two greedy matching passes of ``ObjectTracker``: by overlap, then by appearance. Both
/// take candidate pairs best first — ties go to the older track (lower ID), then the earlier
/// detection — and use each track and detection at most once.
enum TrackMatching {
  /// For each detection, the position in `tracks` of the track it continues, or nil: pairs
  /// with IoU ≥ `minimumIoU`, by descending IoU.
  static func byOverlap(
    _ detections: [ImageRect], tracks: ArraySlice<ObjectTracker.Track>, minimumIoU: Double
  ) -> [Int?] {
    var pairs: [Pair] = []
    for (position, track) in zip(tracks.indices, tracks) {
      for (detection, box) in detections.enumerated() {
        let iou = Double(track.frame.intersectionOverUnion(box))
        if iou >= minimumIoU {
          pairs.append(Pair(score: iou, trackID: track.id, track: position, detection: detection))
        }
      }
    }
    var result = [Int?](repeating: nil, count: detections.count)
    take(pairs, into: &result)
    return result
  }

  /// Fills `result`'s empty entries with tracks not yet used whose appearance is at least
  /// `minimumSimilarity` like the detection's, by descending similarity.
  static func byAppearance(
    _ appearances: [AppearanceSignature], tracks: [ObjectTracker.Track],
    minimumSimilarity: Double, into result: inout [Int?]
  ) {
    let used = Set(result.compactMap { $0 })
    var pairs: [Pair] = []
    for (position, track) in tracks.enumerated() where !used.contains(position) {
      guard let known = track.appearance else { continue }
      for (detection, seen) in appearances.enumerated() where result[detection] == nil {
        let similarity = known.similarity(to: seen)
        if similarity >= minimumSimilarity {
          pairs.append(
            Pair(score: similarity, trackID: track.id, track: position, detection: detection))
        }
      }
    }
    take(pairs, into: &result)
  }

  /// A candidate (track, detection) pair and how well they match.
  private struct Pair {
    var score: Double
    var trackID: Int
    var track: Int
    var detection: Int

    func ranksBefore(_ other: Pair) -> Bool {
      if score != other.score { return score > other.score }
      if trackID != other.trackID { return trackID < other.trackID }
      return detection < other.detection
    }
  }

  /// Takes `pairs` best first into the empty entries of `result`, each track once.
  private static func take(_ pairs: [Pair], into result: inout [Int?]) {
    var usedTracks = Set(result.compactMap { $0 })
    for pair in pairs.sorted(by: { $0.ranksBefore($1) })
    where result[pair.detection] == nil && !usedTracks.contains(pair.track) {
      result[pair.detection] = pair.track
      usedTracks.insert(pair.track)
    }
  }
}
