/// When a model may be downloaded: ML Kit's `ModelDownloadConditions`.
///
/// Defaults are ML Kit's: cellular access allowed, no background downloading.
///
/// - On Apple platforms, ``allowsCellularAccess`` is passed to `URLSession`
///   (`URLSessionConfiguration.allowsCellularAccess`): with `false`, a download over a cellular
///   interface fails with ``ModelDownloadError/network(model:url:reason:)``.
///   ``allowsBackgroundDownloading`` is advisory: Ocellus downloads in the app's process with a
///   foreground session, so a download stops when the app is suspended and restarts cleanly
///   (nothing half-written is ever visible) the next time it is requested.
/// - On Linux (and other platforms without cellular interfaces or app suspension) both are
///   advisory: they are recorded and passed to `URLSession` where it has the setting, but do not
///   change behaviour.
public struct ModelDownloadConditions: Sendable, Equatable, Hashable {
  /// Whether the download may use a cellular network (default `true`).
  public var allowsCellularAccess: Bool
  /// Whether the download may continue in the background (default `false`; advisory).
  public var allowsBackgroundDownloading: Bool

  /// Conditions with ML Kit's defaults unless given.
  public init(allowsCellularAccess: Bool = true, allowsBackgroundDownloading: Bool = false) {
    self.allowsCellularAccess = allowsCellularAccess
    self.allowsBackgroundDownloading = allowsBackgroundDownloading
  }
}
