import Imaging
import TFLiteModel

/// How the four values of a detector's box row encode a box (from the location tensor's
/// `BoundingBoxProperties`, BEHAVIOR.md C.2).
///
/// `index[i]` is the position in the row of semantic element `i` of ``type``'s order:
/// BOUNDARIES `{left, top, right, bottom}`, UPPER_LEFT `{left, top, width, height}`, CENTER
/// `{centerX, centerY, width, height}`. TF SSD models store `[ymin, xmin, ymax, xmax]`, i.e.
/// BOUNDARIES with index `[1, 0, 3, 2]` (``tensorFlowSSD``). Upstream accepts only
/// BOUNDARIES/RATIO; Ocellus also decodes the other types and PIXEL coordinates (divided by the
/// model input's size).
public struct BoxEncoding: Sendable, Equatable {
  /// The arrangement: `.boundaries`, `.upperLeft` or `.center`.
  public var type: BoundingBoxType
  /// Positions of the semantic elements: 4 distinct values in 0...3.
  public var index: [Int]
  /// Ratio of the image size, or pixels of the model input.
  public var coordinateType: CoordinateType

  /// Creates an encoding (checked by validation, not here).
  public init(type: BoundingBoxType, index: [Int], coordinateType: CoordinateType) {
    self.type = type
    self.index = index
    self.coordinateType = coordinateType
  }

  /// `[ymin, xmin, ymax, xmax]` as ratios: what TF SSD models (and TFLite_Detection_PostProcess)
  /// output; used when the model has no BoundingBoxProperties.
  public static let tensorFlowSSD = BoxEncoding(
    type: .boundaries, index: [1, 0, 3, 2], coordinateType: .ratio)

  /// Why this encoding cannot be used, or nil.
  public var problem: String? {
    guard type != .unknown else { return "BoundingBoxProperties.type is UNKNOWN" }
    guard index.count == 4, Set(index) == [0, 1, 2, 3] else {
      return "BoundingBoxProperties.index \(index) is not 4 distinct entries 0...3"
    }
    return nil
  }

  /// Decodes the four values `v0...v3` of one row into a normalized box; PIXEL coordinates are
  /// divided by `inputWidth` / `inputHeight`.
  @inlinable
  public func box(
    _ v0: Float, _ v1: Float, _ v2: Float, _ v3: Float, inputWidth: Int, inputHeight: Int
  ) -> NormalizedBox {
    let values = (v0, v1, v2, v3)
    func value(_ element: Int) -> Float {
      let position = index.count == 4 ? index[element] : element
      switch position {
      case 0: return values.0
      case 1: return values.1
      case 2: return values.2
      default: return values.3
      }
    }
    var (a, b, c, d) = (value(0), value(1), value(2), value(3))
    if coordinateType == .pixel {
      let w = Float(max(inputWidth, 1))
      let h = Float(max(inputHeight, 1))
      (a, b, c, d) = (a / w, b / h, c / w, d / h)
    }
    switch type {
    case .upperLeft:
      return NormalizedBox(ymin: b, xmin: a, ymax: b + d, xmax: a + c)
    case .center:
      return NormalizedBox(ymin: b - d / 2, xmin: a - c / 2, ymax: b + d / 2, xmax: a + c / 2)
    default:
      return NormalizedBox(ymin: b, xmin: a, ymax: d, xmax: c)
    }
  }
}
