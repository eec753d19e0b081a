/// Feeds live camera frames to an ``ObjectDetector``, dropping frames that arrive while the
/// detector is still busy with an earlier one (ML Kit's advice for camera streams), and counting
/// them.
///
/// ``submit(_:)`` never blocks: it starts the frame on the pipeline's serial queue when the
/// detector is idle and returns true, or drops it and returns false. Accepted frames are
/// processed in submission order, so stream-mode timestamps stay increasing. The handler runs
/// on that queue after each frame.
public final class FramePipeline: Sendable {
  /// Called with each processed frame's result, on the pipeline's queue.
  public typealias Handler = @Sendable (FrameResult) -> Void

  /// The detector frames go to (normally in stream mode).
  public let detector: ObjectDetector
  private let frames: DroppingFrameQueue<[DetectedObject]>

  /// A pipeline over `detector` calling `handler` for each processed frame.
  public init(detector: ObjectDetector, handler: @escaping Handler) {
    self.detector = detector
    frames = DroppingFrameQueue(
      label: "ocellus.frame-pipeline",
      work: { (image) throws(VisionError) in try detector.results(in: image) }, handler: handler)
  }

  /// Frames dropped because the detector was busy.
  public var droppedFrameCount: Int { frames.snapshot.dropped }
  /// Frames accepted and fully processed (the handler has returned).
  public var processedFrameCount: Int { frames.snapshot.processed }
  /// Frames accepted so far (processed or in flight).
  public var acceptedFrameCount: Int { frames.snapshot.accepted }

  /// Starts processing `image` unless a frame is in flight; returns false when it was dropped.
  @discardableResult
  public func submit(_ image: VisionImage) -> Bool { frames.submit(image) }

  /// Blocks until the frame in flight, if any, has been processed and handled.
  public func waitUntilIdle() { frames.waitUntilIdle() }
}
