import Foundation
import Imaging
import Ocellus
import OcellusTestSupport
import Testing

/// `FramePipeline`: late frames are dropped while the detector is busy, and counted.
@Suite("Frame pipeline")
struct PipelineTests {
  /// Collects handler calls across threads.
  final class Collector: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [FrameResult] = []
    func append(_ result: FrameResult) {
      lock.lock()
      items.append(result)
      lock.unlock()
    }
    var results: [FrameResult] {
      lock.lock()
      defer { lock.unlock() }
      return items
    }
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func dropsFramesWhileBusyAndCountsThem() throws {
    let detector = try ObjectDetector(
      options: VisionImageFixtures.detectorOptions(mode: .stream, threshold: 0.5))
    let collector = Collector()
    let pipeline = FramePipeline(detector: detector) { collector.append($0) }
    let photo = try VisionImageFixtures.image("pets.jpg").image
    var acceptedFlags: [Bool] = []
    for index in 0..<30 {
      acceptedFlags.append(
        pipeline.submit(
          VisionImage(image: photo, orientation: .up, timestampMilliseconds: Int64(index))))
    }
    pipeline.waitUntilIdle()
    let accepted = acceptedFlags.filter { $0 }.count
    #expect(acceptedFlags.first == true)
    #expect(accepted + pipeline.droppedFrameCount == 30)
    #expect(pipeline.droppedFrameCount > 0, "30 frames submitted at once: most must be dropped")
    #expect(pipeline.acceptedFrameCount == accepted)
    #expect(pipeline.processedFrameCount == accepted)
    let results = collector.results
    #expect(results.count == accepted)
    #expect(results.map(\.sequenceNumber) == Array(0..<accepted))
    let times = results.compactMap(\.timestampMilliseconds)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    for result in results {
      let objects = try result.result.get()
      #expect(!objects.isEmpty && objects.allSatisfy { $0.trackingID != nil })
    }
    // Waiting between frames: nothing is dropped.
    let before = pipeline.droppedFrameCount
    for index in 0..<3 {
      #expect(
        pipeline.submit(
          VisionImage(image: photo, orientation: .up, timestampMilliseconds: Int64(100 + index))))
      pipeline.waitUntilIdle()
    }
    #expect(pipeline.droppedFrameCount == before)
    #expect(collector.results.count == accepted + 3)
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func errorsAreReportedPerFrame() throws {
    let detector = try ObjectDetector(
      options: VisionImageFixtures.detectorOptions(mode: .stream, threshold: 0.5))
    let collector = Collector()
    let pipeline = FramePipeline(detector: detector) { collector.append($0) }
    let photo = try VisionImageFixtures.gray(width: 64, height: 48)
    #expect(pipeline.submit(VisionImage(image: photo, timestampMilliseconds: 10)))
    pipeline.waitUntilIdle()
    #expect(pipeline.submit(VisionImage(image: photo, timestampMilliseconds: 5)))
    pipeline.waitUntilIdle()
    let results = collector.results
    #expect(results.count == 2)
    #expect(throws: VisionError.timestampNotIncreasing(previous: 10, given: 5)) {
      _ = try results[1].result.get()
    }
  }
}
