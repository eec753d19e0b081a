/// The options of the `TFLite_Detection_PostProcess` custom operator (SSD box decoding and
/// non-max suppression), read from its FlexBuffer map of custom options.
///
/// Keys are read as upstream `detection_postprocess.cc` `Init` reads them, but stricter: where
/// upstream reads a missing required key as 0 and accepts zero scales or negative counts, this
/// throws a ``ParseError`` naming the key. Numbers may be stored as any FlexBuffers numeric type
/// (integers stored as floats must be whole); an explicit `null` counts as absent.
public struct DetectionPostProcessOptions: Sendable, Equatable {
  /// The operator's custom code in the model's operator codes.
  public static let customCode = "TFLite_Detection_PostProcess"
  /// `detections_per_class` when the key is absent (upstream `kNumDetectionsPerClass`).
  public static let defaultDetectionsPerClass = 100
  /// Default upper bound on every count and on `max_detections × max_classes_per_detection`.
  public static let defaultCountLimit = 100_000

  /// `max_detections`: most boxes output (before replication per class), in `1...countLimit`.
  public let maxDetections: Int
  /// `max_classes_per_detection`: classes output per box by fast NMS, in `1...countLimit`, with
  /// `maxDetections × maxClassesPerDetection ≤ countLimit`.
  public let maxClassesPerDetection: Int
  /// `detections_per_class`: boxes kept per class by regular NMS, in `1...countLimit`; 100 if absent.
  public let detectionsPerClass: Int
  /// `use_regular_nms`: per-class NMS instead of fast NMS; `false` if absent.
  public let useRegularNms: Bool
  /// `nms_score_threshold`: scores below it are dropped; finite.
  public let nmsScoreThreshold: Float
  /// `nms_iou_threshold`: boxes overlapping a kept box by more than this are suppressed; in (0, 1].
  public let nmsIouThreshold: Float
  /// `num_classes`: classes excluding any background class, in `1...countLimit`.
  public let numClasses: Int
  /// `y_scale`: divisor of the encoded y centre; finite and nonzero.
  public let yScale: Float
  /// `x_scale`: divisor of the encoded x centre; finite and nonzero.
  public let xScale: Float
  /// `h_scale`: divisor of the encoded log height; finite and nonzero.
  public let hScale: Float
  /// `w_scale`: divisor of the encoded log width; finite and nonzero.
  public let wScale: Float
  /// `_output_quantized`: the converter's note that outputs were quantized; `false` if absent.
  /// The TFLite kernel ignores it.
  public let outputQuantized: Bool

  /// Reads and checks the options from the operator's custom options bytes.
  ///
  /// - Parameters:
  ///   - customOptions: The operator's custom options: a FlexBuffer whose root is the map of
  ///     keys.
  ///   - countLimit: upper bound on every count (including the default `detections_per_class`
  ///     of 100) and on `max_detections × max_classes_per_detection`, so later code allocates
  ///     boundedly.
  /// - Throws: ``ParseError`` naming the key and what was wrong.
  public init(customOptions: [UInt8], countLimit: Int = defaultCountLimit) throws(ParseError) {
    try self.init(customOptions: customOptions[...], countLimit: countLimit)
  }

  /// Reads and checks the options from the operator's custom options bytes, e.g. a slice of the
  /// model file (not copied).
  ///
  /// - Throws: ``ParseError`` naming the key and what was wrong.
  public init(customOptions: ArraySlice<UInt8>, countLimit: Int = defaultCountLimit)
    throws(ParseError)
  {
    let buffer: FlexBuffer
    do throws(FlexBufferError) {
      buffer = try FlexBuffer(customOptions)
    } catch {
      throw .invalidFlexBuffer(error)
    }
    try self.init(map: buffer.root, countLimit: countLimit)
  }

  /// Reads and checks the options from a FlexBuffer map.
  ///
  /// - Throws: ``ParseError/rootNotMap(found:)`` when `map` is not a map, or another ``ParseError``
  ///   naming the key and what was wrong.
  public init(map: FlexBufferReference, countLimit: Int = defaultCountLimit) throws(ParseError) {
    guard map.type == .map else { throw .rootNotMap(found: map.type) }
    guard let maxDetections = try Self.integer(map, "max_detections") else {
      throw .missingKey("max_detections")
    }
    guard let maxClasses = try Self.integer(map, "max_classes_per_detection") else {
      throw .missingKey("max_classes_per_detection")
    }
    let perClass = try Self.integer(map, "detections_per_class") ?? Self.defaultDetectionsPerClass
    let regular = try Self.boolean(map, "use_regular_nms") ?? false
    guard let scoreThreshold = try Self.float(map, "nms_score_threshold") else {
      throw .missingKey("nms_score_threshold")
    }
    guard let iouThreshold = try Self.float(map, "nms_iou_threshold") else {
      throw .missingKey("nms_iou_threshold")
    }
    guard let numClasses = try Self.integer(map, "num_classes") else {
      throw .missingKey("num_classes")
    }
    guard let yScale = try Self.float(map, "y_scale") else { throw .missingKey("y_scale") }
    guard let xScale = try Self.float(map, "x_scale") else { throw .missingKey("x_scale") }
    guard let hScale = try Self.float(map, "h_scale") else { throw .missingKey("h_scale") }
    guard let wScale = try Self.float(map, "w_scale") else { throw .missingKey("w_scale") }
    let quantized = try Self.boolean(map, "_output_quantized") ?? false
    try self.init(
      maxDetections: maxDetections, maxClassesPerDetection: maxClasses,
      detectionsPerClass: perClass,
      useRegularNms: regular, nmsScoreThreshold: scoreThreshold, nmsIouThreshold: iouThreshold,
      numClasses: numClasses, yScale: yScale, xScale: xScale, hScale: hScale, wScale: wScale,
      outputQuantized: quantized, countLimit: countLimit)
  }

  /// Creates options from values, checking them as the FlexBuffer initializers do.
  ///
  /// - Throws: ``ParseError/invalidValue(key:value:requirement:)`` naming the FlexBuffer key of
  ///   the first value out of range.
  public init(
    maxDetections: Int, maxClassesPerDetection: Int,
    detectionsPerClass: Int = defaultDetectionsPerClass,
    useRegularNms: Bool = false, nmsScoreThreshold: Float, nmsIouThreshold: Float, numClasses: Int,
    yScale: Float, xScale: Float, hScale: Float, wScale: Float, outputQuantized: Bool = false,
    countLimit: Int = defaultCountLimit
  ) throws(ParseError) {
    func count(_ key: String, _ value: Int) throws(ParseError) {
      guard value >= 1, value <= countLimit else {
        throw .invalidValue(
          key: key, value: String(value), requirement: "it must be in 1...\(countLimit)")
      }
    }
    func scale(_ key: String, _ value: Float) throws(ParseError) {
      guard value.isFinite, value != 0 else {
        throw .invalidValue(
          key: key, value: String(value), requirement: "it must be finite and nonzero")
      }
    }
    try count("max_detections", maxDetections)
    try count("max_classes_per_detection", maxClassesPerDetection)
    // Both are at most countLimit, so the product cannot overflow a 64-bit Int for sane limits;
    // check with overflow reporting anyway.
    let (boxes, overflow) = maxDetections.multipliedReportingOverflow(by: maxClassesPerDetection)
    guard !overflow, boxes <= countLimit else {
      throw .invalidValue(
        key: "max_classes_per_detection", value: String(maxClassesPerDetection),
        requirement: "max_detections × max_classes_per_detection must be at most \(countLimit)")
    }
    try count("detections_per_class", detectionsPerClass)
    guard nmsScoreThreshold.isFinite else {
      throw .invalidValue(
        key: "nms_score_threshold", value: String(nmsScoreThreshold),
        requirement: "it must be finite")
    }
    guard nmsIouThreshold > 0, nmsIouThreshold <= 1 else {
      throw .invalidValue(
        key: "nms_iou_threshold", value: String(nmsIouThreshold),
        requirement: "it must be in (0, 1]")
    }
    try count("num_classes", numClasses)
    try scale("y_scale", yScale)
    try scale("x_scale", xScale)
    try scale("h_scale", hScale)
    try scale("w_scale", wScale)
    self.maxDetections = maxDetections
    self.maxClassesPerDetection = maxClassesPerDetection
    self.detectionsPerClass = detectionsPerClass
    self.useRegularNms = useRegularNms
    self.nmsScoreThreshold = nmsScoreThreshold
    self.nmsIouThreshold = nmsIouThreshold
    self.numClasses = numClasses
    self.yScale = yScale
    self.xScale = xScale
    self.hScale = hScale
    self.wScale = wScale
    self.outputQuantized = outputQuantized
  }

  // MARK: Reading one key

  /// The value under `key`, or `nil` when absent or `null`.
  private static func lookUp(_ map: FlexBufferReference, _ key: String) throws(ParseError)
    -> FlexBufferReference?
  {
    let value: FlexBufferReference
    do throws(FlexBufferError) {
      value = try map.value(forKey: key)
    } catch {
      throw .unreadableValue(key: key, error)
    }
    return value.isNull ? nil : value
  }

  /// An integer option: any integer type, or a float holding a whole number.
  private static func integer(_ map: FlexBufferReference, _ key: String) throws(ParseError) -> Int?
  {
    guard let value = try lookUp(map, key) else { return nil }
    let result: Int?
    let text: String
    do throws(FlexBufferError) {
      switch value.type {
      case .int, .indirectInt:
        let number = try value.asInt64()
        (result, text) = (Int(exactly: number), String(number))
      case .uint, .indirectUInt:
        let number = try value.asUInt64()
        (result, text) = (Int(exactly: number), String(number))
      case .float, .indirectFloat:
        let number = try value.asDouble()
        (result, text) = (
          FlexBufferReference.exactInt64(number).flatMap { Int(exactly: $0) }, String(number)
        )
      default:
        throw FlexBufferError.typeMismatch(
          expected: "an integer", found: value.type, offset: value.offset)
      }
    } catch {
      if case .typeMismatch = error {
        throw .wrongType(key: key, found: value.type, expected: "an integer")
      }
      throw .unreadableValue(key: key, error)
    }
    guard let result else {
      throw .invalidValue(
        key: key, value: text, requirement: "it must be a whole number that fits in Int")
    }
    return result
  }

  /// A float option: any numeric type except `bool`, representable as a `Float`.
  private static func float(_ map: FlexBufferReference, _ key: String) throws(ParseError) -> Float?
  {
    guard let value = try lookUp(map, key) else { return nil }
    switch value.type {
    case .int, .indirectInt, .uint, .indirectUInt, .float, .indirectFloat:
      let number: Double
      do throws(FlexBufferError) {
        number = try value.asDouble()
      } catch {
        throw .unreadableValue(key: key, error)
      }
      let result = Float(number)
      if result.isInfinite && number.isFinite {
        throw .invalidValue(
          key: key, value: String(number), requirement: "it must fit in a 32-bit float")
      }
      return result
    default:
      throw .wrongType(key: key, found: value.type, expected: "a number")
    }
  }

  /// A boolean option: `bool`, or any number read as "not zero" (upstream `AsBool`).
  private static func boolean(_ map: FlexBufferReference, _ key: String) throws(ParseError) -> Bool?
  {
    guard let value = try lookUp(map, key) else { return nil }
    guard value.type.isNumeric else {
      throw .wrongType(key: key, found: value.type, expected: "a boolean")
    }
    do throws(FlexBufferError) {
      return try value.asBool()
    } catch {
      throw .unreadableValue(key: key, error)
    }
  }
}
