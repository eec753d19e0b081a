import Foundation
import Imaging

extension CGRect {
  /// The same rectangle as an imaging-layer ``ImageRect``, as a `CGRect`.
  public init(_ rect: ImageRect) {
    self.init(
      x: CGFloat(rect.x), y: CGFloat(rect.y), width: CGFloat(rect.width),
      height: CGFloat(rect.height))
  }
}
