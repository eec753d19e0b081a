import Foundation

/// Turns model names into download locations for a ``ModelManager`` (set as its
/// ``ModelManager/nameResolver``): the app's own model registry, standing in for the Firebase
/// console that ML Kit asks.
///
/// A name resolves to a model file (an ``HTTPModelSource``, which may carry pins) for
/// ``RemoteModelContent/model``, or to the folder of an AutoML bundle for
/// ``RemoteModelContent/autoMLBundle(sha256:)``. Returning nil leaves the name unresolved:
/// the download fails with ``ModelDownloadError/unresolvedName(model:)``.
public struct ModelNameResolver: Sendable {
  /// The model file for a name, or nil.
  public var model: @Sendable (String) -> HTTPModelSource?
  /// The folder URL holding an AutoML bundle's `manifest.json` for a name, or nil.
  public var autoMLBundle: @Sendable (String) -> URL?

  /// A resolver from two functions.
  public init(
    model: @escaping @Sendable (String) -> HTTPModelSource?,
    autoMLBundle: @escaping @Sendable (String) -> URL? = { _ in nil }
  ) {
    self.model = model
    self.autoMLBundle = autoMLBundle
  }

  /// Everything under one server folder: model `name` at `<baseURL>/<name>.tflite`, AutoML
  /// bundle `name` in `<baseURL>/<name>/` (the name percent-escaped as a path component, all
  /// but ASCII letters, digits and `-._~`).
  public init(baseURL: URL) {
    let unreserved = CharacterSet(
      charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    let escape: @Sendable (String) -> String = {
      $0.addingPercentEncoding(withAllowedCharacters: unreserved) ?? $0
    }
    self.init(
      model: { name in
        URL(string: escape(name) + ".tflite", relativeTo: Self.folder(baseURL))
          .map { HTTPModelSource(url: $0.absoluteURL) }
      },
      autoMLBundle: { name in
        URL(string: escape(name) + "/", relativeTo: Self.folder(baseURL))?.absoluteURL
      })
  }

  /// `url` ending with a slash, so relative names resolve inside it.
  static func folder(_ url: URL) -> URL {
    let text = url.absoluteString
    return text.hasSuffix("/") ? url : URL(string: text + "/") ?? url
  }
}
