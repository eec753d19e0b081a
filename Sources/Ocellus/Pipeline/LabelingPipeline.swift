import Foundation

/// Feeds live camera frames to an ``ImageLabeler``, as ``FramePipeline`` does for a detector:
/// a frame arriving while the labeler is busy is dropped and counted, accepted frames are
/// labeled in submission order on the pipeline's serial queue, and the handler runs there
/// after each frame.
///
/// With a ``regionOfInterest`` each frame is labeled on that part of the upright image only
/// (see ``ImageLabeler/results(in:regionOfInterest:)``).
public final class LabelingPipeline: Sendable {
  /// Called with each processed frame's labels, on the pipeline's queue.
  public typealias Handler = @Sendable (LabelingFrameResult) -> Void

  /// The labeler frames go to.
  public let labeler: ImageLabeler
  /// The part of each upright frame labeled (display pixels), nil for the whole frame.
  public let regionOfInterest: CGRect?
  private let frames: DroppingFrameQueue<[ImageLabel]>

  /// A pipeline over `labeler`, labeling `regionOfInterest` of each frame (nil: all of it) and
  /// calling `handler` for each processed frame.
  public init(
    labeler: ImageLabeler, regionOfInterest: CGRect? = nil, handler: @escaping Handler
  ) {
    self.labeler = labeler
    self.regionOfInterest = regionOfInterest
    frames = DroppingFrameQueue(
      label: "ocellus.labeling-pipeline",
      work: { (image) throws(VisionError) in
        guard let regionOfInterest else { return try labeler.results(in: image) }
        return try labeler.results(in: image, regionOfInterest: regionOfInterest)
      }, handler: handler)
  }

  /// Frames dropped because the labeler was busy.
  public var droppedFrameCount: Int { frames.snapshot.dropped }
  /// Frames accepted and fully processed (the handler has returned).
  public var processedFrameCount: Int { frames.snapshot.processed }
  /// Frames accepted so far (processed or in flight).
  public var acceptedFrameCount: Int { frames.snapshot.accepted }

  /// Starts labeling `image` unless a frame is in flight; returns false when it was dropped.
  @discardableResult
  public func submit(_ image: VisionImage) -> Bool { frames.submit(image) }

  /// Blocks until the frame in flight, if any, has been processed and handled.
  public func waitUntilIdle() { frames.waitUntilIdle() }
}
