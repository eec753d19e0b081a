import Foundation
import Imaging
import Ocellus
import OcellusTestSupport
import Testing

/// Stream mode: tracking IDs over synthetic frame sequences cut from `pets.jpg`.
@Suite("Tracking in stream mode")
struct TrackingStreamTests {
  /// A stream-mode detector with the COCO SSD and, optionally, the object labeler.
  static func streamDetector(
    multiple: Bool = true, classify: Bool = false, threadCount: Int = 1,
    reclassification: TrackReclassification = TrackReclassification(),
    tracker: TrackerConfiguration = TrackerConfiguration()
  ) throws -> ObjectDetector {
    var base = try VisionImageFixtures.detectorOptions(
      mode: .stream, multiple: multiple, classification: classify, threshold: 0.5,
      threadCount: threadCount)
    base.trackerConfiguration = tracker
    if classify {
      return try ObjectDetector(
        options: CustomObjectDetectorOptions(
          localModel: VisionImageFixtures.localModel("mlkit_object_labeler.tflite"), base: base,
          trackReclassification: reclassification))
    }
    return try ObjectDetector(options: base)
  }

  /// Frames of a window sliding right over pets.jpg, 4 px a frame, 33 ms apart.
  static func slidingFrames(count: Int) throws -> [VisionImage] {
    let photo = try VisionImageFixtures.image("pets.jpg").image
    let width = photo.width * 3 / 4
    let step = max(1, (photo.width - width) / max(1, count - 1))
    return try (0..<count).map { index in
      VisionImage(
        image: try VisionImageFixtures.window(
          photo, x: min(index * step, photo.width - width), y: 0, width: width,
          height: photo.height),
        orientation: .up, timestampMilliseconds: Int64(index * 33))
    }
  }

  /// Runs `frames` through `detector`.
  static func run(_ detector: ObjectDetector, _ frames: [VisionImage]) throws -> [[DetectedObject]]
  {
    try frames.map { try detector.results(in: $0) }
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func idsStayStableWhileTheWindowSlides() throws {
    let frames = try Self.slidingFrames(count: 8)
    let results = try Self.run(Self.streamDetector(), frames)
    #expect(results.allSatisfy { !$0.isEmpty })
    #expect(results.allSatisfy { $0.allSatisfy { $0.trackingID != nil } })
    // Each object matches the previous frame's object at the same scene position (the window
    // moved by `step` pixels) and keeps its ID.
    let step = CGFloat(
      (try VisionImageFixtures.image("pets.jpg").image.width - frames[0].width) / 7)
    var matched = 0
    for (previous, current) in zip(results, results.dropFirst()) {
      for object in current {
        let moved = object.frame.offsetBy(dx: step, dy: 0)
        if let same = previous.first(where: { ObjectDetectorTests.iou($0.frame, moved) > 0.6 }) {
          #expect(same.trackingID == object.trackingID)
          matched += 1
        }
      }
    }
    #expect(matched >= 7)
    // IDs in one frame are distinct.
    for objects in results {
      let ids = objects.compactMap(\.trackingID)
      #expect(Set(ids).count == ids.count)
    }
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func objectsThatLeaveAndReturnKeepTheirIDsWithinTheWindow() throws {
    let photo = try VisionImageFixtures.image("pets.jpg").image
    let empty = try VisionImageFixtures.gray(width: photo.width, height: photo.height)
    var time: Int64 = 0
    func frame(_ image: PixelImage) -> VisionImage {
      time += 33
      return VisionImage(image: image, orientation: .up, timestampMilliseconds: time)
    }
    // Without re-identification, objects gone longer than 3 missed frames come back with new
    // IDs, above every earlier one (never reused).
    let forgetful = try Self.streamDetector(
      tracker: TrackerConfiguration(reidentificationFrames: 0))
    let before = try forgetful.results(in: frame(photo))
    for _ in 0..<5 { #expect(try forgetful.results(in: frame(empty)).isEmpty) }
    let renamed = try forgetful.results(in: frame(photo)).compactMap(\.trackingID)
    #expect(!before.isEmpty && renamed.count == before.count)
    #expect(renamed.allSatisfy { id in before.allSatisfy { id > $0.trackingID! } })

    let detector = try Self.streamDetector()
    let first = try detector.results(in: frame(photo))
    let again = try detector.results(in: frame(photo))
    #expect(!first.isEmpty)
    #expect(first.map(\.trackingID) == again.map(\.trackingID))
    // Gone for longer than a live track waits (3 missed frames), within the window (30)...
    for _ in 0..<5 { #expect(try detector.results(in: frame(empty)).isEmpty) }
    // ...then back: the same objects at the same places take their IDs back.
    let back = try detector.results(in: frame(photo))
    #expect(back.map(\.trackingID) == first.map(\.trackingID))
    // Gone for longer than the window: new IDs.
    for _ in 0..<31 { _ = try detector.results(in: frame(empty)) }
    let newIDs = try detector.results(in: frame(photo)).compactMap(\.trackingID)
    let oldIDs = Set(first.compactMap(\.trackingID))
    #expect(newIDs.count == first.count)
    #expect(newIDs.allSatisfy { id in oldIDs.allSatisfy { id > $0 } })
    // A time gap over 500 ms also starts new tracks.
    let beforeGap = try detector.results(in: frame(photo)).compactMap(\.trackingID)
    #expect(beforeGap == newIDs)
    time += 600
    let afterGap = try detector.results(in: frame(photo)).compactMap(\.trackingID)
    #expect(afterGap.allSatisfy { id in newIDs.allSatisfy { id > $0 } })
    // So does a change of orientation.
    time += 33
    let turned = try detector.results(
      in: VisionImage(image: photo, orientation: .down, timestampMilliseconds: time))
    #expect(turned.compactMap(\.trackingID).allSatisfy { id in afterGap.allSatisfy { id > $0 } })
    // And a change of frame size: the same scene cropped by one column is a new stream.
    time += 33
    let narrower = try VisionImageFixtures.window(
      photo, x: 0, y: 0, width: photo.width - 1, height: photo.height)
    let resized = try detector.results(
      in: VisionImage(image: narrower, orientation: .down, timestampMilliseconds: time))
    let turnedIDs = turned.compactMap(\.trackingID)
    #expect(!resized.isEmpty)
    #expect(resized.compactMap(\.trackingID).allSatisfy { id in turnedIDs.allSatisfy { id > $0 } })
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func timestampsMustIncreaseStrictly() throws {
    let detector = try Self.streamDetector()
    let photo = try VisionImageFixtures.image("pets.jpg").image
    _ = try detector.results(in: VisionImage(image: photo, timestampMilliseconds: 100))
    #expect(throws: VisionError.timestampNotIncreasing(previous: 100, given: 100)) {
      _ = try detector.results(in: VisionImage(image: photo, timestampMilliseconds: 100))
    }
    #expect(throws: VisionError.timestampNotIncreasing(previous: 100, given: 50)) {
      _ = try detector.results(in: VisionImage(image: photo, timestampMilliseconds: 50))
    }
    // Without a timestamp a frame counts as 1 ms after the previous one.
    let untimed = try detector.results(in: VisionImage(image: photo))
    #expect(!untimed.isEmpty)
    #expect(throws: VisionError.timestampNotIncreasing(previous: 101, given: 101)) {
      _ = try detector.results(in: VisionImage(image: photo, timestampMilliseconds: 101))
    }
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func labelsAreCarriedPerTrack() throws {
    let detector = try Self.streamDetector(classify: true, reclassification: .never)
    let results = try Self.run(detector, Self.slidingFrames(count: 4))
    var labelsByID: [Int: [ObjectLabel]] = [:]
    for objects in results {
      for object in objects {
        let id = try #require(object.trackingID)
        if let known = labelsByID[id] {
          #expect(known == object.labels)
        } else {
          labelsByID[id] = object.labels
        }
      }
    }
    #expect(!labelsByID.isEmpty)
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func singleObjectStreamReportsOneTrackedObject() throws {
    let detector = try Self.streamDetector(multiple: false)
    let results = try Self.run(detector, Self.slidingFrames(count: 4))
    #expect(results.allSatisfy { $0.count == 1 && $0[0].trackingID != nil })
    // Hysteresis: the chosen object does not flip between frames of a slow slide.
    #expect(Set(results.compactMap { $0.first?.trackingID }).count == 1)
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func repeatedRunsAndThreadCountsAreIdentical() throws {
    let frames = try Self.slidingFrames(count: 5)
    let reference = try Self.run(Self.streamDetector(classify: true), frames)
    for threads in [1, 2] {
      let again = try Self.run(Self.streamDetector(classify: true, threadCount: threads), frames)
      #expect(again == reference, "\(threads) thread(s)")
    }
    // Resetting starts over with fresh IDs but the same boxes and labels.
    let detector = try Self.streamDetector(classify: true)
    let first = try Self.run(detector, frames)
    detector.resetTracking()
    let second = try Self.run(detector, frames)
    #expect(first == reference)
    #expect(second.map { $0.map(\.frame) } == first.map { $0.map(\.frame) })
    #expect(second.map { $0.map(\.labels) } == first.map { $0.map(\.labels) })
    let firstIDs = Set(first.flatMap { $0.compactMap(\.trackingID) })
    #expect(second.flatMap { $0.compactMap(\.trackingID) }.allSatisfy { !firstIDs.contains($0) })
  }
}
