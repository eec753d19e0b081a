import TFLiteModel

/// A model that can serve as a custom image classifier: a ``LocalModel`` or an
/// ``AutoMLImageLabelerLocalModel``. Image labelers and detectors with custom classification
/// take any of them.
public protocol ClassifierModelSource: Sendable {
  /// The TFLite model to run.
  var model: ModelFile { get }

  /// Validates the model as an image classifier with `options` (and the source's own labels,
  /// e.g. an AutoML bundle's `dict.txt`); see
  /// ``ClassifierModelDescription/validated(model:options:labelsFile:outputShapes:)``.
  func classifierDescription(options: ClassifierModelOptions, outputShapes: [[Int]]?)
    throws(ModelValidationError) -> ClassifierModelDescription
}

extension LocalModel: ClassifierModelSource {}
extension AutoMLImageLabelerLocalModel: ClassifierModelSource {}
