/// How a YOLO detection model (one output, no NMS in the graph) lays out its candidate boxes.
/// Every row of a candidate is `cx, cy, w, h` (box centre and size: normalized to the input, or
/// in input pixels), then for YOLOv5 an objectness score, then one score per class.
public enum YOLOOutputLayout: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
  /// `[1, 4 + C, N]`: rows first (Ultralytics YOLOv8 and YOLO11 exports).
  case v8 = "yolov8"
  /// `[1, N, 4 + C]`: the YOLOv8 rows, boxes first (transposed exports).
  case v8Transposed = "yolov8-transposed"
  /// `[1, N, 5 + C]`: boxes first, with objectness (Ultralytics YOLOv5 exports).
  case v5 = "yolov5"

  public var description: String { rawValue }

  /// Values before the class scores in one candidate's row.
  public var leadingValues: Int { self == .v5 ? 5 : 4 }

  /// The shape this layout gives `boxes` candidates of `classes` classes (batch 1).
  public func shape(boxes: Int, classes: Int) -> [Int] {
    self == .v8
      ? [1, leadingValues + classes, boxes] : [1, boxes, leadingValues + classes]
  }

  /// The layouts with their shapes, as error messages list them.
  public static let expectedShapes =
    "[1, 4 + C, N] (yolov8), [1, N, 4 + C] (yolov8-transposed) or [1, N, 5 + C] (yolov5)"
}
