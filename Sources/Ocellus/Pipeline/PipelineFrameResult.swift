/// What a ``FramePipeline`` reports for one processed frame.
public struct FrameResult: Sendable {
  /// The frame's position among the frames the pipeline accepted (0, 1, 2, …).
  public var sequenceNumber: Int
  /// The frame's ``VisionImage/timestampMilliseconds``.
  public var timestampMilliseconds: Int64?
  /// The objects found, or why the frame failed.
  public var result: Result<[DetectedObject], VisionError>
  /// How many frames the pipeline had dropped in total when this one was accepted.
  public var droppedBefore: Int

  /// Creates a frame result.
  public init(
    sequenceNumber: Int, timestampMilliseconds: Int64?,
    result: Result<[DetectedObject], VisionError>, droppedBefore: Int
  ) {
    self.sequenceNumber = sequenceNumber
    self.timestampMilliseconds = timestampMilliseconds
    self.result = result
    self.droppedBefore = droppedBefore
  }
}
