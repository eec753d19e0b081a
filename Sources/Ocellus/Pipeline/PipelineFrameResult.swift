/// What a frame pipeline reports for one processed frame: ``FrameResult`` (objects, from a
/// ``FramePipeline``) or ``LabelingFrameResult`` (labels, from a ``LabelingPipeline``).
public struct PipelineFrameResult<Value: Sendable>: Sendable {
  /// The frame's position among the frames the pipeline accepted (0, 1, 2, …).
  public var sequenceNumber: Int
  /// The frame's ``VisionImage/timestampMilliseconds``.
  public var timestampMilliseconds: Int64?
  /// What the frame gave, or why it failed.
  public var result: Result<Value, VisionError>
  /// How many frames the pipeline had dropped in total when this one was accepted.
  public var droppedBefore: Int

  /// Creates a frame result.
  public init(
    sequenceNumber: Int, timestampMilliseconds: Int64?, result: Result<Value, VisionError>,
    droppedBefore: Int
  ) {
    self.sequenceNumber = sequenceNumber
    self.timestampMilliseconds = timestampMilliseconds
    self.result = result
    self.droppedBefore = droppedBefore
  }
}

/// What a ``FramePipeline`` reports for one processed frame: the objects found.
public typealias FrameResult = PipelineFrameResult<[DetectedObject]>

/// What a ``LabelingPipeline`` reports for one processed frame: the labels.
public typealias LabelingFrameResult = PipelineFrameResult<[ImageLabel]>
