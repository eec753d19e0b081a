/// Why an AutoML bundle could not be loaded; each case names the file.
public enum AutoMLBundleError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The manifest or labels file could not be read.
  case fileUnreadable(path: String, FileReadError)
  /// The manifest is not a valid AutoML manifest.
  case manifest(path: String, AutoMLManifestError)
  /// The model the manifest names could not be loaded.
  case model(path: String, ModelError)
  /// The labels file could not be used.
  case labels(path: String, LabelFileError)
  /// The labels file and the labels embedded in the model disagree in count.
  case labelCountMismatch(labelsFile: Int, embedded: Int, embeddedName: String)

  public var description: String {
    switch self {
    case .fileUnreadable(let path, let failure): return "cannot read \(path): \(failure)"
    case .manifest(let path, let error): return "\(path): \(error)"
    case .model(let path, let error): return "model named by the manifest: \(path): \(error)"
    case .labels(let path, let error): return "labels named by the manifest: \(path): \(error)"
    case .labelCountMismatch(let labelsFile, let embedded, let name):
      return
        "the labels file has \(labelsFile) labels but the model embeds \(embedded) in \(name); they must agree (the labels file is used)"
    }
  }
}
