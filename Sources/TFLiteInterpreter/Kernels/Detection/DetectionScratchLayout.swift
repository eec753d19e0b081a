/// Where `TFLite_Detection_PostProcess` keeps its working arrays inside the kernel's scratch
/// memory: byte offsets (each 64-byte aligned) and the total size, computed at load from the
/// anchor count and the options, with overflow checks.
struct DetectionScratchLayout {
  /// Decoded boxes, `anchors × 4` floats (ymin, xmin, ymax, xmax).
  let boxes: Int
  /// Area of each decoded box, `(ymax - ymin) · (xmax - xmin)`, `anchors` floats.
  let areas: Int
  /// Best class score of each anchor, `anchors` floats.
  let bestScores: Int
  /// Anchors that can still have candidates (regular NMS), `anchors` `Int32`s.
  let activeAnchors: Int
  /// Candidates of one NMS pass (a heap), `anchors` ``NonMaxSuppression.Candidate``s.
  let candidates: Int
  /// Boxes kept by one NMS pass, `selectionCapacity` ``NonMaxSuppression.Candidate``s.
  let selection: Int
  /// The running top list of regular NMS, `maxDetections` ``NonMaxSuppression.Candidate``s.
  let merged: Int
  /// Space to merge into, `maxDetections` ``NonMaxSuppression.Candidate``s.
  let mergeSpace: Int
  /// Class indices of one anchor's top classes (fast NMS), `classesPerAnchor` `Int32`s.
  let topClasses: Int
  /// Total bytes.
  let byteCount: Int

  /// Lays out the arrays, or returns nil when a size overflows `Int`.
  init?(
    anchors: Int, selectionCapacity: Int,
    maxDetections: Int, classesPerAnchor: Int
  ) {
    var end = 0
    func region(_ count: Int, _ stride: Int) -> Int? {
      let (bytes, overflow) = count.multipliedReportingOverflow(by: stride)
      guard !overflow, count >= 0 else { return nil }
      let start = end
      let (next, overflowEnd) = start.addingReportingOverflow(bytes)
      // Round up to the next multiple of 64.
      let (padded, overflowPad) = next.addingReportingOverflow(63)
      guard !overflowEnd, !overflowPad else { return nil }
      end = padded & ~63
      return start
    }
    let candidateStride = MemoryLayout<NonMaxSuppression.Candidate>.stride
    guard let boxes = region(anchors, 4 * MemoryLayout<Float>.stride),
      let areas = region(anchors, MemoryLayout<Float>.stride),
      let bestScores = region(anchors, MemoryLayout<Float>.stride),
      let activeAnchors = region(anchors, MemoryLayout<Int32>.stride),
      let candidates = region(anchors, candidateStride),
      let selection = region(selectionCapacity, candidateStride),
      let merged = region(maxDetections, candidateStride),
      let mergeSpace = region(maxDetections, candidateStride),
      let topClasses = region(classesPerAnchor, MemoryLayout<Int32>.stride)
    else { return nil }
    self.boxes = boxes
    self.areas = areas
    self.bestScores = bestScores
    self.activeAnchors = activeAnchors
    self.candidates = candidates
    self.selection = selection
    self.merged = merged
    self.mergeSpace = mergeSpace
    self.topClasses = topClasses
    byteCount = max(end, 64)
  }
}
