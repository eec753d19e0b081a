import Foundation

/// A pipe read to its end on another thread, so a child's two output pipes cannot deadlock.
final class PendingRead: @unchecked Sendable {
  private let condition = NSCondition()
  private var data: Data?

  /// Starts reading `pipe` on a new thread.
  static func reading(_ pipe: Pipe) -> PendingRead {
    let pending = PendingRead()
    let handle = pipe.fileHandleForReading
    Thread { pending.store(handle.readDataToEndOfFile()) }.start()
    return pending
  }

  private func store(_ value: Data) {
    condition.lock()
    data = value
    condition.broadcast()
    condition.unlock()
  }

  /// The bytes read; blocks until the pipe is closed.
  var value: Data {
    condition.lock()
    defer { condition.unlock() }
    while data == nil { condition.wait() }
    return data ?? Data()
  }
}
