import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel

/// Builds single-operator `TFLite_Detection_PostProcess` models for tests: a minimal FlexBuffers
/// map writer for the custom options, and the inputs as float32, uint8 or int8 tensors that are
/// either constant or fed at run time.
enum DetectionPostProcessFixtures {
  /// A FlexBuffers scalar.
  enum Flex {
    case int(Int32)
    case float(Float)
    case bool(Bool)
  }

  /// A FlexBuffers map of scalars with 32-bit slots (keys sorted by bytes, as FlexBuffers requires).
  static func flexMap(_ entries: [String: Flex]) -> [UInt8] {
    var out: [UInt8] = []
    func pad() { while out.count % 4 != 0 { out.append(0) } }
    func put32(_ value: UInt32) { out += withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    let keys = entries.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    var keyPositions: [Int] = []
    for key in keys {
      keyPositions.append(out.count)
      out += Array(key.utf8) + [0]
    }
    pad()
    put32(UInt32(keys.count))
    let keyVector = out.count
    for position in keyPositions { put32(UInt32(out.count - position)) }
    // Map prefix: keys vector offset, keys byte width, count.
    put32(UInt32(out.count - keyVector))
    put32(4)
    put32(UInt32(keys.count))
    let mapData = out.count
    var types: [UInt8] = []
    for key in keys {
      switch entries[key]! {
      case .int(let value):
        put32(UInt32(bitPattern: value))
        types.append(1 << 2 | 2)
      case .float(let value):
        put32(value.bitPattern)
        types.append(3 << 2 | 2)
      case .bool(let value):
        put32(value ? 1 : 0)
        types.append(26 << 2 | 2)
      }
    }
    out += types
    pad()
    put32(UInt32(out.count - mapData))
    out.append(9 << 2 | 2)
    out.append(4)
    return out
  }

  /// Options of a test model, written as custom options (keys left out when nil).
  struct Options {
    var maxDetections: Int32 = 3
    var maxClassesPerDetection: Int32 = 1
    var detectionsPerClass: Int32? = nil
    var useRegularNms: Bool? = nil
    var scoreThreshold: Float = 0
    var iouThreshold: Float = 0.5
    var numClasses: Int32 = 2
    var scales: [Float] = [10, 10, 5, 5]

    /// The FlexBuffer bytes.
    var bytes: [UInt8] {
      var map: [String: Flex] = [
        "max_detections": .int(maxDetections),
        "max_classes_per_detection": .int(maxClassesPerDetection),
        "nms_score_threshold": .float(scoreThreshold),
        "nms_iou_threshold": .float(iouThreshold),
        "num_classes": .int(numClasses),
        "y_scale": .float(scales[0]), "x_scale": .float(scales[1]),
        "h_scale": .float(scales[2]), "w_scale": .float(scales[3]),
      ]
      if let detectionsPerClass { map["detections_per_class"] = .int(detectionsPerClass) }
      if let useRegularNms { map["use_regular_nms"] = .bool(useRegularNms) }
      return flexMap(map)
    }

    /// The same options for the reference.
    var reference: DetectionPostProcessReference.Options {
      DetectionPostProcessReference.Options(
        maxDetections: Int(maxDetections), maxClassesPerDetection: Int(maxClassesPerDetection),
        detectionsPerClass: Int(detectionsPerClass ?? 100), useRegularNms: useRegularNms ?? false,
        scoreThreshold: scoreThreshold, iouThreshold: iouThreshold, numClasses: Int(numClasses),
        yScale: scales[0], xScale: scales[1], hScale: scales[2], wScale: scales[3])
    }
  }

  /// One input tensor: float32 values, or 8-bit quantized values with their parameters.
  struct Input {
    var shape: [Int]
    /// Float32 data when `quantization` is nil; otherwise unused.
    var floats: [Float] = []
    /// Quantized data (uint8 as 0...255, int8 as -128...127).
    var quantized: [Int] = []
    var quantization: (scale: Float, zeroPoint: Int, signed: Bool)? = nil
    /// Stored in the model instead of fed at run time.
    var constant = false

    /// A float32 input.
    static func float(_ shape: [Int], _ values: [Float], constant: Bool = false) -> Input {
      Input(shape: shape, floats: values, constant: constant)
    }

    /// A uint8 (or int8 when `signed`) input.
    static func quantized(
      _ shape: [Int], _ values: [Int], scale: Float, zeroPoint: Int, signed: Bool = false,
      constant: Bool = false
    ) -> Input {
      Input(
        shape: shape, quantized: values, quantization: (scale, zeroPoint, signed),
        constant: constant)
    }

    /// The raw little-endian bytes.
    var bytes: [UInt8] {
      if quantization != nil { return quantized.map { UInt8(truncatingIfNeeded: $0) } }
      return SingleOpModel.bytes(floats)
    }

    /// The values as floats, dequantized with `formula` (upstream's, per input kind).
    func values(_ formula: (Int, Float, Int) -> Float) -> [Float] {
      guard let quantization else { return floats }
      return quantized.map { formula($0, quantization.scale, quantization.zeroPoint) }
    }

    /// The model tensor.
    func tensor(_ name: String) -> SingleOpModel.Tensor {
      let type: Int8 = quantization.map { $0.signed ? 9 : 3 } ?? 0
      return SingleOpModel.Tensor(
        name, type: type, shape: shape, data: constant ? bytes : nil,
        quantization: quantization.map { ([$0.scale], [Int64($0.zeroPoint)], 0) })
    }
  }

  /// The model bytes; `outputTypes` are the schema types declared for the four outputs.
  static func model(
    _ options: [UInt8]?, _ boxes: Input, _ scores: Input, _ anchors: Input,
    outputTypes: [Int8] = [0, 0, 0, 0]
  ) -> [UInt8] {
    SingleOpModel.build(
      builtin: 32, customCode: "TFLite_Detection_PostProcess", customOptions: options,
      inputs: [boxes.tensor("boxes"), scores.tensor("scores"), anchors.tensor("anchors")],
      outputs: outputTypes.enumerated().map {
        SingleOpModel.Tensor("out\($0)", type: $1, shape: [])
      })
  }

  /// Builds and runs the model, feeding the non-constant inputs.
  static func run(
    _ options: Options, _ boxes: Input, _ scores: Input, _ anchors: Input, threads: Int = 1
  ) throws -> DetectionPostProcessReference.Result {
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: model(options.bytes, boxes, scores, anchors)),
      options: InterpreterOptions(threadCount: threads))
    var position = 0
    for input in [boxes, scores, anchors] where !input.constant {
      try interpreter.setInput(at: position, bytes: input.bytes)
      position += 1
    }
    try interpreter.invoke()
    return DetectionPostProcessReference.Result(
      boxes: try interpreter.outputFloats(at: 0), classes: try interpreter.outputFloats(at: 1),
      scores: try interpreter.outputFloats(at: 2), count: try interpreter.outputFloats(at: 3)[0])
  }

  /// The reference's result for the same inputs.
  static func reference(
    _ options: Options, _ boxes: Input, _ scores: Input, _ anchors: Input
  ) -> DetectionPostProcessReference.Result? {
    DetectionPostProcessReference.run(
      options.reference, encodings: boxes.values(DetectionPostProcessReference.dequantizeBox),
      encodingLength: boxes.shape[2],
      scores: scores.values(DetectionPostProcessReference.dequantizeScore),
      columns: scores.shape[2], anchors: anchors.values(DetectionPostProcessReference.dequantizeBox)
    )
  }

  /// The load error of a model.
  static func loadError(_ bytes: [UInt8]) -> InterpreterError? {
    do {
      _ = try ModelInterpreter(model: ModelFile(bytes: bytes))
      return nil
    } catch let error as InterpreterError {
      return error
    } catch {
      return nil
    }
  }
}
