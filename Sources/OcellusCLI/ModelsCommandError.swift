/// Failures of `ocellus models` that are not usage errors.
enum ModelsCommandError: Error, CustomStringConvertible {
  /// `models path NAME` for a model not in the cache.
  case notDownloaded(name: String, cacheDirectory: String)

  var description: String {
    switch self {
    case .notDownloaded(let name, let cacheDirectory):
      "\(name) is not downloaded (cache: \(cacheDirectory)); run: ocellus models pull \(name)"
    }
  }
}
