/// The device/camera → image orientation mapping of the current ML Kit iOS sample
/// (`UIUtilities.imageOrientation(fromDevicePosition:)`, BEHAVIOR.md F.3, BEHAVIOR.md D-9).
extension ImageOrientation {
  /// The orientation of a camera frame captured with the device held in `device`.
  ///
  /// | device | back | front |
  /// |---|---|---|
  /// | portrait | ``right`` | ``leftMirrored`` |
  /// | landscapeLeft | ``up`` | ``downMirrored`` |
  /// | portraitUpsideDown | ``left`` | ``rightMirrored`` |
  /// | landscapeRight | ``down`` | ``upMirrored`` |
  ///
  /// faceUp, faceDown and unknown carry no rotation, so, as the sample does, they are replaced
  /// by the device orientation derived from `interface` (the status-bar orientation, with the
  /// landscape swap of ``DeviceOrientation/init(interface:)``). The result is therefore never a
  /// blind `.up` and, for the back camera, never mirrored (BEHAVIOR.md D-9).
  public static func forCamera(
    device: DeviceOrientation, camera: CameraPosition, interface: InterfaceOrientation
  ) -> ImageOrientation {
    let effective =
      device.isValidInterfaceOrientation ? device : DeviceOrientation(interface: interface)
    let front = camera == .front
    switch effective {
    case .portrait: return front ? .leftMirrored : .right
    case .landscapeLeft: return front ? .downMirrored : .up
    case .portraitUpsideDown: return front ? .rightMirrored : .left
    case .landscapeRight: return front ? .upMirrored : .down
    case .unknown, .faceUp, .faceDown:
      // Unreachable: `effective` is always a valid interface orientation here.
      return front ? .leftMirrored : .right
    }
  }

  /// The orientation of a camera frame when only the interface orientation is known: the
  /// ``forCamera(device:camera:interface:)`` table applied to the matching device orientation
  /// (interface `.landscapeLeft` is device `.landscapeRight`).
  public static func forCamera(interface: InterfaceOrientation, camera: CameraPosition)
    -> ImageOrientation
  {
    forCamera(device: DeviceOrientation(interface: interface), camera: camera, interface: interface)
  }
}
