/// Non-max suppression for ``DetectionPostProcessKernel``: the fast (per anchor) and regular
/// (per class) variants, the single-class pass both use, and IoU.
extension DetectionPostProcessKernel {
  /// The decoded boxes, their areas, the scores and two scratch arrays of one run.
  struct Workspace {
    /// `A × 4` decoded corners (ymin, xmin, ymax, xmax).
    let boxes: UnsafePointer<Float>
    /// `A` box areas (negative or NaN where a box is inverted or NaN).
    let areas: UnsafePointer<Float>
    /// `A × C` class scores.
    let scores: DetectionScores
    /// Room for `A` candidates (one NMS pass's heap).
    let candidates: UnsafeMutablePointer<NonMaxSuppression.Candidate>
    /// Room for the boxes one NMS pass keeps.
    let selection: UnsafeMutablePointer<NonMaxSuppression.Candidate>
  }

  /// The four outputs, already zero-filled.
  struct Outputs {
    /// `N × 4` corners.
    let boxes: UnsafeMutablePointer<Float>
    /// `N` class indices.
    let classes: UnsafeMutablePointer<Float>
    /// `N` scores.
    let scores: UnsafeMutablePointer<Float>
    /// The number of detections (one float).
    let count: UnsafeMutablePointer<Float>
  }

  /// Fast NMS: NMS over anchors by their best class score, then each kept anchor's top classes.
  func fastSuppression(
    _ io: KernelIO, _ work: Workspace, _ outputs: Outputs, scratch: UnsafeMutableRawPointer
  ) {
    let best = (scratch + layout.bestScores).bindMemory(to: Float.self, capacity: anchorCount)
    let scores = work.scores
    let columns = self.columns
    let offset = labelOffset
    let classCount = options.numClasses
    // With one class per anchor, upstream scans for the first maximum (`ArgMaxVector`, which
    // keeps a NaN in column 0); otherwise NaN ranks below every number. The anchor's score only
    // meets comparisons, so any maximum of equal value serves (the class is found later).
    let nanFirstWins = classesPerAnchor == 1
    io.pool.parallelFor(anchorCount, minimumChunk: 256) { range in
      for anchor in range {
        best[anchor] = scores.rowMaximum(
          anchor * columns + offset, classCount, nanFirstWins: nanFirstWins)
      }
    }
    let threshold = options.nmsScoreThreshold
    var count = 0
    for anchor in 0..<anchorCount where best[anchor] >= threshold {
      work.candidates[count] = NonMaxSuppression.Candidate(
        score: best[anchor], index: Int32(truncatingIfNeeded: anchor), classIndex: 0)
      count += 1
    }
    let kept = suppress(work.candidates, count: count, limit: options.maxDetections, work)
    let top = (scratch + layout.topClasses).bindMemory(to: Int32.self, capacity: classesPerAnchor)
    let stride = options.maxClassesPerDetection
    for detection in 0..<kept {
      let anchor = Int(work.selection[detection].index)
      let row = anchor * columns + offset
      topClasses(of: scores, row: row, into: top)
      for rank in 0..<classesPerAnchor {
        let output = stride * detection + rank
        let classIndex = Int(top[rank])
        for corner in 0..<4 { outputs.boxes[4 * output + corner] = work.boxes[4 * anchor + corner] }
        outputs.classes[output] = Float(classIndex)
        outputs.scores[output] = scores[row + classIndex]
      }
    }
    outputs.count[0] = Float(kept)
  }

  /// Regular NMS: NMS per class, merged into one list of the `max_detections` best.
  ///
  /// Only anchors whose best score could still matter are visited per class: an anchor whose
  /// best score is below the score threshold, or (once the list is full) not above the list's
  /// last score, has no candidate in any class. This keeps the column-wise reads, which stride
  /// through the scores, few.
  func regularSuppression(
    _ io: KernelIO, _ work: Workspace, _ outputs: Outputs, scratch: UnsafeMutableRawPointer
  ) {
    let maxDetections = options.maxDetections
    let merged = (scratch + layout.merged).bindMemory(
      to: NonMaxSuppression.Candidate.self, capacity: maxDetections)
    let space = (scratch + layout.mergeSpace).bindMemory(
      to: NonMaxSuppression.Candidate.self, capacity: maxDetections)
    let best = (scratch + layout.bestScores).bindMemory(to: Float.self, capacity: anchorCount)
    let active = (scratch + layout.activeAnchors).bindMemory(to: Int32.self, capacity: anchorCount)
    let scores = work.scores
    let columns = self.columns
    let offset = labelOffset
    let classCount = options.numClasses
    io.pool.parallelFor(anchorCount, minimumChunk: 256) { range in
      for anchor in range {
        best[anchor] = scores.rowMaximum(anchor * columns + offset, classCount, nanFirstWins: false)
      }
    }
    let threshold = options.nmsScoreThreshold
    var activeCount = 0
    for anchor in 0..<anchorCount where best[anchor] >= threshold {
      active[activeCount] = Int32(truncatingIfNeeded: anchor)
      activeCount += 1
    }
    let perClass = min(options.detectionsPerClass, maxDetections)
    var mergedCount = 0
    var pruned: Float? = nil
    for classIndex in 0..<classCount {
      // Once the list is full, a pick must beat its last entry strictly (equal scores already
      // in the list come first), so lower scores can be skipped: they could neither enter the
      // list nor suppress a box that ranks above them.
      let floor: Float? = mergedCount == maxDetections ? merged[mergedCount - 1].score : nil
      if let floor, pruned.map({ floor > $0 }) ?? true {
        var kept = 0
        for index in 0..<activeCount where best[Int(active[index])] > floor {
          active[kept] = active[index]
          kept += 1
        }
        activeCount = kept
        pruned = floor
      }
      let count: Int
      if let floats = scores.floats {
        count = gather(classIndex, floor, active, activeCount, work.candidates) { floats[$0] }
      } else {
        let bytes = scores.bytes.unsafelyUnwrapped
        let table = scores.table
        count = gather(classIndex, floor, active, activeCount, work.candidates) {
          table[Int(bytes[$0])]
        }
      }
      guard count > 0 else { continue }
      let kept = suppress(work.candidates, count: count, limit: perClass, work)
      // Stable merge: an earlier entry goes first unless the new pick scores strictly higher.
      let total = min(mergedCount + kept, maxDetections)
      var old = 0
      var new = 0
      for position in 0..<total {
        if new < kept && (old >= mergedCount || work.selection[new].score > merged[old].score) {
          space[position] = work.selection[new]
          new += 1
        } else {
          space[position] = merged[old]
          old += 1
        }
      }
      merged.update(from: space, count: total)
      mergedCount = total
    }
    for row in 0..<mergedCount {
      let pick = merged[row]
      let anchor = Int(pick.index)
      for corner in 0..<4 { outputs.boxes[4 * row + corner] = work.boxes[4 * anchor + corner] }
      outputs.classes[row] = Float(pick.classIndex)
      outputs.scores[row] = pick.score
    }
    outputs.count[0] = Float(mergedCount)
  }

  /// Collects class `classIndex`'s candidates among the anchors `active[0..<activeCount]` into
  /// `candidates`: scores `≥ nms_score_threshold` and, when `floor` is given, `> floor`.
  /// Returns their number.
  @inline(__always)
  private func gather(
    _ classIndex: Int, _ floor: Float?, _ active: UnsafePointer<Int32>, _ activeCount: Int,
    _ candidates: UnsafeMutablePointer<NonMaxSuppression.Candidate>, _ score: (Int) -> Float
  ) -> Int {
    let threshold = options.nmsScoreThreshold
    let bound = floor ?? 0
    let strict = floor != nil
    let columns = self.columns
    let column = labelOffset + classIndex
    let classValue = Int32(truncatingIfNeeded: classIndex)
    var count = 0
    for index in 0..<activeCount {
      let anchor = active[index]
      let value = score(Int(anchor) &* columns &+ column)
      if value >= threshold && (!strict || value > bound) {
        candidates[count] = NonMaxSuppression.Candidate(
          score: value, index: anchor, classIndex: classValue)
        count &+= 1
      }
    }
    return count
  }

  /// One NMS pass over `heap[0..<count]` (consumed as a heap) with the kernel's IoU threshold
  /// and boxes; the kept candidates are in `work.selection`, in order. Returns their number.
  private func suppress(
    _ heap: UnsafeMutablePointer<NonMaxSuppression.Candidate>, count: Int, limit: Int,
    _ work: Workspace
  ) -> Int {
    NonMaxSuppression.select(
      heap, count: count, limit: limit, iouThreshold: options.nmsIouThreshold,
      into: work.selection
    ) { i, j in
      let a = work.boxes + 4 * i
      let b = work.boxes + 4 * j
      return NonMaxSuppression.intersectionOverUnion(
        NonMaxSuppression.Corners(a[0], a[1], a[2], a[3]), area: work.areas[i],
        NonMaxSuppression.Corners(b[0], b[1], b[2], b[3]), area: work.areas[j])
    }
  }

  /// Writes the `classesPerAnchor` best classes of the anchor whose scores start at `row` into
  /// `top`, best first: descending score, equal scores by ascending class index, NaN below every
  /// number (with one class: upstream's first-maximum scan).
  private func topClasses(
    of scores: DetectionScores, row: Int, into top: UnsafeMutablePointer<Int32>
  ) {
    let classCount = options.numClasses
    let wanted = classesPerAnchor
    if wanted == 1 {
      var best = 0
      var bestValue = scores[row]
      for index in 1..<classCount where scores[row + index] > bestValue {
        best = index
        bestValue = scores[row + index]
      }
      top[0] = Int32(truncatingIfNeeded: best)
      return
    }
    // A heap of the `wanted` best so far, the worst of them at the root.
    @inline(__always) func before(_ x: Int32, _ y: Int32) -> Bool {
      let a = scores[row + Int(x)]
      let b = scores[row + Int(y)]
      if a > b { return true }
      if a < b { return false }
      if a == b { return x < y }
      if a.isNaN { return b.isNaN && x < y }
      return true
    }
    @inline(__always) func siftDown(_ start: Int, _ size: Int) {
      var parent = start
      let item = top[parent]
      while true {
        var child = 2 * parent + 1
        guard child < size else { break }
        if child + 1 < size && before(top[child], top[child + 1]) { child += 1 }
        guard before(item, top[child]) else { break }
        top[parent] = top[child]
        parent = child
      }
      top[parent] = item
    }
    for index in 0..<classCount {
      let candidate = Int32(truncatingIfNeeded: index)
      if index < wanted {
        // Sift up: the worse of parent and child goes up.
        var child = index
        while child > 0 {
          let parent = (child - 1) / 2
          guard before(top[parent], candidate) else { break }
          top[child] = top[parent]
          child = parent
        }
        top[child] = candidate
      } else if before(candidate, top[0]) {
        top[0] = candidate
        siftDown(0, wanted)
      }
    }
    // Heap sort: move the worst remaining to the back, leaving the best first.
    for end in Swift.stride(from: wanted - 1, to: 0, by: -1) {
      let worst = top[0]
      top[0] = top[end]
      top[end] = worst
      siftDown(0, end)
    }
  }
}
