import Foundation

/// A plain reference of `TFLite_Detection_PostProcess`, written from upstream
/// `detection_postprocess.cc` line by line (LiteRT's version: regular NMS merges with a stable
/// `std::inplace_merge`), with the tie rules Ocellus documents where upstream's order is
/// unspecified (`std::partial_sort` for more than one class per anchor: equal scores by
/// ascending class index). Slow on purpose: full stable insertion sorts, upstream's
/// active-candidate loop. Inputs are already floats (dequantized by the caller with upstream's
/// formulas).
enum DetectionPostProcessReference {
  /// The options the reference reads.
  struct Options {
    var maxDetections = 3
    var maxClassesPerDetection = 1
    var detectionsPerClass = 100
    var useRegularNms = false
    var scoreThreshold: Float = 0
    var iouThreshold: Float = 0.5
    var numClasses = 2
    var yScale: Float = 10
    var xScale: Float = 10
    var hScale: Float = 5
    var wScale: Float = 5
  }

  /// The four outputs.
  struct Result: Equatable, CustomStringConvertible {
    var boxes: [Float]
    var classes: [Float]
    var scores: [Float]
    var count: Float

    var description: String {
      "count \(count) classes \(classes) scores \(scores) boxes \(boxes)"
    }
  }

  /// Upstream's box-encoding / anchor dequantization: `(float(q) - zero_point) * scale` in float.
  static func dequantizeBox(_ q: Int, scale: Float, zeroPoint: Int) -> Float {
    (Float(q) - Float(zeroPoint)) * scale
  }

  /// Upstream's class-prediction dequantization: `float(double(scale) * (q - zero_point))`.
  static func dequantizeScore(_ q: Int, scale: Float, zeroPoint: Int) -> Float {
    Float(Double(scale) * Double(q - zeroPoint))
  }

  /// Runs the operator; nil where upstream fails (a decoded box with ymin > ymax or xmin > xmax).
  static func run(
    _ o: Options, encodings: [Float], encodingLength: Int, scores: [Float], columns: Int,
    anchors: [Float]
  ) -> Result? {
    let numBoxes = anchors.count / 4
    // DecodeCenterSizeBoxes
    var decoded = [Float](repeating: 0, count: numBoxes * 4)
    for idx in 0..<numBoxes {
      let y = encodings[idx * encodingLength]
      let x = encodings[idx * encodingLength + 1]
      let h = encodings[idx * encodingLength + 2]
      let w = encodings[idx * encodingLength + 3]
      let ay = anchors[idx * 4]
      let ax = anchors[idx * 4 + 1]
      let ah = anchors[idx * 4 + 2]
      let aw = anchors[idx * 4 + 3]
      let ycenter = Float(Double(y) / Double(o.yScale) * Double(ah) + Double(ay))
      let xcenter = Float(Double(x) / Double(o.xScale) * Double(aw) + Double(ax))
      let halfH = Float(0.5 * Foundation.exp(Double(h) / Double(o.hScale)) * Double(ah))
      let halfW = Float(0.5 * Foundation.exp(Double(w) / Double(o.wScale)) * Double(aw))
      decoded[idx * 4] = ycenter - halfH
      decoded[idx * 4 + 1] = xcenter - halfW
      decoded[idx * 4 + 2] = ycenter + halfH
      decoded[idx * 4 + 3] = xcenter + halfW
    }
    // ValidateBoxes
    for i in 0..<numBoxes
    where decoded[i * 4] > decoded[i * 4 + 2] || decoded[i * 4 + 1] > decoded[i * 4 + 3] {
      return nil
    }
    let labelOffset = columns - o.numClasses
    let rows = o.maxDetections * o.maxClassesPerDetection
    var result = Result(
      boxes: [Float](repeating: 0, count: rows * 4), classes: [Float](repeating: 0, count: rows),
      scores: [Float](repeating: 0, count: rows), count: 0)
    if o.useRegularNms {
      let perClass = min(o.detectionsPerClass, o.maxDetections)
      var sorted: [(score: Float, index: Int)] = []
      for col in 0..<o.numClasses {
        let classScores = (0..<numBoxes).map { scores[$0 * columns + col + labelOffset] }
        let selected = nonMaxSuppression(o, decoded, classScores, maxDetections: perClass)
        if selected.isEmpty { continue }
        let picks = selected.map {
          (score: classScores[$0], index: $0 * columns + col + labelOffset)
        }
        // std::inplace_merge of two sorted runs == a stable sort of their concatenation.
        sorted = stableSortedDescending(sorted + picks, by: \.score)
        sorted = Array(sorted.prefix(o.maxDetections))
      }
      for row in 0..<min(sorted.count, o.maxDetections) {
        let anchor = sorted[row].index / columns
        let classIndex = sorted[row].index - anchor * columns - labelOffset
        result.boxes.replaceSubrange(
          row * 4..<row * 4 + 4, with: decoded[anchor * 4..<anchor * 4 + 4])
        result.classes[row] = Float(classIndex)
        result.scores[row] = sorted[row].score
      }
      result.count = Float(sorted.count)
    } else {
      let perAnchor = min(o.maxClassesPerDetection, o.numClasses)
      var maxScores = [Float](repeating: 0, count: numBoxes)
      var sortedClasses = [[Int]](repeating: [], count: numBoxes)
      for row in 0..<numBoxes {
        let boxScores = Array(scores[(row * columns + labelOffset)..<(row * columns + columns)])
        if perAnchor == 1 {
          // ArgMaxVector: the first maximum.
          var maxIndex = 0
          for i in 1..<boxScores.count where boxScores[i] > boxScores[maxIndex] { maxIndex = i }
          sortedClasses[row] = [maxIndex]
        } else {
          let order = stableSortedDescending(Array(boxScores.enumerated()), by: \.element)
          sortedClasses[row] = order.map(\.offset)
        }
        maxScores[row] = boxScores[sortedClasses[row][0]]
      }
      let selected = nonMaxSuppression(o, decoded, maxScores, maxDetections: o.maxDetections)
      for (outputIndex, anchor) in selected.enumerated() {
        for col in 0..<perAnchor {
          let row = o.maxClassesPerDetection * outputIndex + col
          let classIndex = sortedClasses[anchor][col]
          result.boxes.replaceSubrange(
            row * 4..<row * 4 + 4, with: decoded[anchor * 4..<anchor * 4 + 4])
          result.classes[row] = Float(classIndex)
          result.scores[row] = scores[anchor * columns + labelOffset + classIndex]
        }
      }
      result.count = Float(selected.count)
    }
    return result
  }

  /// NonMaxSuppressionSingleClassHelper.
  static func nonMaxSuppression(
    _ o: Options, _ decoded: [Float], _ scores: [Float], maxDetections: Int
  ) -> [Int] {
    var keepScores: [Float] = []
    var keepIndices: [Int] = []
    for i in scores.indices where scores[i] >= o.scoreThreshold {
      keepScores.append(scores[i])
      keepIndices.append(i)
    }
    let sortedIndices = stableSortedDescending(Array(keepScores.enumerated()), by: \.element).map(
      \.offset)
    let kept = keepScores.count
    let outputSize = min(kept, maxDetections)
    var selected: [Int] = []
    var active = [Bool](repeating: true, count: kept)
    var activeCount = kept
    for i in 0..<kept {
      if activeCount == 0 || selected.count >= outputSize { break }
      guard active[i] else { continue }
      selected.append(keepIndices[sortedIndices[i]])
      active[i] = false
      activeCount -= 1
      for j in (i + 1)..<max(kept, i + 1) where active[j] {
        let overlap = intersectionOverUnion(
          decoded, keepIndices[sortedIndices[i]], keepIndices[sortedIndices[j]])
        if overlap > o.iouThreshold {
          active[j] = false
          activeCount -= 1
        }
      }
    }
    return selected
  }

  /// ComputeIntersectionOverUnion, with std::max / std::min spelled out.
  static func intersectionOverUnion(_ boxes: [Float], _ i: Int, _ j: Int) -> Float {
    func stdMax(_ a: Float, _ b: Float) -> Float { a < b ? b : a }
    func stdMin(_ a: Float, _ b: Float) -> Float { b < a ? b : a }
    let (iy0, ix0, iy1, ix1) = (boxes[i * 4], boxes[i * 4 + 1], boxes[i * 4 + 2], boxes[i * 4 + 3])
    let (jy0, jx0, jy1, jx1) = (boxes[j * 4], boxes[j * 4 + 1], boxes[j * 4 + 2], boxes[j * 4 + 3])
    let areaI = (iy1 - iy0) * (ix1 - ix0)
    let areaJ = (jy1 - jy0) * (jx1 - jx0)
    if areaI <= 0 || areaJ <= 0 { return 0 }
    let intersection =
      stdMax(stdMin(iy1, jy1) - stdMax(iy0, jy0), 0)
      * stdMax(stdMin(ix1, jx1) - stdMax(ix0, jx0), 0)
    return intersection / (areaI + areaJ - intersection)
  }

  /// A stable sort by descending key (insertion sort: equal keys keep their order).
  static func stableSortedDescending<T>(_ items: [T], by key: (T) -> Float) -> [T] {
    var result: [T] = []
    result.reserveCapacity(items.count)
    for item in items {
      var position = result.count
      while position > 0 && key(result[position - 1]) < key(item) { position -= 1 }
      result.insert(item, at: position)
    }
    return result
  }
}
