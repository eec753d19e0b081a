import Imaging
import TFLiteInterpreter
import TFLiteModel

/// A custom classifier ready to run: its interpreter, input packing and first head.
///
/// Not thread-safe: its owner (``ImageLabeler``, ``ObjectDetector``) serializes calls with a
/// lock.
final class ClassifierRunner {
  /// The validated model.
  let description: ClassifierModelDescription
  /// The head that turns scores into labels (threshold, count, lists, activation).
  let head: ClassificationHead
  /// How pixels become the input tensor.
  let spec: TensorPackingSpec
  private let interpreter: ModelInterpreter

  /// Validates `source` as a classifier, prepares its interpreter and the head of output 0.
  ///
  /// - Parameters:
  ///   - threshold: Inclusive; nil falls back to the metadata threshold, else 0.
  ///   - maxResults: Positive, or nil for all.
  init(
    source: any ClassifierModelSource, modelOptions: ClassifierModelOptions, threshold: Float?,
    maxResults: Int?, activation: ScoreActivation, threadCount: Int
  ) throws(VisionError) {
    let (interpreter, description) = try ModelInterpreter.prepared(
      model: source.model, threadCount: threadCount
    ) { (outputShapes) throws(ModelValidationError) in
      try source.classifierDescription(options: modelOptions, outputShapes: outputShapes)
    }
    do throws(ModelValidationError) {
      guard let first = description.heads.first else {
        throw ModelValidationError.noOutputs
      }
      head = try ClassificationHead(
        first, threshold: threshold, maxResults: maxResults, allowList: modelOptions.allowList,
        denyList: modelOptions.denyList, activation: activation)
    } catch {
      throw .model(error)
    }
    self.description = description
    self.spec = description.input.packingSpec
    self.interpreter = interpreter
  }

  /// The labels of `image` seen upright through `orientation`, cropped to `crop` (display
  /// coordinates) when given, stretched to the model's input (BEHAVIOR.md D-1).
  func classify(image: PixelImage, orientation: ImageOrientation, crop: TensorCrop?)
    throws(VisionError) -> [ImageLabel]
  {
    try interpreter.run(image: image, orientation: orientation, crop: crop, spec: spec)
    return try Self.reading { () throws(ModelValidationError) in
      try head.labels(from: interpreter)
    }
  }

  /// The dequantized scores of every class (output 0) for `image`, packed as
  /// ``classify(image:orientation:crop:)`` packs it.
  func scores(image: PixelImage, orientation: ImageOrientation, crop: TensorCrop?)
    throws(VisionError) -> [Float]
  {
    try interpreter.run(image: image, orientation: orientation, crop: crop, spec: spec)
    return try Self.reading { () throws(ModelValidationError) in
      try head.scores(from: interpreter)
    }
  }

  /// `read`'s result, its model errors as ``VisionError/model(_:)``.
  private static func reading<T>(_ read: () throws(ModelValidationError) -> T)
    throws(VisionError) -> T
  {
    do {
      return try read()
    } catch {
      throw .model(error)
    }
  }
}
