/// Which coordinate space ``DetectedObject/frame`` is given in (BEHAVIOR.md D-11).
public enum BoxCoordinateSpace: Sendable, Equatable, Hashable, CaseIterable {
  /// The upright (display) image: the stored pixels with ``VisionImage/orientation`` applied.
  /// ML Kit Android's and ML Kit iOS `UIImage` convention, and the default.
  case display
  /// The stored (raw, sensor) pixels, as ML Kit iOS returns boxes for camera buffers and the
  /// Task Library and MediaPipe for everything.
  case raw
}
