import Foundation
import Imaging

/// Labels whole images with a custom classifier: ML Kit's `ImageLabeler`.
///
/// The upright image (its ``VisionImage/orientation`` applied) is stretched to the model's
/// input size with Pillow-style bilinear resampling (BEHAVIOR.md D-1), packed as the model's
/// input requires (uint8, int8 or float32, BEHAVIOR.md A.2), run, and the first output turned into
/// labels: dequantized, never softmaxed unless asked, thresholded INCLUSIVELY, sorted by
/// confidence with ties in ascending index order (BEHAVIOR.md C.1).
///
/// The model is validated when the labeler is created (BEHAVIOR.md A.2–A.5), so a model that does not
/// fit fails here with every broken rule named. A labeler is `Sendable`: calls from several
/// threads are serialized on one interpreter.
public final class ImageLabeler: VisionProcessor, @unchecked Sendable {
  /// The options the labeler was created with.
  public let options: CustomImageLabelerOptions
  private let lock = NSLock()
  private let runner: ClassifierRunner

  /// A labeler for `options` (ML Kit: `ImageLabeler.imageLabeler(options:)`).
  ///
  /// - Throws: ``VisionError/invalidOption(name:value:reason:)`` for a non-positive
  ///   ``CustomImageLabelerOptions/maxResultCount``; ``VisionError/model(_:)`` when the model is
  ///   not a valid classifier; ``VisionError/interpreter(_:)`` when it cannot run.
  public init(options: some ImageLabelerOptions) throws(VisionError) {
    let custom = options.customImageLabelerOptions
    guard custom.maxResultCount > 0 else {
      throw .invalidOption(
        name: "maxResultCount", value: "\(custom.maxResultCount)", reason: "it must be positive")
    }
    self.options = custom
    runner = try ClassifierRunner(
      source: custom.localModel, modelOptions: custom.modelOptions,
      threshold: custom.validThreshold, maxResults: custom.maxResultCount,
      activation: custom.scoreActivation, threadCount: custom.threadCount)
  }

  /// A labeler with the built-in classifier: ML Kit's `ImageLabeler.imageLabeler(options:
  /// ImageLabelerOptions())`.
  ///
  /// - Throws: ``VisionError/builtInModelsUnavailable(needed:)`` without built-in models; as
  ///   ``init(options:)`` otherwise.
  public convenience init(options: BaseImageLabelerOptions) throws(VisionError) {
    try self.init(options: try options.customImageLabelerOptions())
  }

  /// A labeler for `options`; the ML Kit spelling of ``init(options:)-(ImageLabelerOptions)``.
  public static func imageLabeler(options: some ImageLabelerOptions) throws(VisionError)
    -> ImageLabeler
  {
    try ImageLabeler(options: options)
  }

  /// The threshold in effect (inclusive): the options', else the metadata's, else 0.
  public var confidenceThreshold: Float { runner.head.threshold }

  /// The validated model.
  public var modelDescription: ClassifierModelDescription { runner.description }

  /// The labels of `image`, best first (synchronous; blocks while another call runs).
  ///
  /// - Throws: ``VisionError`` when the image cannot be packed or the model output is
  ///   unusable.
  public func results(in image: VisionImage) throws(VisionError) -> [ImageLabel] {
    lock.lock()
    defer { lock.unlock() }
    return try runner.classify(image: image.image, orientation: image.orientation, crop: nil)
  }

  /// The labels of the part of `image` inside `region` (upright display pixels, `[x, x + width)`
  /// × `[y, y + height)`, whole pixels covered), best first: the region is cropped and
  /// stretched to the model's input as a whole image would be.
  ///
  /// - Throws: ``VisionError/invalidImage(_:)`` when `region` is empty or misses the image;
  ///   otherwise as ``results(in:)``.
  public func results(in image: VisionImage, regionOfInterest region: CGRect) throws(VisionError)
    -> [ImageLabel]
  {
    lock.lock()
    defer { lock.unlock() }
    return try runner.classify(
      image: image.image, orientation: image.orientation, crop: TensorCrop(ImageRect(region)))
  }
}
