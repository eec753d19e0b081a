import Foundation
import OcellusRemote

/// Firebase's download-notification names, added to the names every model manager posts the
/// first time they are read (thread-safe: a static `let` is initialized once).
enum FirebaseDownloadNotifications {
  static let registered: (succeeded: Notification.Name, failed: Notification.Name) = {
    let succeeded = Notification.Name("FIRMLModelDownloadDidSucceedNotification")
    let failed = Notification.Name("FIRMLModelDownloadDidFailNotification")
    ModelDownloadNotificationAliases.shared.add(succeeded: succeeded, failed: failed)
    return (succeeded, failed)
  }()
}
