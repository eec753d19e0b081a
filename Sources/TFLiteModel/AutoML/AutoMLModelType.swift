/// The kinds of model an AutoML `manifest.json` can declare in its `modelType` key.
///
/// Every published sample uses `IMAGE_LABELING`; more cases can be added as they appear.
/// `allCases` lists the supported types (e.g. for error messages and tools).
public enum AutoMLModelType: String, CaseIterable, Sendable {
  /// An image classifier ("IMAGE_LABELING"): the model labels a whole image.
  case imageLabeling = "IMAGE_LABELING"
}
