/// The orientation of the app's user interface (status bar), as `UIInterfaceOrientation`
/// names it.
///
/// Raw values equal `UIInterfaceOrientation.rawValue`: portrait 1, portraitUpsideDown 2,
/// landscapeLeft 4, landscapeRight 3. They differ from ``DeviceOrientation`` in landscape on
/// purpose: turning the device left (``DeviceOrientation/landscapeLeft``, 3) turns the
/// interface right (`landscapeRight`, also 3). `UIInterfaceOrientation.unknown` (0) has no
/// case here; treat it as `.portrait`, as the ML Kit sample does.
public enum InterfaceOrientation: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// Upright (1).
  case portrait = 1
  /// Upside down (2).
  case portraitUpsideDown = 2
  /// Landscape with the device's bottom edge on the left, i.e. device `.landscapeRight` (4).
  case landscapeLeft = 4
  /// Landscape with the device's bottom edge on the right, i.e. device `.landscapeLeft` (3).
  case landscapeRight = 3

  /// The interface orientation matching a device orientation, with the landscape swap; nil for
  /// faceUp, faceDown and unknown.
  public init?(device: DeviceOrientation) {
    switch device {
    case .portrait: self = .portrait
    case .portraitUpsideDown: self = .portraitUpsideDown
    case .landscapeLeft: self = .landscapeRight
    case .landscapeRight: self = .landscapeLeft
    case .unknown, .faceUp, .faceDown: return nil
    }
  }
}
