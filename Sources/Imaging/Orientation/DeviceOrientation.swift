/// The physical orientation of the device, as `UIDeviceOrientation` names it.
///
/// Raw values equal `UIDeviceOrientation.rawValue` (unknown 0, portrait 1 … faceDown 6), so
/// `DeviceOrientation(rawValue: UIDevice.current.orientation.rawValue)` bridges on iOS.
/// Beware: `landscapeLeft` (the device turned so that its home button / bottom edge is on the
/// right) is the *interface* orientation ``InterfaceOrientation/landscapeRight``, and vice
/// versa; ``init(interface:)`` performs that swap.
public enum DeviceOrientation: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// The orientation is not known (0).
  case unknown = 0
  /// Upright, home button / bottom edge at the bottom (1).
  case portrait = 1
  /// Upside down, bottom edge at the top (2).
  case portraitUpsideDown = 2
  /// Turned 90° counter-clockwise: bottom edge on the right (3).
  case landscapeLeft = 3
  /// Turned 90° clockwise: bottom edge on the left (4).
  case landscapeRight = 4
  /// Lying flat, screen up (5).
  case faceUp = 5
  /// Lying flat, screen down (6).
  case faceDown = 6

  /// The device orientation matching an interface (status bar) orientation.
  ///
  /// Portrait and upside-down map to themselves; the landscape cases swap
  /// (interface `.landscapeLeft` is device `.landscapeRight`), as in the ML Kit sample's
  /// status-bar fallback.
  public init(interface: InterfaceOrientation) {
    switch interface {
    case .portrait: self = .portrait
    case .portraitUpsideDown: self = .portraitUpsideDown
    case .landscapeLeft: self = .landscapeRight
    case .landscapeRight: self = .landscapeLeft
    }
  }

  /// True for the four orientations an image can be turned by (portrait, upside down and the
  /// two landscapes); false for faceUp, faceDown and unknown, which say nothing about how the
  /// camera frame is turned (`UIDeviceOrientation.isValidInterfaceOrientation`).
  public var isValidInterfaceOrientation: Bool {
    switch self {
    case .portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight: true
    case .unknown, .faceUp, .faceDown: false
    }
  }
}
