import Foundation

/// One in-flight download of a model, shared by every request that joins it: its `Progress`,
/// its task and the monotonic byte count behind the progress.
final class ModelDownloadFlight: @unchecked Sendable {
  let model: RemoteModel
  let progress: Progress
  private let lock = NSLock()
  private var task: Task<Result<String, ModelDownloadError>, Never>?
  private var completed: Int64 = 0
  private var cancelRequested = false

  init(model: RemoteModel) {
    self.model = model
    let pinned = model.source.expectedByteCount.map { Int64($0) }
    progress = Progress(totalUnitCount: pinned ?? -1)
  }

  /// Attaches the task that performs the download and wires `Progress.cancel()` to it.
  func attach(_ task: Task<Result<String, ModelDownloadError>, Never>) {
    lock.lock()
    self.task = task
    let cancelled = cancelRequested
    lock.unlock()
    progress.cancellationHandler = { [weak self] in self?.cancel() }
    if cancelled || progress.isCancelled { task.cancel() }
  }

  /// Cancels the transfer (every joined request sees ``ModelDownloadError/cancelled(model:url:)``).
  func cancel() {
    lock.lock()
    if cancelRequested {
      lock.unlock()
      return
    }
    cancelRequested = true
    let task = self.task
    lock.unlock()
    task?.cancel()
    progress.cancel()
  }

  /// The download's result, once it ends.
  func result() async -> Result<String, ModelDownloadError> {
    let task = lock.withLock { self.task }
    guard let task else {
      return .failure(.cancelled(model: model.name, url: model.source.location))
    }
    return await task.value
  }

  /// Moves the progress forward to `bytes` of `total` (when known); returns false when nothing
  /// changed (progress never goes backwards).
  func advance(to bytes: Int64, of total: Int64?) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    var changed = false
    if let total, total > 0, total != progress.totalUnitCount, total >= completed {
      progress.totalUnitCount = total
      changed = true
    }
    if bytes > completed {
      completed = bytes
      if progress.totalUnitCount >= 0, bytes > progress.totalUnitCount {
        progress.totalUnitCount = bytes
      }
      progress.completedUnitCount = bytes
      changed = true
    }
    return changed
  }

  /// Marks the progress complete (100 %).
  func finish() {
    lock.lock()
    defer { lock.unlock() }
    if progress.totalUnitCount <= 0 { progress.totalUnitCount = max(completed, 1) }
    completed = max(completed, progress.totalUnitCount)
    progress.completedUnitCount = progress.totalUnitCount
  }

  /// The bytes counted so far.
  var completedBytes: Int64 {
    lock.lock()
    defer { lock.unlock() }
    return completed
  }
}
