import Imaging
import TFLiteInterpreter

/// The deterministic stream-mode tracker (BEHAVIOR.md D-3, BEHAVIOR.md D-4): greedy IoU association, IDs from a
/// counter that never repeats, tracks dropped after missed frames or a time gap, everything
/// reset when the frame size or orientation changes.
///
/// Association: every (track, detection) pair with IoU ≥ ``TrackerConfiguration/minimumIoU``
/// is a candidate; candidates are taken by descending IoU (ties: older track first, then the
/// earlier detection), each track and detection at most once. Unmatched detections start new
/// tracks in their given order. The result depends only on the inputs, never on timing or
/// threads.
public struct ObjectTracker: Sendable {
  /// One tracked object as the tracker remembers it.
  public struct Track: Sendable, Equatable {
    /// The tracking ID: non-negative, unique over the tracker's life.
    public var id: Int
    /// The last matched box, in the frame's coordinates.
    public var frame: ImageRect
    /// Consecutive frames without a match.
    public var missedFrames: Int
  }

  public let configuration: TrackerConfiguration
  /// The live tracks, oldest first.
  public private(set) var tracks: [Track] = []
  private var nextID = 0
  /// The previous frame's timestamp, in milliseconds; nil before the first frame and after a
  /// reset.
  public private(set) var lastTimestamp: Int64?
  private var lastContext: FrameContext?

  /// What identifies a stream: a change of any part resets the tracks.
  public struct FrameContext: Sendable, Equatable, Hashable {
    public var width, height: Int
    /// The orientation's raw value (any stable code).
    public var orientation: Int

    public init(width: Int, height: Int, orientation: Int) {
      self.width = width
      self.height = height
      self.orientation = orientation
    }
  }

  public init(configuration: TrackerConfiguration = TrackerConfiguration()) {
    self.configuration = configuration
  }

  /// Associates one frame's detections (boxes, best first) with the tracks and returns each
  /// detection's tracking ID, in the detections' order.
  ///
  /// - Throws: ``TrackingError/timestampNotIncreasing(previous:given:)`` unless
  ///   `timestampMilliseconds` is greater than the previous frame's.
  public mutating func update(
    detections: [ImageRect], timestampMilliseconds: Int64, context: FrameContext
  ) throws(TrackingError) -> [Int] {
    try checkTimestamp(timestampMilliseconds)
    return associate(detections, timestampMilliseconds: timestampMilliseconds, context: context)
  }

  /// The timestamp a frame without one gets: one after the previous frame's, or 0.
  public var nextDefaultTimestamp: Int64 { lastTimestamp.map { $0 &+ 1 } ?? 0 }

  /// Throws ``TrackingError/timestampNotIncreasing(previous:given:)`` unless `timestamp` is
  /// greater than the previous frame's (so a frame can be refused before any work on it).
  public func checkTimestamp(_ timestamp: Int64) throws(TrackingError) {
    if let previous = lastTimestamp, timestamp <= previous {
      throw .timestampNotIncreasing(previous: previous, given: timestamp)
    }
  }

  /// ``update(detections:timestampMilliseconds:context:)`` for a timestamp already checked with
  /// ``checkTimestamp(_:)``.
  mutating func associate(
    _ detections: [ImageRect], timestampMilliseconds: Int64, context: FrameContext
  ) -> [Int] {
    if context != lastContext
      || (lastTimestamp.map { timestampMilliseconds - $0 > configuration.maxGapMilliseconds }
        ?? false)
    {
      tracks.removeAll()
    }
    lastTimestamp = timestampMilliseconds
    lastContext = context

    var pairs: [(iou: Double, track: Int, detection: Int)] = []
    for (trackPosition, track) in tracks.enumerated() {
      for (detection, box) in detections.enumerated() {
        let iou = Double(track.frame.intersectionOverUnion(box))
        if iou >= configuration.minimumIoU { pairs.append((iou, trackPosition, detection)) }
      }
    }
    pairs.sort { a, b in
      a.iou != b.iou
        ? a.iou > b.iou : a.track != b.track ? a.track < b.track : a.detection < b.detection
    }
    var trackOfDetection = [Int?](repeating: nil, count: detections.count)
    var matchedTracks = Set<Int>()
    for pair in pairs
    where trackOfDetection[pair.detection] == nil && !matchedTracks.contains(pair.track) {
      trackOfDetection[pair.detection] = pair.track
      matchedTracks.insert(pair.track)
    }

    var ids = [Int](repeating: 0, count: detections.count)
    for (trackPosition, _) in tracks.enumerated() where !matchedTracks.contains(trackPosition) {
      tracks[trackPosition].missedFrames += 1
    }
    for (detection, box) in detections.enumerated() {
      if let trackPosition = trackOfDetection[detection] {
        tracks[trackPosition].frame = box
        tracks[trackPosition].missedFrames = 0
        ids[detection] = tracks[trackPosition].id
      } else {
        tracks.append(Track(id: nextID, frame: box, missedFrames: 0))
        ids[detection] = nextID
        nextID += 1
      }
    }
    tracks.removeAll { $0.missedFrames > configuration.maxMissedFrames }
    return ids
  }

  /// Forgets every track (IDs keep counting up, so none is ever reused).
  public mutating func reset() {
    tracks.removeAll()
    lastTimestamp = nil
    lastContext = nil
  }
}
