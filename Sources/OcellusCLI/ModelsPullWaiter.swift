import Foundation
import Ocellus
import OcellusRemote

/// Hands the result of an asynchronous download to the command's synchronous thread, which
/// polls it while drawing progress.
final class ModelsPullWaiter: @unchecked Sendable {
  private let condition = NSCondition()
  private var stored: Result<String, ModelDownloadError>?

  /// Stores the result and wakes the waiting thread.
  func finish(_ result: Result<String, ModelDownloadError>) {
    condition.lock()
    stored = result
    condition.broadcast()
    condition.unlock()
  }

  /// Waits up to `seconds` for the result; true once it is there.
  func wait(seconds: Double) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    if stored == nil { _ = condition.wait(until: Date().addingTimeInterval(seconds)) }
    return stored != nil
  }

  /// The result, once finished.
  var result: Result<String, ModelDownloadError>? {
    condition.lock()
    defer { condition.unlock() }
    return stored
  }
}
