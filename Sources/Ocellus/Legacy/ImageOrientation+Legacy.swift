import Imaging

/// Conversions between ``ImageOrientation`` and the legacy ``VisionDetectorImageOrientation``.
extension ImageOrientation {
  /// The orientation equal to a legacy Firebase orientation (same EXIF number).
  public init(legacy: VisionDetectorImageOrientation) {
    switch legacy {
    case .topLeft: self = .up
    case .topRight: self = .upMirrored
    case .bottomRight: self = .down
    case .bottomLeft: self = .downMirrored
    case .leftTop: self = .leftMirrored
    case .rightTop: self = .right
    case .rightBottom: self = .rightMirrored
    case .leftBottom: self = .left
    }
  }

  /// The legacy Firebase orientation with the same EXIF number.
  public var legacy: VisionDetectorImageOrientation {
    switch self {
    case .up: return .topLeft
    case .upMirrored: return .topRight
    case .down: return .bottomRight
    case .downMirrored: return .bottomLeft
    case .leftMirrored: return .leftTop
    case .right: return .rightTop
    case .rightMirrored: return .rightBottom
    case .left: return .leftBottom
    }
  }
}
