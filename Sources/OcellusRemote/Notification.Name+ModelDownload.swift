import Foundation

extension Notification.Name {
  /// Posted on `NotificationCenter.default` when a model download (or revalidation) succeeded:
  /// ML Kit's `.mlkitModelDownloadDidSucceed`. The object is the ``ModelManager``; userInfo
  /// holds the ``RemoteModel`` under ``ModelDownloadUserInfoKey/remoteModel``.
  public static let mlkitModelDownloadDidSucceed = Notification.Name(
    "MLKModelDownloadDidSucceedNotification")

  /// Posted on `NotificationCenter.default` when a model download failed: ML Kit's
  /// `.mlkitModelDownloadDidFail`. The object is the ``ModelManager``; userInfo holds the
  /// ``RemoteModel`` under ``ModelDownloadUserInfoKey/remoteModel`` and the
  /// ``ModelDownloadError`` under ``ModelDownloadUserInfoKey/error``.
  public static let mlkitModelDownloadDidFail = Notification.Name(
    "MLKModelDownloadDidFailNotification")
}
