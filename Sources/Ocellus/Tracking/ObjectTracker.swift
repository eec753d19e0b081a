import Imaging
import TFLiteInterpreter

/// The deterministic stream-mode tracker (BEHAVIOR.md D-3, D-4, D.3): greedy IoU association,
/// re-identification of objects that come back, IDs from a counter that never repeats, tracks
/// dropped after missed frames or a time gap, everything reset when the frame size or
/// orientation changes.
///
/// Each frame, in order:
/// 1. **Overlap.** Every (live track, detection) pair with IoU ≥
///    ``TrackerConfiguration/minimumIoU`` is a candidate; candidates are taken by descending
///    IoU (ties: older track first, then the earlier detection), each track and detection at
///    most once.
/// 2. **Appearance.** Detections still unmatched are compared with every track still unmatched
///    — live ones and the ``absentTracks`` remembered for re-identification — by
///    ``AppearanceSignature/similarity(to:)``; pairs at or above
///    ``TrackerConfiguration/minimumAppearanceSimilarity`` are taken by descending similarity
///    (same ties). A matched absent track is live again, with its old ID.
/// 3. **New tracks** for the detections left, in their given order.
///
/// The result depends only on the inputs, never on timing or threads.
public struct ObjectTracker: Sendable {
  /// One tracked object as the tracker remembers it.
  public struct Track: Sendable, Equatable {
    /// The tracking ID: non-negative, unique over the tracker's life.
    public var id: Int
    /// The last matched box, in the frame's coordinates.
    public var frame: ImageRect
    /// Consecutive frames without a match.
    public var missedFrames: Int
    /// The timestamp of the last frame that matched it, in milliseconds.
    public var lastSeenMilliseconds: Int64
    /// How it looked (nil when frames come without appearances).
    public var appearance: AppearanceSignature?

    /// Records a match with `box` at `timestamp`, learning `appearance` when given.
    mutating func observe(
      _ box: ImageRect, at timestamp: Int64, appearance seen: AppearanceSignature?
    ) {
      frame = box
      missedFrames = 0
      lastSeenMilliseconds = timestamp
      if let seen { appearance = appearance?.updated(with: seen) ?? seen }
    }
  }

  public let configuration: TrackerConfiguration
  /// The live tracks (matched within the last ``TrackerConfiguration/maxMissedFrames``
  /// frames), oldest first.
  public private(set) var tracks: [Track] = []
  /// Tracks dropped from ``tracks`` and remembered for re-identification, oldest first.
  public private(set) var absentTracks: [Track] = []
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

  /// Associates one frame's detections (boxes, best first, with their appearances if known:
  /// one per box, or nil) with the tracks and returns each detection's tracking ID, in the
  /// detections' order.
  ///
  /// - Throws: ``TrackingError/timestampNotIncreasing(previous:given:)`` unless
  ///   `timestampMilliseconds` is greater than the previous frame's.
  public mutating func update(
    detections: [ImageRect], appearances: [AppearanceSignature]? = nil,
    timestampMilliseconds: Int64, context: FrameContext
  ) throws(TrackingError) -> [Int] {
    try checkTimestamp(timestampMilliseconds)
    return associate(
      detections, appearances: appearances, timestampMilliseconds: timestampMilliseconds,
      context: context)
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

  /// ``update(detections:appearances:timestampMilliseconds:context:)`` for a timestamp already
  /// checked with ``checkTimestamp(_:)``.
  mutating func associate(
    _ detections: [ImageRect], appearances: [AppearanceSignature]? = nil,
    timestampMilliseconds: Int64, context: FrameContext
  ) -> [Int] {
    startFrame(timestampMilliseconds, context: context)
    let appearances = appearances?.count == detections.count ? appearances : nil
    var pool = tracks + absentTracks
    var trackOfDetection = TrackMatching.byOverlap(
      detections, tracks: pool.prefix(tracks.count), minimumIoU: configuration.minimumIoU)
    if configuration.reidentifies, let appearances {
      TrackMatching.byAppearance(
        appearances, tracks: pool, minimumSimilarity: configuration.minimumAppearanceSimilarity,
        into: &trackOfDetection)
    }
    let existing = pool.count
    var matched = Set<Int>()
    var ids = [Int](repeating: 0, count: detections.count)
    for (detection, box) in detections.enumerated() {
      let seen = appearances?[detection]
      if let position = trackOfDetection[detection] {
        pool[position].observe(box, at: timestampMilliseconds, appearance: seen)
        matched.insert(position)
      } else {
        pool.append(
          Track(
            id: nextID, frame: box, missedFrames: 0, lastSeenMilliseconds: timestampMilliseconds,
            appearance: seen))
        trackOfDetection[detection] = pool.count - 1
        nextID += 1
      }
      ids[detection] = pool[trackOfDetection[detection]!].id
    }
    for position in 0..<existing where !matched.contains(position) {
      pool[position].missedFrames += 1
    }
    sort(pool, now: timestampMilliseconds)
    return ids
  }

  /// Resets the tracks when the stream changed (size, orientation) or paused too long, then
  /// records the frame's timestamp and context.
  private mutating func startFrame(_ timestamp: Int64, context: FrameContext) {
    if context != lastContext
      || (lastTimestamp.map { timestamp - $0 > configuration.maxGapMilliseconds } ?? false)
    {
      tracks.removeAll()
      absentTracks.removeAll()
    }
    lastTimestamp = timestamp
    lastContext = context
  }

  /// Splits `pool` into live and remembered tracks (each oldest first), forgetting those past
  /// the re-identification window.
  private mutating func sort(_ pool: [Track], now: Int64) {
    let ordered = pool.sorted { $0.id < $1.id }
    tracks = ordered.filter { $0.missedFrames <= configuration.maxMissedFrames }
    guard configuration.reidentifies else {
      absentTracks = []
      return
    }
    absentTracks = ordered.filter {
      $0.missedFrames > configuration.maxMissedFrames
        && $0.missedFrames <= configuration.reidentificationFrames
        && now - $0.lastSeenMilliseconds <= configuration.reidentificationMilliseconds
    }
  }

  /// Forgets every track (IDs keep counting up, so none is ever reused).
  public mutating func reset() {
    tracks.removeAll()
    absentTracks.removeAll()
    lastTimestamp = nil
    lastContext = nil
  }
}
