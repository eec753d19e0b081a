/// How the stream-mode tracker associates detections with tracks (BEHAVIOR.md D-4).
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

  /// The defaults: IoU ≥ 0.3, up to 3 missed frames kept (dropped on the 4th), a gap over
  /// 500 ms drops every track.
  public init(minimumIoU: Double = 0.3, maxMissedFrames: Int = 3, maxGapMilliseconds: Int64 = 500) {
    self.minimumIoU = minimumIoU
    self.maxMissedFrames = maxMissedFrames
    self.maxGapMilliseconds = maxGapMilliseconds
  }
}
