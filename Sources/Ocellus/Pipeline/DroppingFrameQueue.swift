import Dispatch
import Foundation

/// The frame-dropping core of ``FramePipeline`` and ``LabelingPipeline``: one frame in flight
/// on a serial queue, frames arriving meanwhile dropped and counted, results handed over in
/// submission order.
final class DroppingFrameQueue<Value: Sendable>: @unchecked Sendable {
  /// Computes one frame's value (called on the queue, one frame at a time).
  typealias Work = @Sendable (VisionImage) throws(VisionError) -> Value

  private let work: Work
  private let handler: @Sendable (PipelineFrameResult<Value>) -> Void
  private let queue: DispatchQueue
  private let group = DispatchGroup()
  private let lock = NSLock()
  private var busy = false
  private(set) var counts = (accepted: 0, dropped: 0, processed: 0)

  init(
    label: String, work: @escaping Work,
    handler: @escaping @Sendable (PipelineFrameResult<Value>) -> Void
  ) {
    self.work = work
    self.handler = handler
    queue = DispatchQueue(label: label)
  }

  /// The accepted, dropped and processed frame counts, read together.
  var snapshot: (accepted: Int, dropped: Int, processed: Int) {
    lock.withLock { counts }
  }

  /// Starts `image` unless a frame is in flight; false when it was dropped.
  func submit(_ image: VisionImage) -> Bool {
    lock.lock()
    if busy {
      counts.dropped += 1
      lock.unlock()
      return false
    }
    busy = true
    let sequence = counts.accepted
    counts.accepted += 1
    let droppedSoFar = counts.dropped
    lock.unlock()
    group.enter()
    queue.async {
      let result: Result<Value, VisionError>
      do throws(VisionError) {
        result = .success(try self.work(image))
      } catch {
        result = .failure(error)
      }
      self.handler(
        PipelineFrameResult(
          sequenceNumber: sequence, timestampMilliseconds: image.timestampMilliseconds,
          result: result, droppedBefore: droppedSoFar))
      self.lock.withLock {
        self.busy = false
        self.counts.processed += 1
      }
      self.group.leave()
    }
    return true
  }

  /// Blocks until the frame in flight, if any, has been processed and handled.
  func waitUntilIdle() {
    group.wait()
  }
}
