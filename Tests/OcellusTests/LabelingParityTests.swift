import Foundation
import Imaging
import Ocellus
import OcellusTestSupport
import Testing

/// ML Kit labeling parity: a region of interest, a frame pipeline that drops late frames, and
/// completions on a queue the caller chooses.
@Suite("Labeling parity", .enabled(if: SharedData.isAvailable))
struct LabelingParityTests {
  static func labeler() throws -> ImageLabeler {
    try ImageLabeler(options: CustomImageLabelerOptions(localModel: VisionImageFixtures.flowers()))
  }

  @Test func regionOfInterestLabelsTheCrop() throws {
    let labeler = try Self.labeler()
    let image = try VisionImageFixtures.image("DandelionFlower.jpg")
    let region = CGRect(x: 40, y: 30, width: 200, height: 150)
    let upright = try image.uprightImage()
    let crop = try upright.cropped(x: 40, y: 30, width: 200, height: 150)
    let expected = try labeler.results(in: VisionImage(image: crop))
    #expect(try labeler.results(in: image, regionOfInterest: region) == expected)
    #expect(try labeler.results(in: image, regionOfInterest: region) != labeler.results(in: image))
    #expect(throws: VisionError.self) {
      try labeler.results(
        in: image, regionOfInterest: CGRect(x: -50, y: -50, width: 10, height: 10))
    }
  }

  @Test func pipelineLabelsInOrderAndCountsDrops() throws {
    let labeler = try Self.labeler()
    let image = try VisionImageFixtures.image("DandelionFlower.jpg")
    let results = ResultLog()
    let pipeline = LabelingPipeline(labeler: labeler) { results.append($0) }
    var accepted = 0
    for _ in 0..<6 where pipeline.submit(image) { accepted += 1 }
    pipeline.waitUntilIdle()
    #expect(pipeline.acceptedFrameCount == accepted && accepted >= 1)
    #expect(pipeline.droppedFrameCount == 6 - accepted)
    #expect(pipeline.processedFrameCount == accepted)
    let log = results.values
    #expect(log.map(\.sequenceNumber) == Array(0..<accepted))
    let expected = try labeler.results(in: image)
    #expect(log.allSatisfy { (try? $0.result.get()) == expected })
    // With a region of interest, each frame is labeled on that part only.
    let region = CGRect(x: 40, y: 30, width: 200, height: 150)
    let cropped = ResultLog()
    let regional = LabelingPipeline(labeler: labeler, regionOfInterest: region) {
      cropped.append($0)
    }
    #expect(regional.submit(image))
    regional.waitUntilIdle()
    #expect(
      try cropped.values.map { try $0.result.get() }
        == [labeler.results(in: image, regionOfInterest: region)])
  }

  @Test func completionsRunOnTheChosenQueue() async throws {
    let labeler = try Self.labeler()
    let image = try VisionImageFixtures.image("DandelionFlower.jpg")
    let key = DispatchSpecificKey<String>()
    let queue = DispatchQueue(label: "labels")
    queue.setSpecific(key: key, value: "labels")
    let onQueue = await withCheckedContinuation { continuation in
      labeler.process(image, completionQueue: queue) { labels, _ in
        continuation.resume(returning: (DispatchQueue.getSpecific(key: key), labels?.first?.text))
      }
    }
    #expect(onQueue.0 == "labels" && onQueue.1 == "dandelion")
  }
}

/// Frame results collected from a pipeline's queue.
final class ResultLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [LabelingFrameResult] = []

  func append(_ result: LabelingFrameResult) { lock.withLock { stored.append(result) } }
  var values: [LabelingFrameResult] { lock.withLock { stored } }
}
