/// A step of a download, delivered by ``ModelManager/events()``.
///
/// Every download reports zero or more ``progress(model:completedBytes:totalBytes:)`` events
/// (with non-decreasing `completedBytes`), then exactly one ``succeeded(model:path:)`` or
/// ``failed(model:error:)``.
public enum ModelDownloadEvent: Sendable, Equatable {
  /// Bytes received so far and the total when known (bytes).
  case progress(model: RemoteModel, completedBytes: Int64, totalBytes: Int64?)
  /// The model is installed and verified at `path` (also when it was already current).
  case succeeded(model: RemoteModel, path: String)
  /// The download failed; the previously installed version, if any, is untouched.
  case failed(model: RemoteModel, error: ModelDownloadError)

  /// The model the event is about.
  public var model: RemoteModel {
    switch self {
    case .progress(let model, _, _), .succeeded(let model, _), .failed(let model, _): model
    }
  }
}
