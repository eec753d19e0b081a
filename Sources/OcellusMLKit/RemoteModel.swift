import Ocellus
import OcellusRemote

/// A model downloaded on demand (ML Kit's `RemoteModel`, base of ``CustomRemoteModel`` and of
/// Firebase's `AutoMLRemoteModel`). This object is what the download notifications carry under
/// `ModelDownloadUserInfoKey.remoteModel`.
open class RemoteModel: @unchecked Sendable {
  /// The model's name (the cache key).
  public let name: String
  private let base: OcellusRemote.RemoteModel

  /// A compatibility object over an Ocellus remote model.
  package init(_ base: OcellusRemote.RemoteModel) {
    name = base.name
    self.base = base
  }

  /// The Ocellus model, carrying this object for the notifications.
  package var ocellusModel: OcellusRemote.RemoteModel {
    var model = base
    model.notificationObject = self
    return model
  }
}
