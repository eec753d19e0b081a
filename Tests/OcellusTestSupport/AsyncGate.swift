import Foundation

/// A process-wide async mutex: tests of different suites that configure one shared object
/// (the compatibility modules' `ModelManager.modelManager()`) take turns through it.
public final class AsyncGate: @unchecked Sendable {
  /// The gate of the shared compatibility model manager.
  public static let sharedModelManager = AsyncGate()

  private let lock = NSLock()
  private var busy = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// An open gate.
  public init() {}

  /// Runs `body` once no other `run` of this gate is running.
  public func run<T>(_ body: () async throws -> T) async rethrows -> T {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      if busy {
        waiters.append(continuation)
        lock.unlock()
      } else {
        busy = true
        lock.unlock()
        continuation.resume()
      }
    }
    defer { leave() }
    return try await body()
  }

  /// Opens the gate for the next waiter.
  private func leave() {
    lock.lock()
    if waiters.isEmpty {
      busy = false
      lock.unlock()
    } else {
      let next = waiters.removeFirst()
      lock.unlock()
      next.resume()
    }
  }
}
