import TFLiteInterpreter

/// Turns an SSD detector's four post-processed outputs into detections, exactly as the Task
/// Library's ObjectDetector does (BEHAVIOR.md C.2).
///
/// For each row `i < n` (`n = Int(count[0])`, truncated), in model order:
/// 1. `class = Int(categories[i])`, truncated toward zero, and bounds-checked against the labels
///    (or `num_classes` when there are none) BEFORE anything else uses it (upstream calibrates
///    first, a latent bug);
/// 2. rows the allow/deny list excludes are skipped;
/// 3. the score is calibrated by label name if the model has calibration;
/// 4. rows with `score <= threshold` are skipped: the test is STRICT, unlike the classifier's;
/// 5. the box row is decoded with the model's ``BoxEncoding``;
/// 6. it stops once `maxResults` detections are kept.
/// The threshold is the one given, else the metadata's, else `-Float.greatestFiniteMagnitude`.
public struct DetectionHead: Sendable {
  /// The detector model whose outputs this head reads.
  public let model: DetectorModelDescription
  /// The threshold in effect (strict: scores must be above it).
  public let threshold: Float
  /// The most detections returned; nil returns all `n`.
  public let maxResults: Int?
  /// The classes the allow/deny list admits.
  let filter: ClassFilter

  /// Creates a head.
  ///
  /// - Parameters:
  ///   - description: The validated detector model whose outputs this head reads (output
  ///     mapping, box encoding, labels, metadata threshold and calibration).
  ///   - threshold: The score threshold; nil or NaN falls back to the metadata's, else none.
  ///   - maxResults: Positive, or nil for all.
  ///   - allowList: Class names to keep (label names or displayed texts); needs labels, and at
  ///     least one entry must match. Nil or empty for no list.
  ///   - denyList: As `allowList`, for names to drop; mutually exclusive with it.
  /// - Throws: ``ModelValidationError`` for an invalid `maxResults` or list.
  public init(
    _ description: DetectorModelDescription, threshold: Float? = nil, maxResults: Int? = nil,
    allowList: [String]? = nil, denyList: [String]? = nil
  ) throws(ModelValidationError) {
    let categoryTensor =
      description.output(.category) ?? description.outputs.first
      ?? TensorReference(role: .output, position: 1, name: "")
    filter = try ClassFilter(
      labels: description.labels, tensor: categoryTensor, allowList: allowList,
      denyList: denyList, maxResults: maxResults)
    self.model = description
    if let threshold, !threshold.isNaN {
      self.threshold = threshold
    } else {
      self.threshold = description.metadataScoreThreshold ?? -Float.greatestFiniteMagnitude
    }
    self.maxResults = maxResults
  }

  /// The detections in the four outputs, given in the model's output order (`outputs[i]` is
  /// output position `i`, as `ModelInterpreter.outputFloats(at:)` returns it).
  ///
  /// - Throws: ``ModelValidationError/outputSize(_:role:expected:actual:)`` when the outputs do
  ///   not fit together (e.g. a count above the rows held),
  ///   ``ModelValidationError/detectorOutputMapping(reason:)`` when roles left to run time
  ///   cannot be told apart, ``ModelValidationError/classIndexOutOfRange(row:classValue:labelCount:)``.
  public func detections(outputs: [[Float]]) throws(ModelValidationError) -> [Detection] {
    try detections(in: outputs)
  }

  /// ``detections(outputs:)`` over any float collections (arrays, or buffers read in place).
  func detections<Values: RandomAccessCollection<Float>>(in outputs: [Values])
    throws(ModelValidationError) -> [Detection] where Values.Index == Int
  {
    let roles = try Self.resolve(model.mapping, outputs: outputs)
    let locations = outputs[roles.location]
    let categories = outputs[roles.category]
    let scores = outputs[roles.score]
    let rows = min(locations.count / 4, categories.count, scores.count)
    guard let first = outputs[roles.count].first, first.isFinite, first >= 0 else {
      throw .outputSize(
        model.output(.count), role: DetectionOutputRole.count.rawValue, expected: 1,
        actual: outputs[roles.count].count)
    }
    guard first < Float(rows) + 1 else {
      throw .outputSize(
        model.output(.count), role: DetectionOutputRole.count.rawValue, expected: rows,
        actual: Int(min(first, 1e9)))
    }
    let n = Int(first)
    let limit = maxResults.map { min($0, n) } ?? n
    let labels = model.labels
    let bound = labels.isEmpty ? model.classCount : labels.count
    let encoding = model.boxEncoding
    let (inputWidth, inputHeight) = (model.input.width, model.input.height)
    var results: [Detection] = []
    for row in 0..<n {
      if results.count >= limit { break }
      let value = categories[row]
      guard value.isFinite, value > -1, value < 2_147_483_648 else {
        throw .classIndexOutOfRange(row: row, classValue: value, labelCount: bound ?? 0)
      }
      let classIndex = Int(value)
      if let bound, classIndex >= bound {
        throw .classIndexOutOfRange(row: row, classValue: value, labelCount: bound)
      }
      guard filter.admits(classIndex) else { continue }
      var score = scores[row]
      if let calibration = model.calibration {
        score = calibration.calibrate(score, label: labels.name(at: classIndex))
      }
      guard score > threshold else { continue }
      let base = row * 4
      let box = encoding.box(
        locations[base], locations[base + 1], locations[base + 2], locations[base + 3],
        inputWidth: inputWidth, inputHeight: inputHeight)
      results.append(
        Detection(
          box: box, classIndex: classIndex, label: labels.text(at: classIndex), score: score,
          row: row))
    }
    return results
  }

  /// The detections in `interpreter`'s current outputs (after `invoke()`), read in place.
  public func detections(from interpreter: ModelInterpreter) throws(ModelValidationError)
    -> [Detection]
  {
    var outputs: [UnsafeBufferPointer<Float>] = []
    for position in 0..<interpreter.outputCount {
      do throws(InterpreterError) {
        let type = try interpreter.output(at: position).type
        guard type == .float32 else {
          throw InterpreterError.noSuchTensor("output \(position) is \(type), not float32")
        }
        let raw = try interpreter.unsafeOutputBuffer(at: position)
        outputs.append(raw.assumingMemoryBound(to: Float.self))
      } catch {
        throw .outputUnavailable(position: position, error)
      }
    }
    return try detections(in: outputs)
  }

  /// The output positions of the four roles: the mapping's where known, the rest from the
  /// outputs' sizes (4 values per row: boxes; 1 value: count) and values (categories are
  /// integral and >= 0 in the first `n` rows; if both candidates are, the earlier output is
  /// taken as categories, the TF1 order — their rows are then indistinguishable anyway).
  static func resolve<Values: RandomAccessCollection<Float>>(
    _ mapping: DetectionOutputMapping, outputs: [Values]
  ) throws(ModelValidationError) -> (location: Int, category: Int, score: Int, count: Int)
  where Values.Index == Int {
    guard outputs.count == 4 else {
      throw .detectorOutputCount(count: outputs.count, shapes: outputs.map { [$0.count] })
    }
    let known = [mapping.location, mapping.category, mapping.score, mapping.count].compactMap { $0 }
    guard known.allSatisfy({ (0..<4).contains($0) }), Set(known).count == known.count else {
      throw .detectorOutputMapping(
        reason: "the mapping names positions \(known) for 4 outputs; each must be a distinct 0...3")
    }
    if let location = mapping.location, let category = mapping.category,
      let score = mapping.score, let count = mapping.count
    {
      return (location, category, score, count)
    }
    var remaining = Set(0..<4)
    let count: Int
    if let known = mapping.count {
      count = known
    } else {
      let singles = remaining.filter { outputs[$0].count == 1 }
      guard singles.count == 1, let single = singles.first else {
        throw .detectorOutputMapping(
          reason: "\(singles.count) outputs hold a single value; exactly one (the count) should")
      }
      count = single
    }
    remaining.remove(count)
    let location: Int
    if let known = mapping.location {
      location = known
    } else {
      let candidates = remaining.filter { position in
        let size = outputs[position].count
        let others = remaining.subtracting([position])
        return size > 0 && size % 4 == 0 && others.allSatisfy { outputs[$0].count * 4 == size }
      }
      guard candidates.count == 1, let candidate = candidates.first else {
        throw .detectorOutputMapping(
          reason:
            "no single output holds 4 values per row of the other two (sizes \(outputs.map(\.count)))"
        )
      }
      location = candidate
    }
    remaining.remove(location)
    let pair = remaining.sorted()
    guard pair.count == 2 else {
      throw .detectorOutputMapping(reason: "the mapping assigns one output to two roles")
    }
    let n = outputs[count].first.map { $0.isFinite && $0 >= 0 ? Int(min($0, 1e9)) : 0 } ?? 0
    func integral(_ position: Int) -> Bool {
      outputs[position].prefix(n).allSatisfy { $0.isFinite && $0 >= 0 && $0 == $0.rounded(.down) }
    }
    let first = integral(pair[0])
    let second = integral(pair[1])
    if first || !second {
      guard first else {
        throw .detectorOutputMapping(
          reason: "neither remaining output holds integral class values in its first \(n) rows")
      }
      return (location, pair[0], pair[1], count)
    }
    return (location, pair[1], pair[0], count)
  }
}
