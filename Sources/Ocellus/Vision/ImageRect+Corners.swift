import Imaging
import TFLiteInterpreter

extension ImageRect {
  /// The rectangle as ``NonMaxSuppression`` corners: (minY, minX, maxY, maxX) in pixels.
  var corners: NonMaxSuppression.Corners {
    NonMaxSuppression.Corners(Float(minY), Float(minX), Float(maxY), Float(maxX))
  }

  /// Intersection over union with `other`, computed as non-maximum suppression does.
  func intersectionOverUnion(_ other: ImageRect) -> Float {
    let (a, b) = (corners, other.corners)
    return NonMaxSuppression.intersectionOverUnion(
      a, area: NonMaxSuppression.area(a), b, area: NonMaxSuppression.area(b))
  }
}
