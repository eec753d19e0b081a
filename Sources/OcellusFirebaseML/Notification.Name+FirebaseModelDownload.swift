import Foundation
import Ocellus

/// The Firebase-era names of the model-download notifications (BEHAVIOR.md E.4), so Firebase
/// code observing them ports unchanged. The ``ModelManager`` posts each of these right after
/// its ML Kit counterpart, with the same object (the Ocellus manager) and userInfo: the
/// ``RemoteModel`` object given to `download` under ``ModelDownloadUserInfoKey/remoteModel``
/// and the error under ``ModelDownloadUserInfoKey/error``. The raw strings are Ocellus's own;
/// observe by these names.
extension Notification.Name {
  /// Firebase's `.firebaseMLModelDownloadDidSucceed`.
  public static let firebaseMLModelDownloadDidSucceed = Ocellus.ModelManager.firebaseSucceededName

  /// Firebase's `.firebaseMLModelDownloadDidFail`.
  public static let firebaseMLModelDownloadDidFail = Ocellus.ModelManager.firebaseFailedName
}
