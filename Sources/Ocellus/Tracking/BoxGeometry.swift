import Foundation

/// Rectangle arithmetic the detector and tracker share. Rectangles are in pixels, origin at
/// the top-left, y down; empty or inverted rectangles have zero area.
enum BoxGeometry {
  /// The area of `rect`, 0 when it is empty or inverted.
  static func area(_ rect: CGRect) -> Double {
    Double(max(0, rect.width)) * Double(max(0, rect.height))
  }

  /// Intersection over union in [0, 1]; 0 when either rectangle is empty.
  static func intersectionOverUnion(_ a: CGRect, _ b: CGRect) -> Double {
    let left = max(a.minX, b.minX)
    let top = max(a.minY, b.minY)
    let right = min(a.maxX, b.maxX)
    let bottom = min(a.maxY, b.maxY)
    let intersection = Double(max(0, right - left)) * Double(max(0, bottom - top))
    let union = area(a) + area(b) - intersection
    return union > 0 ? intersection / union : 0
  }
}
