import TFLiteModel

/// The `TFLite_Detection_PostProcess` custom operator: decodes SSD box encodings against
/// anchors and keeps the best boxes with non-max suppression (NMS), as upstream
/// `tensorflow/lite/kernels/detection_postprocess.cc` does.
///
/// Inputs: box encodings `[1, A, L ≥ 4]` (y, x, h, w first), class predictions `[1, A, C]` with
/// `C` = `num_classes` or `num_classes + 1` (then column 0 is a background class and is skipped),
/// anchors `[A, 4]` (y, x, h, w). Each is float32, or uint8/int8 dequantized with its own scale and
/// zero point (upstream takes uint8 only and reads the anchors with the encodings' type; here the
/// three types are independent). Outputs, all float32, with `N = max_detections ×
/// max_classes_per_detection`: boxes `[1, N, 4]` (ymin, xmin, ymax, xmax, in the anchors'
/// coordinates), class indices `[1, N]` (0-based, background excluded), scores `[1, N]`,
/// number of detections `[1]`.
///
/// Arithmetic as upstream: box centres and half sizes in `Double`
/// (`y / y_scale · h_a + y_a`, `0.5 · exp(h / h_scale) · h_a`) rounded to `Float`, corners and
/// IoU in `Float`; IoU is 0 when either box's area is ≤ 0. A score passes when
/// `score ≥ nms_score_threshold`; a box is suppressed when its IoU with a kept box is
/// `> nms_iou_threshold`.
///
/// - Fast NMS (default): each anchor is scored by its best class; NMS over anchors keeps up to
///   `max_detections` anchors; the j-th kept anchor fills rows `max_classes_per_detection · j + c`
///   for its `c`-th best class, `c < min(max_classes_per_detection, num_classes)`. The number of
///   detections counts anchors, not rows (upstream's layout).
/// - Regular NMS (`use_regular_nms`): NMS per class keeps up to `detections_per_class` boxes
///   (capped at `max_detections`, which cannot change the result); the classes' picks are merged
///   into one list of the `max_detections` best; the number of detections counts rows.
///
/// Every row not written is zero (upstream leaves rows past its results untouched).
///
/// Options are read with ``DetectionPostProcessOptions`` and its default count limit (counts and
/// `max_detections × max_classes_per_detection` at most 100 000); anything it rejects fails the
/// load. Working memory is scratch sized at load (about 40 bytes per anchor); a run allocates
/// nothing.
///
/// **Ties (deterministic, independent of the thread count):**
/// - Within one NMS pass, candidates are taken by descending score, equal scores by ascending
///   anchor index: upstream's stable sort.
/// - An anchor's classes rank by descending score, equal scores by ascending class index. With
///   `max_classes_per_detection` = 1 this is upstream's first-maximum scan (`ArgMaxVector`);
///   for more classes upstream's `std::partial_sort` leaves the order of equal scores
///   unspecified, and this is the order chosen here.
/// - Regular NMS merges each class's picks into the running list in class order, a pick going
///   after entries of equal score already there: final order by descending score, then
///   ascending class, then ascending anchor. This is upstream's single-threaded
///   `std::inplace_merge` (older upstream used an unstable `std::partial_sort` here).
///
/// **NaN:** a NaN score never passes the threshold. In an anchor's class ranking a NaN ranks
/// below every number, except that with `max_classes_per_detection` = 1 upstream's scan is
/// followed exactly (a NaN in the first class column then makes the anchor's score NaN). Boxes
/// with NaN coordinates pass the validity check and have NaN IoU, which never suppresses.
///
/// **Invalid boxes:** upstream fails the whole run when any decoded box has ymin > ymax or
/// xmin > xmax (which needs a negative anchor height or width). Constant anchors with a negative
/// height or width are therefore rejected at load. At run time (anchors computed by the graph,
/// where a run cannot fail), such a box is kept: upstream's IoU formula gives 0 for it against
/// any box (its intersection with anything is empty), so it neither suppresses nor is
/// suppressed, and it is output as decoded (inverted) if selected.
final class DetectionPostProcessKernel: Kernel {
  static let sourceFile = #filePath

  /// The parsed custom options.
  let options: DetectionPostProcessOptions
  /// Number of anchors `A`.
  let anchorCount: Int
  /// Values per box encoding `L` (≥ 4; only the first four are read).
  let encodingLength: Int
  /// Columns of the class predictions `C`.
  let columns: Int
  /// 1 when column 0 of the class predictions is a background class, else 0.
  let labelOffset: Int
  /// Classes output per kept anchor by fast NMS: `min(max_classes_per_detection, num_classes)`.
  let classesPerAnchor: Int
  /// Boxes one NMS pass can keep: `min(max_detections, A)`.
  let selectionCapacity: Int
  /// Where the working arrays live in scratch memory.
  let layout: DetectionScratchLayout
  /// Dequantization tables of the box encodings, class predictions and anchors, 256 floats
  /// each (unused for float32 inputs). Owned; freed in `deinit`.
  private let tables: UnsafeMutablePointer<Float>
  /// Which inputs are quantized (box encodings, class predictions, anchors).
  private let quantized: (boxes: Bool, scores: Bool, anchors: Bool)
  /// For quantized scores: the byte XOR that orders keys as the integers (0x80 for int8), and
  /// whether the table never decreases in that order (see ``DetectionScores``).
  private let scoreOrder: (flip: UInt8, monotone: Bool)

  var scratchBytes: Int { layout.byteCount }

  private init(
    options: DetectionPostProcessOptions, anchorCount: Int, encodingLength: Int, columns: Int,
    layout: DetectionScratchLayout, formats: [DetectionInputFormat], signedScores: Bool
  ) {
    self.options = options
    self.anchorCount = anchorCount
    self.encodingLength = encodingLength
    self.columns = columns
    labelOffset = columns - options.numClasses
    classesPerAnchor = min(options.maxClassesPerDetection, options.numClasses)
    selectionCapacity = min(options.maxDetections, anchorCount)
    self.layout = layout
    let tables = UnsafeMutablePointer<Float>.allocate(capacity: 3 * 256)
    tables.initialize(repeating: 0, count: 3 * 256)
    for (position, format) in formats.enumerated() {
      if let table = format.table { (tables + 256 * position).update(from: table, count: 256) }
    }
    self.tables = tables
    quantized = (formats[0].table != nil, formats[1].table != nil, formats[2].table != nil)
    let flip = signedScores ? 0x80 : 0
    let scoreTable = tables + 256
    let monotone = (1..<256).allSatisfy { key in
      scoreTable[key ^ flip] >= scoreTable[(key - 1) ^ flip]
    }
    scoreOrder = (UInt8(flip), monotone)
  }

  deinit { tables.deallocate() }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 3, outputs: 4)
    guard let bytes = node.customOptions else {
      throw node.invalid("it has no custom options")
    }
    let options: DetectionPostProcessOptions
    do throws(DetectionPostProcessOptions.ParseError) {
      options = try DetectionPostProcessOptions(customOptions: bytes)
    } catch {
      throw node.invalid(error.description)
    }
    let encodings = try node.input(0)
    let predictions = try node.input(1)
    let anchors = try node.input(2)
    guard encodings.shape.count == 3, encodings.shape[0] == 1, encodings.shape[1] >= 0,
      encodings.shape[2] >= 4
    else {
      throw node.invalid(
        "the box encodings (input 0) have shape \(encodings.shape), not [1, anchors, ≥ 4]")
    }
    let anchorCount = encodings.shape[1]
    guard anchorCount <= Int(Int32.max) else {
      throw node.unsupported("\(anchorCount) anchors are more than \(Int32.max)")
    }
    guard predictions.shape.count == 3, predictions.shape[0] == 1,
      predictions.shape[1] == anchorCount
    else {
      throw node.invalid(
        "the class predictions (input 1) have shape \(predictions.shape), not [1, \(anchorCount), classes]"
      )
    }
    let columns = predictions.shape[2]
    guard columns == options.numClasses || columns == options.numClasses + 1 else {
      throw node.invalid(
        "the class predictions have \(columns) columns; num_classes is \(options.numClasses), so \(options.numClasses) or \(options.numClasses + 1) (with background) were expected"
      )
    }
    guard anchors.shape == [anchorCount, 4] else {
      throw node.invalid(
        "the anchors (input 2) have shape \(anchors.shape), not [\(anchorCount), 4]")
    }
    let formats = [
      try DetectionInputFormat(node, position: 0, role: "box encodings", formula: .floatDifference),
      try DetectionInputFormat(
        node, position: 1, role: "class predictions", formula: .doubleProduct),
      try DetectionInputFormat(node, position: 2, role: "anchors", formula: .floatDifference),
    ]
    for (position, output) in node.outputs.enumerated() where output.type != .float32 {
      throw node.unsupported("output \(position) has type \(output.type); all four are float32")
    }
    if let constant = anchors.constant, let bad = firstInvertedAnchor(constant, formats[2]) {
      throw node.invalid(
        "anchor \(bad) has a negative height or width, so its boxes decode with ymin > ymax or xmin > xmax, which fails every run in TFLite"
      )
    }
    let rows = options.maxDetections * options.maxClassesPerDetection
    try node.setOutputShape(0, [1, rows, 4])
    try node.setOutputShape(1, [1, rows])
    try node.setOutputShape(2, [1, rows])
    try node.setOutputShape(3, [1])
    guard
      let layout = DetectionScratchLayout(
        anchors: anchorCount, selectionCapacity: min(options.maxDetections, anchorCount),
        maxDetections: options.maxDetections,
        classesPerAnchor: min(options.maxClassesPerDetection, options.numClasses))
    else {
      throw node.unsupported("the working memory for \(anchorCount) anchors overflows")
    }
    return DetectionPostProcessKernel(
      options: options, anchorCount: anchorCount, encodingLength: encodings.shape[2],
      columns: columns, layout: layout, formats: formats, signedScores: predictions.type == .int8)
  }

  /// The index of the first constant anchor whose height or width is negative, or nil.
  private static func firstInvertedAnchor(
    _ data: ModelBytes, _ format: DetectionInputFormat
  ) -> Int? {
    let table = format.table ?? []
    let count = data.count / (format.table == nil ? 16 : 4)
    return table.withUnsafeBufferPointer { table in
      data.withUnsafeBytes { raw -> Int? in
        guard let base = raw.baseAddress else { return nil }
        let lookup = table.isEmpty ? nil : table.baseAddress
        return (0..<count).first { anchor in
          DetectionInputFormat.value(base, 4 * anchor + 2, lookup) < 0
            || DetectionInputFormat.value(base, 4 * anchor + 3, lookup) < 0
        }
      }
    }
  }

  func run(_ io: KernelIO) {
    let rows = options.maxDetections * options.maxClassesPerDetection
    let outBoxes = io.output(0, as: Float.self)
    let outClasses = io.output(1, as: Float.self)
    let outScores = io.output(2, as: Float.self)
    let outCount = io.output(3, as: Float.self)
    outBoxes.update(repeating: 0, count: 4 * rows)
    outClasses.update(repeating: 0, count: rows)
    outScores.update(repeating: 0, count: rows)
    outCount[0] = 0
    // scratchBytes is at least 64, so the engine always provides scratch.
    guard let scratch = io.scratch, anchorCount > 0 else { return }
    let boxes = (scratch + layout.boxes).bindMemory(to: Float.self, capacity: 4 * anchorCount)
    let areas = (scratch + layout.areas).bindMemory(to: Float.self, capacity: anchorCount)
    decode(io, boxes: boxes, areas: areas)
    let scores = DetectionScores(
      floats: quantized.scores ? nil : io.input(1, as: Float.self),
      bytes: quantized.scores ? io.input(1, as: UInt8.self) : nil,
      table: UnsafePointer(tables + 256), flip: scoreOrder.flip, monotone: scoreOrder.monotone)
    let work = Workspace(
      boxes: UnsafePointer(boxes), areas: UnsafePointer(areas), scores: scores,
      candidates: (scratch + layout.candidates).bindMemory(
        to: NonMaxSuppression.Candidate.self, capacity: anchorCount),
      selection: (scratch + layout.selection).bindMemory(
        to: NonMaxSuppression.Candidate.self, capacity: selectionCapacity))
    let outputs = Outputs(boxes: outBoxes, classes: outClasses, scores: outScores, count: outCount)
    if options.useRegularNms {
      regularSuppression(io, work, outputs, scratch: scratch)
    } else {
      fastSuppression(io, work, outputs, scratch: scratch)
    }
  }

  /// Decodes every anchor's box into `boxes` (ymin, xmin, ymax, xmax) and its area, as IoU
  /// computes it, into `areas`.
  private func decode(
    _ io: KernelIO, boxes: UnsafeMutablePointer<Float>, areas: UnsafeMutablePointer<Float>
  ) {
    let encodings = io.input(0, as: UInt8.self)
    let anchors = io.input(2, as: UInt8.self)
    let encodingTable = quantized.boxes ? UnsafePointer(tables) : nil
    let anchorTable = quantized.anchors ? UnsafePointer(tables + 512) : nil
    let length = encodingLength
    let yScale = Double(options.yScale)
    let xScale = Double(options.xScale)
    let hScale = Double(options.hScale)
    let wScale = Double(options.wScale)
    io.pool.parallelFor(anchorCount, minimumChunk: 512) { range in
      for anchor in range {
        let e = anchor * length
        let a = anchor * 4
        let ey = Double(DetectionInputFormat.value(encodings, e, encodingTable))
        let ex = Double(DetectionInputFormat.value(encodings, e + 1, encodingTable))
        let eh = Double(DetectionInputFormat.value(encodings, e + 2, encodingTable))
        let ew = Double(DetectionInputFormat.value(encodings, e + 3, encodingTable))
        let ay = Double(DetectionInputFormat.value(anchors, a, anchorTable))
        let ax = Double(DetectionInputFormat.value(anchors, a + 1, anchorTable))
        let ah = Double(DetectionInputFormat.value(anchors, a + 2, anchorTable))
        let aw = Double(DetectionInputFormat.value(anchors, a + 3, anchorTable))
        let yCenter = Float(ey / yScale * ah + ay)
        let xCenter = Float(ex / xScale * aw + ax)
        let halfHeight = Float(0.5 * CMath.exp(eh / hScale) * ah)
        let halfWidth = Float(0.5 * CMath.exp(ew / wScale) * aw)
        let ymin = yCenter - halfHeight
        let xmin = xCenter - halfWidth
        let ymax = yCenter + halfHeight
        let xmax = xCenter + halfWidth
        boxes[a] = ymin
        boxes[a + 1] = xmin
        boxes[a + 2] = ymax
        boxes[a + 3] = xmax
        areas[anchor] = (ymax - ymin) * (xmax - xmin)
      }
    }
  }
}
