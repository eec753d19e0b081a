/// How an ``ObjectDetector`` treats successive calls (ML Kit's `ObjectDetectorMode`).
///
/// Raw values are ML Kit iOS's constants (single image 0, stream 1).
public enum DetectorMode: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// Every call stands alone; ``DetectedObject/trackingID`` is always nil.
  case singleImage = 0
  /// Calls are frames of one video stream, in order: objects are tracked across frames and
  /// keep their ``DetectedObject/trackingID``; frame timestamps must increase strictly.
  case stream = 1
}
