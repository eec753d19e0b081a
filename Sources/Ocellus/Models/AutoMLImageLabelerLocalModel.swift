import TFLiteModel

/// An AutoML Vision Edge image-labeling bundle on disk: `manifest.json`, the model and its
/// `dict.txt` labels (standalone ML Kit's `AutoMLImageLabelerLocalModel(manifestPath:)`;
/// Firebase ML Vision's `AutoMLLocalModel(manifestPath:)` is in `OcellusFirebaseML`; current ML
/// Kit `LocalModel(manifestPath:)`).
///
/// Paths in the manifest resolve relative to its folder; the manifest may have a trailing comma
/// or a byte order mark (BEHAVIOR.md E.1). The labels file wins over labels embedded in the model, and
/// when the model embeds labels too their counts must agree (BEHAVIOR.md D-6); the labels file must
/// also have one line per class of the model's output.
public struct AutoMLImageLabelerLocalModel: Sendable {
  /// The loaded bundle: manifest, resolved paths, model and labels.
  public let bundle: AutoMLBundle

  /// Reads the manifest at `manifestPath`, then the model and labels it names.
  ///
  /// - Throws: ``ModelValidationError/autoMLBundle(manifestPath:_:)`` naming the file that
  ///   failed (including a labels-count disagreement with embedded labels).
  public init(manifestPath: String, limits: ModelLimits = ModelLimits())
    throws(ModelValidationError)
  {
    do {
      bundle = try AutoMLBundle(manifestPath: manifestPath, limits: limits)
    } catch {
      throw .autoMLBundle(manifestPath: manifestPath, error)
    }
  }

  /// Where the manifest was read from.
  public var manifestPath: String { bundle.manifestPath }
  /// The model the manifest names.
  public var model: ModelFile { bundle.model }
  /// The labels from the labels file, in output-index order.
  public var labels: [String] { bundle.labels.labels }

  /// Validates the bundle's model as an image classifier with the labels file as its labels
  /// (unless `options.labels` overrides them); see
  /// ``ClassifierModelDescription/validated(model:options:labelsFile:outputShapes:)``.
  public func classifierDescription(
    options: ClassifierModelOptions = ClassifierModelOptions(), outputShapes: [[Int]]? = nil
  ) throws(ModelValidationError) -> ClassifierModelDescription {
    try ClassifierModelDescription.validated(
      model: bundle.model, options: options,
      labelsFile: (bundle.labels.labels, bundle.labelsPath), outputShapes: outputShapes)
  }
}
