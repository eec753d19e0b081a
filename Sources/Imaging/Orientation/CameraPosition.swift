/// Which camera captured a frame, as `AVCaptureDevice.Position` names it.
///
/// Raw values equal `AVCaptureDevice.Position.rawValue` (back 1, front 2; `.unspecified` (0)
/// has no case here). Front-camera frames are mirrored relative to the back camera's, which is
/// why the device/camera tables give mirrored orientations for `.front`.
public enum CameraPosition: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// The rear camera (1).
  case back = 1
  /// The front (selfie) camera (2).
  case front = 2
}
