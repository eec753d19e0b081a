/// The models ML Kit builds in, for the options that name none: a class-agnostic box model
/// for the base object detector and an image classifier for the default image labeler and the
/// base detector's coarse categories (BEHAVIOR.md D.5).
///
/// Ocellus itself ships no model: the `OcellusDefaultModels` product has Google's object
/// localizer and a MobileNet v2 ImageNet classifier (`DefaultModels.builtInModels()`), and the ML
/// Kit compatibility modules use it. With the `Ocellus` API, set
/// ``ObjectDetectorOptions/builtInModels`` or ``BaseImageLabelerOptions/builtInModels``.
public struct BuiltInModels: Sendable {
  /// The class-agnostic box model (an SSD ending in `TFLite_Detection_PostProcess`).
  public var objectLocalizer: LocalModel
  /// The localizer's proposal threshold: boxes must score strictly above it.
  public var objectLocalizerScoreThreshold: Float
  /// The image classifier: softmax probabilities over ``coarseCategories``' classes.
  public var imageClassifier: LocalModel
  /// The classifier's class names and the coarse category of each class.
  public var coarseCategories: CoarseCategoryMap

  /// Built-in models from their parts.
  public init(
    objectLocalizer: LocalModel, objectLocalizerScoreThreshold: Float,
    imageClassifier: LocalModel, coarseCategories: CoarseCategoryMap
  ) {
    self.objectLocalizer = objectLocalizer
    self.objectLocalizerScoreThreshold = objectLocalizerScoreThreshold
    self.imageClassifier = imageClassifier
    self.coarseCategories = coarseCategories
  }

  /// The classifier options that give its classes ``coarseCategories``' names.
  var imageClassifierOptions: ClassifierModelOptions {
    ClassifierModelOptions(labels: coarseCategories.names)
  }
}
