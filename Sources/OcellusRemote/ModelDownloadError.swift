import Ocellus

/// Why a remote model could not be downloaded, installed or used; every case names the model
/// and, where there is one, the URL (or path) involved.
///
/// Thrown by ``ModelManager/downloadModel(_:conditions:)``, carried by
/// ``ModelDownloadEvent/failed(model:error:)`` and posted under
/// ``ModelDownloadUserInfoKey/error`` with `.mlkitModelDownloadDidFail`. A failed download
/// never leaves a partial file visible: the previously installed version, if any, stays.
public enum ModelDownloadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The server answered 404 Not Found (or 410 Gone): the URL names no model.
  case notFound(model: String, url: String)
  /// The server answered with an HTTP status other than success (2xx), 304 or 404.
  case httpStatus(model: String, url: String, status: Int)
  /// The transfer failed: no connection, a timeout, a dropped connection or a body shorter
  /// than announced (`reason` says which).
  case network(model: String, url: String, reason: String)
  /// The downloaded bytes are not the expected ones (`what` is "size" or "SHA-256"); nothing
  /// was installed.
  case integrityMismatch(model: String, url: String, what: String, expected: String, actual: String)
  /// The body grew beyond `limit` bytes while its size was unknown (or announced larger than
  /// the limit); the transfer was stopped.
  case tooLarge(model: String, url: String, limit: Int)
  /// The download was cancelled (`Foundation.Progress.cancel()`, task cancellation or
  /// ``ModelManager/deleteDownloadedModel(_:)``); nothing was installed.
  case cancelled(model: String, url: String)
  /// Reading or writing the cache folder failed at `path`.
  case disk(model: String, path: String, reason: String)
  /// The source cannot be used as given (e.g. a URL that is not HTTP(S), a malformed hash).
  case invalidSource(model: String, url: String, reason: String)
  /// The model has not been downloaded to this manager's cache yet.
  case notDownloaded(model: String)
  /// The downloaded file is not a usable TFLite model (or AutoML bundle).
  case unusableModel(model: String, path: String, ModelValidationError)
  /// The model is known only by name and the manager's ``ModelManager/nameResolver`` is not
  /// set or does not know the name.
  case unresolvedName(model: String)

  /// A sentence saying what went wrong and what to do about it.
  public var description: String {
    switch self {
    case .notFound(let model, let url):
      "model \"\(model)\": the server has nothing at \(url) (404); check the URL or mirror"
    case .httpStatus(let model, let url, let status):
      "model \"\(model)\": the server answered HTTP \(status) for \(url)"
    case .network(let model, let url, let reason):
      "model \"\(model)\": downloading \(url) failed: \(reason)"
    case .integrityMismatch(let model, let url, let what, let expected, let actual):
      "model \"\(model)\": the file downloaded from \(url) has the wrong \(what) "
        + "(expected \(expected), got \(actual)); nothing was installed"
    case .tooLarge(let model, let url, let limit):
      "model \"\(model)\": the file at \(url) is larger than the limit of \(limit) bytes; "
        + "nothing was installed"
    case .cancelled(let model, let url):
      "model \"\(model)\": the download of \(url) was cancelled; nothing was installed"
    case .disk(let model, let path, let reason):
      "model \"\(model)\": cannot write or read \(path): \(reason)"
    case .invalidSource(let model, let url, let reason):
      "model \"\(model)\": the source \(url) cannot be used: \(reason)"
    case .notDownloaded(let model):
      "model \"\(model)\" is not downloaded yet: call ModelManager.download(_:conditions:) "
        + "(or downloadModel(_:conditions:)) and wait for .mlkitModelDownloadDidSucceed first, "
        + "or fall back to a LocalModel"
    case .unusableModel(let model, let path, let error):
      "model \"\(model)\": the downloaded file \(path) cannot be used: \(error)"
    case .unresolvedName(let model):
      "model \"\(model)\" is known only by name and no URL was found for it: set "
        + "ModelManager.nameResolver to a resolver that knows it"
    }
  }
}
