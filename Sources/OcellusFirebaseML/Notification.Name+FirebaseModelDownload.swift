import Foundation
import OcellusRemote

/// The Firebase-era names of the model-download notifications (BEHAVIOR.md E.4), so Firebase
/// code observing them ports unchanged. Once this module has named them (reading either name,
/// or making an ``AutoMLRemoteModel``), every ``ModelManager`` posts each right after its ML Kit
/// counterpart, with the same object (the Ocellus manager) and userInfo: the ``RemoteModel``
/// object given to `download` under `ModelDownloadUserInfoKey.remoteModel` and the error
/// under `ModelDownloadUserInfoKey.error`. The raw strings are Ocellus's own; observe by
/// these names.
extension Notification.Name {
  /// Firebase's `.firebaseMLModelDownloadDidSucceed`.
  public static let firebaseMLModelDownloadDidSucceed = FirebaseDownloadNotifications.registered
    .succeeded

  /// Firebase's `.firebaseMLModelDownloadDidFail`.
  public static let firebaseMLModelDownloadDidFail = FirebaseDownloadNotifications.registered
    .failed
}
