import Foundation

/// Further names under which every ``ModelManager`` in the process posts its download
/// notifications, right after ML Kit's (`.mlkitModelDownloadDidSucceed` /
/// `.mlkitModelDownloadDidFail`), with the same object and userInfo. The Firebase ML module
/// adds Firebase's names here, so this module names no other SDK. Thread-safe.
package final class ModelDownloadNotificationAliases: @unchecked Sendable {
  /// The process-wide list every manager reads.
  package static let shared = ModelDownloadNotificationAliases()

  private let lock = NSLock()
  private var pairs: [(succeeded: Notification.Name, failed: Notification.Name)] = []

  /// Posts `succeeded` after each success and `failed` after each failure from now on; adding
  /// a pair already there changes nothing.
  package func add(succeeded: Notification.Name, failed: Notification.Name) {
    lock.withLock {
      guard !pairs.contains(where: { $0.succeeded == succeeded && $0.failed == failed }) else {
        return
      }
      pairs.append((succeeded, failed))
    }
  }

  /// The names to post for a success (true) or a failure (false), ML Kit's first.
  package func names(succeeded: Bool) -> [Notification.Name] {
    let aliases = lock.withLock { pairs.map { succeeded ? $0.succeeded : $0.failed } }
    return [succeeded ? .mlkitModelDownloadDidSucceed : .mlkitModelDownloadDidFail] + aliases
  }
}
