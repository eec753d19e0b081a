import TFLiteModel

/// A custom TFLite model on disk or in memory: ML Kit's `LocalModel`.
///
/// Use it as the custom classifier of an object detector or image labeler, or as a detector
/// model. Loading reads and verifies the whole file at once; whether the model fits a task is
/// checked by ``classifierDescription(options:outputShapes:)`` and
/// ``detectorDescription(options:outputShapes:)``, which report every broken rule with a fix.
///
/// Unlike ML Kit, where `LocalModel(path:)` cannot fail and a bad file only surfaces when a
/// detector is created, loading here throws at once with the path and the reason.
public struct LocalModel: Sendable {
  /// The file the model was read from; nil for a model given in memory.
  public let path: String?
  /// The parsed model.
  public let model: ModelFile

  /// Reads the `.tflite` file at `path` (ML Kit: `LocalModel(path:)`).
  ///
  /// - Throws: ``ModelValidationError/unreadableModel(path:_:)`` when the file cannot be read
  ///   or is not a valid TFLite model (within `limits`).
  public init(path: String, limits: ModelLimits = ModelLimits()) throws(ModelValidationError) {
    do {
      model = try ModelFile(contentsOfFile: path, limits: limits)
    } catch {
      throw .unreadableModel(path: path, error)
    }
    self.path = path
  }

  /// Wraps an already-loaded model.
  public init(model: ModelFile) {
    self.model = model
    self.path = nil
  }

  /// Reads a model from its bytes.
  ///
  /// - Throws: ``ModelValidationError/unreadableModel(path:_:)`` with a nil path.
  public init(bytes: [UInt8], limits: ModelLimits = ModelLimits()) throws(ModelValidationError) {
    do {
      model = try ModelFile(bytes: bytes, limits: limits)
    } catch {
      throw .unreadableModel(path: nil, error)
    }
    self.path = nil
  }

  /// Validates the model as an image classifier (BEHAVIOR.md A.2–A.5); see
  /// ``ClassifierModelDescription/validated(model:options:labelsFile:outputShapes:)``.
  public func classifierDescription(
    options: ClassifierModelOptions = ClassifierModelOptions(), outputShapes: [[Int]]? = nil
  ) throws(ModelValidationError) -> ClassifierModelDescription {
    try ClassifierModelDescription.validated(
      model: model, options: options, outputShapes: outputShapes)
  }

  /// Validates the model as an SSD object detector (BEHAVIOR.md C.2); see
  /// ``DetectorModelDescription/validated(model:options:outputShapes:)``.
  public func detectorDescription(
    options: DetectorModelOptions = DetectorModelOptions(), outputShapes: [[Int]]? = nil
  ) throws(ModelValidationError) -> DetectorModelDescription {
    try DetectorModelDescription.validated(
      model: model, options: options, outputShapes: outputShapes)
  }
}
