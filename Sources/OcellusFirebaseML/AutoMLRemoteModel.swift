import Foundation
import Ocellus
import OcellusMLKit
import OcellusRemote

/// An AutoML Vision Edge bundle downloaded on demand: Firebase's `AutoMLRemoteModel(name:)`.
///
/// The bundle (`manifest.json`, the model and labels it names) downloads whole and is
/// installed atomically by the ``ModelManager`` (all files or none; the previous version kept
/// on failure); see `OcellusRemote.RemoteModelContent.autoMLBundle(sha256:)`.
public final class AutoMLRemoteModel: RemoteModel, @unchecked Sendable {
  /// The bundle called `name`, whose folder the manager's `ModelManager.nameResolver` finds.
  public init(name: String) {
    _ = FirebaseDownloadNotifications.registered
    super.init(OcellusRemote.RemoteModel(named: name, content: .autoMLBundle()))
  }

  /// The bundle in the folder at `baseURL` (Ocellus: no resolver needed), files optionally
  /// pinned by SHA-256 (path relative to the folder → 64 hex digits).
  public init(name: String, baseURL: URL, sha256: [String: String] = [:]) {
    _ = FirebaseDownloadNotifications.registered
    super.init(
      OcellusRemote.RemoteModel(
        name: name, source: HTTPModelSource(url: baseURL), content: .autoMLBundle(sha256: sha256)))
  }
}
