import Foundation
import Imaging

extension ImageRect {
  /// The same rectangle as a Foundation `CGRect`, as an ``ImageRect``.
  public init(_ rect: CGRect) {
    self.init(
      x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
      height: Double(rect.size.height))
  }
}
