import Imaging
import Ocellus

/// The device/camera → orientation table of the legacy Firebase ML Kit docs (detect-faces,
/// `imageOrientation(deviceOrientation:cameraPosition:)`), with BEHAVIOR.md D-9's fallback.
extension VisionDetectorImageOrientation {
  /// The legacy orientation of a camera frame captured with the device held in `device`.
  ///
  /// | device | back | front |
  /// |---|---|---|
  /// | portrait | ``rightTop`` | ``leftTop`` |
  /// | landscapeLeft | ``topLeft`` | ``bottomLeft`` |
  /// | portraitUpsideDown | ``leftBottom`` | ``rightBottom`` |
  /// | landscapeRight | ``bottomRight`` | ``topRight`` |
  ///
  /// The Firebase snippets disagree for faceUp, faceDown and unknown (Swift: the mirrored
  /// `.leftTop`; Objective-C: `.topLeft`). Neither is used: like
  /// `ImageOrientation.forCamera(device:camera:interface:)` this falls back to the device
  /// orientation derived from `interface`: the answer is `ImageOrientation.forCamera(...).legacy`.
  public static func forCamera(
    device: DeviceOrientation, camera: CameraPosition, interface: InterfaceOrientation
  ) -> VisionDetectorImageOrientation {
    ImageOrientation.forCamera(device: device, camera: camera, interface: interface).legacy
  }
}
