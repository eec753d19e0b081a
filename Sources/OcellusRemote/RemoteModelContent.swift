/// What a ``RemoteModel`` downloads: one model file, or an AutoML Vision Edge bundle.
public enum RemoteModelContent: Sendable, Hashable {
  /// One `.tflite` file at the source's URL, installed as `<name>.tflite`.
  case model
  /// An AutoML Vision Edge bundle in the folder at the source's URL: `manifest.json` and the
  /// model and labels files it names (relative paths inside that folder), downloaded whole
  /// and installed atomically as `<name>.automl/` — all files or none, the previous version
  /// kept on any failure. `sha256` pins files by their path relative to the folder
  /// (e.g. `"model.tflite"`, 64 hex digits); a pinned file with another digest fails the
  /// download, unpinned files are accepted as served.
  case autoMLBundle(sha256: [String: String] = [:])
}
