import Foundation
import Imaging
import Ocellus
import OcellusTestSupport
import Testing

/// Stream mode's per-track labels over the project's own 24-frame sequence
/// (`Models/samples/sequence`): one digit slides out on the right around frame 9 and comes
/// back from the right edge at frame 20, first only partly visible.
@Suite("Track reclassification")
struct TrackReclassificationTests {
  static let models = SharedData.packageRoot.appendingPathComponent("Models")

  /// A stream detector with the project's digit detector and classifier. Re-identification is
  /// off, so the returning digit is a new track whose first, partial view is classified (with
  /// it on, the digit takes back its ID and labels: `DemoCommandTests`).
  static func detector(_ rule: TrackReclassification, mode: DetectorMode = .stream) throws
    -> ObjectDetector
  {
    let base = ObjectDetectorOptions(
      detectorMode: mode, shouldEnableMultipleObjects: true, shouldEnableClassification: true,
      detectorModel: try LocalModel(
        path: models.appendingPathComponent("digits_detector.tflite").path),
      trackerConfiguration: TrackerConfiguration(reidentificationFrames: 0))
    return try ObjectDetector(
      options: CustomObjectDetectorOptions(
        localModel: try LocalModel(
          path: models.appendingPathComponent("digits_classifier.tflite").path),
        base: base, trackReclassification: rule))
  }

  /// The sequence's frames, 33 ms apart.
  static func frames() throws -> [VisionImage] {
    let folder = models.appendingPathComponent("samples/sequence")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".png")
    }.sorted()
    #expect(names.count == 24)
    return try names.enumerated().map { index, name in
      var image = try VisionImage(contentsOfFile: folder.appendingPathComponent(name).path)
      image.timestampMilliseconds = Int64(index * 33)
      return image
    }
  }

  /// Labels (top label text) per tracking ID, per frame.
  static func labelsByTrack(_ detector: ObjectDetector, _ frames: [VisionImage]) throws
    -> [[Int: [String]]]
  {
    try frames.map { frame in
      var labels: [Int: [String]] = [:]
      for object in try detector.results(in: frame) {
        labels[try #require(object.trackingID)] = object.labels.map(\.text)
      }
      return labels
    }
  }

  @Test("never: each track keeps the labels of its first frame")
  func neverReclassifies() throws {
    let frames = try Self.frames()
    let results = try Self.labelsByTrack(Self.detector(.never), frames)
    var first: [Int: [String]] = [:]
    for frame in results {
      for (id, labels) in frame {
        if let seen = first[id] {
          #expect(labels == seen, "track #\(id) changed labels without reclassification")
        } else {
          first[id] = labels
        }
      }
    }
    #expect(first.count >= 4, "the returning digit gets its own track")
  }

  @Test("every frame: each track's labels are those of the same box classified alone")
  func everyFrameMatchesSingleImage() throws {
    let frames = try Self.frames()
    let stream = try Self.detector(TrackReclassification(intervalFrames: 1, areaGrowth: 0))
    let single = try Self.detector(.never, mode: .singleImage)
    for frame in frames {
      let tracked = try stream.results(in: frame)
      let alone = try single.results(in: frame)
      for object in tracked {
        let same = try #require(alone.first { $0.frame == object.frame })
        #expect(same.labels == object.labels)
      }
    }
  }

  @Test("growth: the returning digit is classified again once more of it shows")
  func growthTriggersReclassification() throws {
    let frames = try Self.frames()
    let rule = TrackReclassification(intervalFrames: 0, areaGrowth: 1.5)
    let stream = try Self.detector(rule)
    let single = try Self.detector(.never, mode: .singleImage)
    var firstSeen: [Int: (frame: Int, area: CGFloat, labels: [ObjectLabel])] = [:]
    var reclassified = 0
    for (index, frame) in frames.enumerated() {
      let alone = try single.results(in: frame)
      for object in try stream.results(in: frame) {
        let id = try #require(object.trackingID)
        let area = object.frame.width * object.frame.height
        guard let seen = firstSeen[id] else {
          firstSeen[id] = (index, area, object.labels)
          continue
        }
        if area >= seen.area * 1.5 {
          // Due: the labels are this frame's own classification.
          let same = try #require(alone.first { $0.frame == object.frame })
          #expect(same.labels == object.labels, "frame \(index) track #\(id)")
          firstSeen[id] = (index, area, object.labels)
          reclassified += 1
        } else {
          #expect(object.labels == seen.labels, "frame \(index) track #\(id) changed early")
        }
      }
    }
    #expect(reclassified >= 1, "the digit entering from the edge grows by half")
  }
}
