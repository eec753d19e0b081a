/// How an ``Interpreter`` runs.
public struct InterpreterOptions: Sendable, Equatable {
  /// Threads that share each kernel's work, including the caller (at least 1). Results are
  /// identical for any count.
  public var threadCount: Int
  /// The largest activation arena allowed, in bytes (default 4 GiB); models needing more fail at load.
  public var maxArenaBytes: Int
  /// The largest single tensor allowed, in bytes (default 2 GiB).
  public var maxTensorBytes: Int

  /// Creates options; the defaults run single-threaded.
  public init(threadCount: Int = 1, maxArenaBytes: Int = 4 << 30, maxTensorBytes: Int = 2 << 30) {
    self.threadCount = max(1, threadCount)
    self.maxArenaBytes = maxArenaBytes
    self.maxTensorBytes = maxTensorBytes
  }
}
