import Foundation

/// A value delivered once from a callback (a notification observer) to an awaiting test.
public final class OneShot<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value?
  private var waiter: CheckedContinuation<Value, Never>?

  /// An empty one-shot.
  public init() {}

  /// Delivers the first value; later ones are ignored.
  public func deliver(_ value: Value) {
    lock.lock()
    guard stored == nil else { return lock.unlock() }
    stored = value
    let waiter = self.waiter
    self.waiter = nil
    lock.unlock()
    waiter?.resume(returning: value)
  }

  /// The value, once delivered.
  public func value() async -> Value {
    await withCheckedContinuation { continuation in
      lock.lock()
      if let stored {
        lock.unlock()
        continuation.resume(returning: stored)
      } else {
        waiter = continuation
        lock.unlock()
      }
    }
  }
}
