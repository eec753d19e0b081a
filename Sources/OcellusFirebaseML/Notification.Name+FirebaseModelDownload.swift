import Foundation

/// COMPATIBILITY SURFACE (legacy Firebase ML). The Firebase-era names of the model-download
/// notifications (BEHAVIOR.md E.4), so Firebase code observing them ports unchanged. ``ModelManager``
/// posts each of these right after its ML Kit counterpart, with the same object (the manager)
/// and userInfo (``ModelDownloadUserInfoKey/remoteModel``, ``ModelDownloadUserInfoKey/error``).
/// The raw strings are Ocellus's own; observe by these names.
extension Notification.Name {
  /// Firebase's `.firebaseMLModelDownloadDidSucceed`: as ``mlkitModelDownloadDidSucceed``.
  public static let firebaseMLModelDownloadDidSucceed = Notification.Name(
    "FIRMLModelDownloadDidSucceedNotification")

  /// Firebase's `.firebaseMLModelDownloadDidFail`: as ``mlkitModelDownloadDidFail``.
  public static let firebaseMLModelDownloadDidFail = Notification.Name(
    "FIRMLModelDownloadDidFailNotification")
}
