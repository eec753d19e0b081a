import TFLiteInterpreter

/// Reads one YOLO output's values (float, count checked against the layout): value `j` of
/// candidate box `i` sits at `j × N + i` in ``YOLOOutputLayout/v8``, at `i × rowLength + j` in
/// the boxes-first layouts.
struct YOLOOutputReader {
  let values: UnsafeBufferPointer<Float>
  let output: YOLOOutputDescription

  /// Value `value` (0...3 the box, then objectness for v5, then the class scores) of box `box`.
  @inline(__always)
  func value(_ value: Int, ofBox box: Int) -> Float {
    output.layout == .v8
      ? values[value * output.boxCount + box]
      : values[box * (output.layout.leadingValues + output.classCount) + value]
  }

  /// The objectness of `box` (v5 layouts only).
  func objectness(_ box: Int) -> Float { value(4, ofBox: box) }

  /// Per box: its best class (the first of equal scores) and score — times the objectness for
  /// v5. NaN scores never win; a box of NaN scores gets score NaN.
  func bestClasses() -> [NonMaxSuppression.Candidate] {
    let boxes = output.boxCount
    var best = (0..<boxes).map {
      NonMaxSuppression.Candidate(score: -.infinity, index: Int32($0), classIndex: 0)
    }
    let first = output.layout.leadingValues
    for classIndex in 0..<output.classCount {
      for box in 0..<boxes {
        var score = value(first + classIndex, ofBox: box)
        if output.layout == .v5 { score *= objectness(box) }
        if score > best[box].score {
          best[box].score = score
          best[box].classIndex = Int32(classIndex)
        }
      }
    }
    for box in 0..<boxes where best[box].score == -.infinity { best[box].score = .nan }
    return best
  }

  /// Whether any of `boxes` has a box value above 2, which no normalized box has: the
  /// values are then input pixels.
  func reachesPastNormalized(_ boxes: [Int]) -> Bool {
    boxes.contains { box in (0..<4).contains { value($0, ofBox: box) > 2 } }
  }

  /// The corners (ymin, xmin, ymax, xmax) of `box`, its `cx, cy, w, h` multiplied by
  /// `scale` (x, y) first: `x1 = cx − w / 2`, `x2 = cx + w / 2`, likewise for y.
  func corners(of box: Int, scale: SIMD2<Float>) -> NonMaxSuppression.Corners {
    let cx = value(0, ofBox: box) * scale.x
    let cy = value(1, ofBox: box) * scale.y
    let halfWidth = value(2, ofBox: box) * scale.x / 2
    let halfHeight = value(3, ofBox: box) * scale.y / 2
    return NonMaxSuppression.Corners(
      cy - halfHeight, cx - halfWidth, cy + halfHeight, cx + halfWidth)
  }
}
