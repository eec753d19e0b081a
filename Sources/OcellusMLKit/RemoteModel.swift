import Ocellus

/// A model downloaded on demand (ML Kit's `RemoteModel`, base of ``CustomRemoteModel`` and of
/// Firebase's `AutoMLRemoteModel`). This object is what the download notifications carry under
/// ``ModelDownloadUserInfoKey/remoteModel``.
open class RemoteModel: @unchecked Sendable {
  /// The model's name (the cache key).
  public let name: String
  private let base: Ocellus.RemoteModel

  /// A compatibility object over an Ocellus remote model.
  package init(_ base: Ocellus.RemoteModel) {
    name = base.name
    self.base = base
  }

  /// The Ocellus model, carrying this object for the notifications.
  package var ocellusModel: Ocellus.RemoteModel {
    var model = base
    model.notificationObject = self
    return model
  }
}
