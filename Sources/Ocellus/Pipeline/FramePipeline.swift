import Dispatch
import Foundation

/// Feeds live camera frames to an ``ObjectDetector``, dropping frames that arrive while the
/// detector is still busy with an earlier one (ML Kit's advice for camera streams), and counting
/// them.
///
/// ``submit(_:)`` never blocks: it starts the frame on the pipeline's serial queue when the
/// detector is idle and returns true, or drops it and returns false. Accepted frames are
/// processed in submission order, so stream-mode timestamps stay increasing. The handler runs
/// on that queue after each frame.
public final class FramePipeline: @unchecked Sendable {
  /// Called with each processed frame's result, on the pipeline's queue.
  public typealias Handler = @Sendable (FrameResult) -> Void

  /// The detector frames go to (normally in stream mode).
  public let detector: ObjectDetector
  private let handler: Handler
  private let queue: DispatchQueue
  private let group = DispatchGroup()
  private let lock = NSLock()
  private var busy = false
  private var accepted = 0
  private var dropped = 0
  private var processed = 0

  /// A pipeline over `detector` calling `handler` for each processed frame.
  public init(detector: ObjectDetector, handler: @escaping Handler) {
    self.detector = detector
    self.handler = handler
    self.queue = DispatchQueue(label: "ocellus.frame-pipeline")
  }

  /// Frames dropped because the detector was busy.
  public var droppedFrameCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return dropped
  }

  /// Frames accepted and fully processed (the handler has returned).
  public var processedFrameCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return processed
  }

  /// Frames accepted so far (processed or in flight).
  public var acceptedFrameCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return accepted
  }

  /// Starts processing `image` unless a frame is in flight; returns false when it was dropped.
  @discardableResult
  public func submit(_ image: VisionImage) -> Bool {
    lock.lock()
    if busy {
      dropped += 1
      lock.unlock()
      return false
    }
    busy = true
    let sequence = accepted
    accepted += 1
    let droppedSoFar = dropped
    lock.unlock()
    group.enter()
    queue.async {
      let result: Result<[DetectedObject], VisionError>
      do throws(VisionError) {
        result = .success(try self.detector.results(in: image))
      } catch {
        result = .failure(error)
      }
      self.handler(
        FrameResult(
          sequenceNumber: sequence, timestampMilliseconds: image.timestampMilliseconds,
          result: result, droppedBefore: droppedSoFar))
      self.lock.lock()
      self.busy = false
      self.processed += 1
      self.lock.unlock()
      self.group.leave()
    }
    return true
  }

  /// Blocks until the frame in flight, if any, has been processed and handled.
  public func waitUntilIdle() {
    group.wait()
  }
}
