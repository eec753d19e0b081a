import Imaging
import TFLiteInterpreter

/// Turns a YOLO detection model's one raw output into detections, as Ultralytics'
/// `non_max_suppression` does (BEHAVIOR.md C.6):
///
/// 1. each candidate's score is its best class score (ties: the lower class), times the
///    objectness for ``YOLOOutputLayout/v5`` (whose objectness must also be above the
///    threshold); 8-bit outputs are dequantized first;
/// 2. candidates with `score > threshold` (STRICT) whose class the allow/deny list admits are
///    kept, at most ``maxNMSCandidates`` of the best;
/// 3. boxes `cx, cy, w, h` become corners in input pixels (normalized values are scaled by the
///    input size first);
/// 4. greedy non-maximum suppression, per class unless class-agnostic: best first (ties: the
///    lower candidate index), a box is dropped when its IoU with a kept box of its class is
///    strictly above the IoU threshold, until ``maxResults`` are kept.
public struct YOLOHead: Sendable {
  /// Ultralytics' default confidence threshold.
  public static let defaultScoreThreshold: Float = 0.25
  /// The most candidates that enter suppression (Ultralytics' `max_nms`).
  public static let maxNMSCandidates = 30_000

  /// The detector model whose output this head reads.
  public let model: DetectorModelDescription
  /// Its YOLO output.
  public let output: YOLOOutputDescription
  /// The threshold in effect (strict: scores must be above it).
  public let threshold: Float
  /// The unit of the box values.
  public let boxCoordinates: YOLOBoxCoordinates
  /// Suppression drops a box whose IoU with a kept one is strictly above this.
  public let iouThreshold: Float
  /// Whether boxes of different classes suppress each other.
  public let classAgnostic: Bool
  /// The most detections kept after suppression.
  public let maxResults: Int
  /// The classes the allow/deny list admits.
  let filter: ClassFilter

  /// Creates a head for a description validated as YOLO, with the options' allow/deny lists,
  /// box unit and suppression settings.
  ///
  /// - Parameters:
  ///   - description: A detector model validated as YOLO (its ``DetectorModelDescription/yolo``
  ///     output is read).
  ///   - options: The options whose ``DetectorModelOptions/allowList``,
  ///     ``DetectorModelOptions/denyList``, ``DetectorModelOptions/yoloBoxCoordinates``,
  ///     ``DetectorModelOptions/nmsIoUThreshold``, ``DetectorModelOptions/classAgnosticNMS``
  ///     and ``DetectorModelOptions/maxCandidates`` apply; the others are ignored here.
  ///   - threshold: The score threshold; nil or NaN uses ``defaultScoreThreshold``.
  /// - Throws: ``ModelValidationError`` when the description has no YOLO output, or for an
  ///   invalid list, IoU threshold (outside [0, 1]) or candidate cap (below 1).
  public init(
    _ description: DetectorModelDescription, options: DetectorModelOptions = DetectorModelOptions(),
    threshold: Float? = nil
  ) throws(ModelValidationError) {
    guard let output = description.yolo else {
      throw .detectorOutputMapping(reason: "the model was not validated as a YOLO detector")
    }
    guard options.nmsIoUThreshold.isFinite, (0...1).contains(options.nmsIoUThreshold) else {
      throw .invalidIoUThreshold(options.nmsIoUThreshold)
    }
    filter = try ClassFilter(
      labels: description.labels, tensor: output.tensor, allowList: options.allowList,
      denyList: options.denyList, maxResults: options.maxCandidates)
    self.model = description
    self.output = output
    self.threshold = threshold.flatMap { $0.isNaN ? nil : $0 } ?? Self.defaultScoreThreshold
    self.boxCoordinates = options.yoloBoxCoordinates
    self.iouThreshold = options.nmsIoUThreshold
    self.classAgnostic = options.classAgnosticNMS
    self.maxResults = options.maxCandidates
  }

  /// The detections in the output's values (dequantized), in the model's layout order.
  ///
  /// - Throws: ``ModelValidationError/outputSize(_:role:expected:actual:)`` when the count of
  ///   values does not fit the layout.
  public func detections(output values: [Float]) throws(ModelValidationError) -> [Detection] {
    try checkCount(values.count)
    return values.withUnsafeBufferPointer { decode($0) }
  }

  /// The detections in `interpreter`'s current output (after `invoke()`), read in place
  /// (float32) or dequantized (8-bit).
  public func detections(from interpreter: ModelInterpreter) throws(ModelValidationError)
    -> [Detection]
  {
    let raw: UnsafeRawBufferPointer
    do throws(InterpreterError) {
      raw = try interpreter.unsafeOutputBuffer(at: output.tensor.position)
    } catch {
      throw .outputUnavailable(position: output.tensor.position, error)
    }
    let size = output.elementType == .float32 ? MemoryLayout<Float>.size : 1
    try checkCount(raw.count / size)
    guard let dequantization = output.dequantization else {
      return decode(raw.assumingMemoryBound(to: Float.self))
    }
    let values = Self.dequantized(
      raw, signed: output.elementType == .int8, dequantization)
    return values.withUnsafeBufferPointer { decode($0) }
  }

  /// Values of 8-bit `raw` as floats: `(q − zeroPoint) × scale`.
  static func dequantized(
    _ raw: UnsafeRawBufferPointer, signed: Bool, _ quantization: TensorQuantization
  ) -> [Float] {
    let zeroPoint = Int32(clamping: quantization.zeroPoint)
    let scale = quantization.scale
    if signed {
      return raw.map { Float(Int32(Int8(bitPattern: $0)) - zeroPoint) * scale }
    }
    return raw.map { Float(Int32($0) - zeroPoint) * scale }
  }

  private func checkCount(_ count: Int) throws(ModelValidationError) {
    let expected = output.boxCount * (output.layout.leadingValues + output.classCount)
    guard count == expected else {
      throw .outputSize(output.tensor, role: "yolo", expected: expected, actual: count)
    }
  }

  /// Steps 1–4 over values whose count was checked.
  func decode(_ values: UnsafeBufferPointer<Float>) -> [Detection] {
    let reader = YOLOOutputReader(values: values, output: output)
    let scored = reader.bestClasses()
    var candidates = scored.indices.filter { box in
      let score = scored[box]
      return score.score > threshold && filter.admits(Int(score.classIndex))
        && (output.layout != .v5 || reader.objectness(box) > threshold)
    }
    if candidates.count > Self.maxNMSCandidates {
      candidates.sort { scored[$0].ranksBefore(scored[$1]) }
      candidates = Array(candidates.prefix(Self.maxNMSCandidates)).sorted()
    }
    let inPixels =
      boxCoordinates == .pixels
      || (boxCoordinates == .automatic && reader.reachesPastNormalized(candidates))
    let (width, height) = (Float(model.input.width), Float(model.input.height))
    let scale = inPixels ? SIMD2<Float>(1, 1) : SIMD2(width, height)
    let corners = candidates.map { reader.corners(of: $0, scale: scale) }
    let kept = suppressed(candidates.map { scored[$0] }, corners: corners)
    return kept.map { position in
      let box = corners[position] / SIMD4(height, width, height, width)
      let candidate = scored[candidates[position]]
      let classIndex = Int(candidate.classIndex)
      return Detection(
        box: NormalizedBox(ymin: box[0], xmin: box[1], ymax: box[2], xmax: box[3]),
        classIndex: classIndex, label: model.labels.text(at: classIndex), score: candidate.score,
        row: candidates[position])
    }
  }

  /// Step 4: the positions (in `scored`) kept, best first.
  private func suppressed(
    _ scored: [NonMaxSuppression.Candidate], corners: [NonMaxSuppression.Corners]
  ) -> [Int] {
    var heap = scored.indices.map { position in
      NonMaxSuppression.Candidate(
        score: scored[position].score, index: Int32(position),
        classIndex: scored[position].classIndex)
    }
    let areas = corners.map(NonMaxSuppression.area)
    var kept = heap
    let agnostic = classAgnostic
    let keptCount = heap.withUnsafeMutableBufferPointer { heap in
      kept.withUnsafeMutableBufferPointer { selection in
        guard let heapBase = heap.baseAddress, let selectionBase = selection.baseAddress else {
          return 0
        }
        return NonMaxSuppression.select(
          heapBase, count: heap.count, limit: maxResults, iouThreshold: iouThreshold,
          into: selectionBase
        ) { previous, next in
          guard agnostic || scored[previous].classIndex == scored[next].classIndex else {
            return -.infinity
          }
          return NonMaxSuppression.intersectionOverUnion(
            corners[previous], area: areas[previous], corners[next], area: areas[next])
        }
      }
    }
    return kept.prefix(keptCount).map { Int($0.index) }
  }
}
