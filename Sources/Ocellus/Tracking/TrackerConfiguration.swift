/// How the stream-mode tracker associates detections with tracks and re-identifies objects
/// that come back (BEHAVIOR.md D-4, D.3).
public struct TrackerConfiguration: Sendable, Equatable, Hashable {
  /// The smallest intersection-over-union (inclusive) for a detection to continue a track.
  public var minimumIoU: Double
  /// A track survives up to this many consecutive frames without a matching detection and is
  /// dropped on the next miss (with 3: missed in frames 1–3 it can still be matched in frame
  /// 4; missed in frame 4 too, it is gone).
  public var maxMissedFrames: Int
  /// Tracks are dropped when consecutive frames are more than this far apart, in milliseconds
  /// (strictly greater drops).
  public var maxGapMilliseconds: Int64
  /// How many consecutive missed frames a dropped track is remembered for, to give its ID back
  /// to the same object when it returns (by appearance); 0 turns re-identification off. A track
  /// missed in more frames than this is forgotten.
  public var reidentificationFrames: Int
  /// The longest time a dropped track is remembered, in milliseconds since it was last seen
  /// (strictly longer forgets it).
  public var reidentificationMilliseconds: Int64
  /// The smallest ``AppearanceSignature/similarity(to:)`` (inclusive, in [0, 1]) for a
  /// detection to take back the ID of a track it does not overlap.
  public var minimumAppearanceSimilarity: Double

  /// The defaults: IoU ≥ 0.3, up to 3 missed frames kept (dropped on the 4th), a gap over
  /// 500 ms drops every track; a dropped track is remembered for 30 frames and 1,000 ms (about
  /// one second of a 30 fps stream) and comes back at an appearance similarity of 0.7 or more.
  public init(
    minimumIoU: Double = 0.3, maxMissedFrames: Int = 3, maxGapMilliseconds: Int64 = 500,
    reidentificationFrames: Int = 30, reidentificationMilliseconds: Int64 = 1000,
    minimumAppearanceSimilarity: Double = 0.7
  ) {
    self.minimumIoU = minimumIoU
    self.maxMissedFrames = maxMissedFrames
    self.maxGapMilliseconds = maxGapMilliseconds
    self.reidentificationFrames = reidentificationFrames
    self.reidentificationMilliseconds = reidentificationMilliseconds
    self.minimumAppearanceSimilarity = minimumAppearanceSimilarity
  }

  /// Whether dropped tracks are remembered for re-identification.
  public var reidentifies: Bool { reidentificationFrames > 0 && reidentificationMilliseconds > 0 }
}
