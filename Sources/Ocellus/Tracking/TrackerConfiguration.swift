/// How the stream-mode tracker associates detections with tracks (SPEC D-4).
public struct TrackerConfiguration: Sendable, Equatable, Hashable {
  /// The smallest intersection-over-union (inclusive) for a detection to continue a track.
  public var minimumIoU: Double
  /// A track is dropped after this many consecutive frames without a matching detection.
  public var maxMissedFrames: Int
  /// Tracks are dropped when consecutive frames are more than this far apart, in milliseconds
  /// (strictly greater drops).
  public var maxGapMilliseconds: Int64

  /// The defaults: IoU ≥ 0.3, drop after 3 missed frames or a gap over 500 ms.
  public init(minimumIoU: Double = 0.3, maxMissedFrames: Int = 3, maxGapMilliseconds: Int64 = 500) {
    self.minimumIoU = minimumIoU
    self.maxMissedFrames = maxMissedFrames
    self.maxGapMilliseconds = maxGapMilliseconds
  }
}
