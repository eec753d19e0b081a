/// Tells a YOLO output's layout from its shape (and the number of labels, when the shape alone
/// is ambiguous), or checks a named layout against it.
enum YOLOLayoutRecognizer {
  /// Why no layout fits.
  struct Mismatch: Error {
    var text: String
  }

  /// The layout, the number of candidate boxes and of classes of an output of `shape`:
  /// `[1, a, b]` with `a < b` is `[1, 4 + C, N]` (yolov8); with `a > b` it is boxes first,
  /// `[1, N, 4 + C]` when there are `b − 4` labels, else `[1, N, 5 + C]` (yolov5).
  static func recognize(shape: [Int], named: YOLOOutputLayout?, labelCount: Int)
    -> Result<(YOLOOutputLayout, boxes: Int, classes: Int), Mismatch>
  {
    guard shape.count == 3, shape[0] == 1, shape[1] > 0, shape[2] > 0 else {
      return .failure(Mismatch(text: "expected rank 3 with batch 1"))
    }
    let (a, b) = (shape[1], shape[2])
    let layout =
      named
      ?? (a < b ? .v8 : (labelCount > 0 && labelCount == b - 4 ? .v8Transposed : .v5))
    let (boxes, rowLength) = layout == .v8 ? (b, a) : (a, b)
    let classes = rowLength - layout.leadingValues
    guard classes >= 1 else {
      return .failure(
        Mismatch(
          text:
            "as \(layout), rows of \(rowLength) values leave no class scores after the \(layout.leadingValues) box values"
        ))
    }
    return .success((layout, boxes, classes))
  }
}
