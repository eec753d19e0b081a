import Foundation
import Imaging
import Ocellus
import OcellusDefaultModels
import OcellusTestSupport
import Testing

/// Tracking that keeps identities (BEHAVIOR.md D.3) on sequences made from the shared photos:
/// objects that leave the view or are hidden and come back within the window keep their IDs,
/// IDs never move from one object to another, and a new object never takes an old ID.
@Suite("Re-identification in stream mode", .enabled(if: SharedData.isAvailable), .serialized)
struct ReidentificationTests {
  /// The two dogs of pets.jpg (upright pixels, the built-in localizer's boxes).
  static let dogs = [
    ImageRect(x: 333, y: 168, width: 159, height: 197),
    ImageRect(x: 118, y: 47, width: 138, height: 250),
  ]

  /// The objects of `truth` visible through a window at `offset` (left edge) `width` wide,
  /// as boxes in the window's coordinates (their visible parts).
  static func visible(_ truth: [ImageRect], offset: Int, width: Int, height: Int)
    -> [Int: ImageRect]
  {
    let window = ImageRect(x: offset, y: 0, width: width, height: height)
    var boxes: [Int: ImageRect] = [:]
    for (index, box) in truth.enumerated() {
      guard let part = box.intersection(window), part.width >= 1 else { continue }
      boxes[index] = ImageRect(
        x: part.minX - Double(offset), y: part.minY, width: part.width, height: part.height)
    }
    return boxes
  }

  /// The object of `frame` a detection shows: the one it overlaps with IoU ≥ 0.5.
  static func object(_ box: CGRect, in frame: [Int: ImageRect]) -> Int? {
    frame.keys.sorted().first { iou(frame[$0]!, ImageRect(box)) >= 0.5 }
  }

  static func iou(_ a: ImageRect, _ b: ImageRect) -> Double {
    guard let overlap = a.intersection(b) else { return 0 }
    let shared = overlap.width * overlap.height
    return shared / (a.width * a.height + b.width * b.height - shared)
  }

  /// Checks that each object kept one ID and that no ID went to two objects, or to an object
  /// and a detection of none; returns the IDs each object had. `truth` holds each frame's
  /// visible objects.
  @discardableResult
  static func checkIdentities(
    _ results: [[DetectedObject]], truth: [[Int: ImageRect]],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [Int: Set<Int>] {
    var idsOfObject: [Int: Set<Int>] = [:]
    var objectsOfID: [Int: Set<Int?>] = [:]
    for (objects, frame) in zip(results, truth) {
      for detected in objects {
        guard let id = detected.trackingID else { continue }
        let object = Self.object(detected.frame, in: frame)
        if let object { idsOfObject[object, default: []].insert(id) }
        objectsOfID[id, default: []].insert(object)
      }
    }
    for (object, ids) in idsOfObject {
      #expect(
        ids.count == 1, "object \(object) had IDs \(ids.sorted())", sourceLocation: sourceLocation)
    }
    for (id, objects) in objectsOfID where objects.contains(where: { $0 != nil }) {
      #expect(objects.count == 1, "ID \(id) went to \(objects)", sourceLocation: sourceLocation)
    }
    return idsOfObject
  }

  @Test("a camera panning away and back: both dogs leave the view and keep their IDs")
  func panKeepsIdentities() throws {
    let photo = try StreamFrames.photo("pets.jpg")
    let offsets = StreamFrames.thereAndBack(from: 0, to: 262, step: 10)
    let frames = try StreamFrames.pan(photo, width: 250, offsets: offsets)
    let truth = offsets.map {
      Self.visible(Self.dogs, offset: $0, width: 250, height: photo.height)
    }
    let results = try StreamFrames.track(frames)
    let ids = Self.checkIdentities(results, truth: truth)
    #expect(ids.count == 2)
    // Each dog was out of view, or not found, for longer than a track survives unmatched.
    for dog in Self.dogs.indices {
      let missing = zip(results, truth).filter { objects, frame in
        !objects.contains { Self.object($0.frame, in: frame) == dog }
      }
      #expect(missing.count > TrackerConfiguration().maxMissedFrames)
    }
    // Without re-identification, the same sequence gives a returning dog a new ID.
    let plain = try StreamFrames.track(
      frames, configuration: TrackerConfiguration(reidentificationFrames: 0))
    var fresh: [Int: Set<Int>] = [:]
    for (objects, frame) in zip(plain, truth) {
      for detected in objects {
        if let dog = Self.object(detected.frame, in: frame), let id = detected.trackingID {
          fresh[dog, default: []].insert(id)
        }
      }
    }
    #expect(fresh.values.contains { $0.count > 1 })
  }

  @Test("a dog hidden behind a patch for half a second gets its ID back; the other keeps its own")
  func occlusionKeepsIdentities() throws {
    let photo = try StreamFrames.photo("pets.jpg")
    let patch = ImageRect(x: 320, y: 150, width: 185, height: 230)
    let hidden = try StreamFrames.painted(photo, patch)
    let frames =
      Array(repeating: photo, count: 8) + Array(repeating: hidden, count: 15)
      + Array(repeating: photo, count: 8)
    let both = Self.visible(Self.dogs, offset: 0, width: photo.width, height: photo.height)
    let truth =
      Array(repeating: both, count: 8) + Array(repeating: [1: Self.dogs[1]], count: 15)
      + Array(repeating: both, count: 8)
    let results = try StreamFrames.track(frames)
    let ids = Self.checkIdentities(results, truth: truth)
    #expect(ids[0]?.count == 1 && ids[1]?.count == 1)
    // The first dog was seen before and after the patch.
    #expect(results[0..<8].contains { $0.contains { Self.object($0.frame, in: both) == 0 } })
    #expect(results[23...].contains { $0.contains { Self.object($0.frame, in: both) == 0 } })
  }

  @Test("another animal appearing where a dog was gets a new ID")
  func newObjectGetsNewID() throws {
    let photo = try StreamFrames.photo("pets.jpg")
    let cat = try StreamFrames.photo("cat.bmp").cropped(x: 29, y: 38, width: 353, height: 297)
    let spot = ImageRect(x: 320, y: 150, width: 185, height: 230)
    let hidden = try StreamFrames.painted(photo, spot)
    let swapped = try StreamFrames.painted(photo, spot, with: cat)
    let frames =
      Array(repeating: photo, count: 6) + Array(repeating: hidden, count: 6)
      + Array(repeating: swapped, count: 8)
    let results = try StreamFrames.track(frames)
    let dogID = results[0].first { $0.frame == CGRect(Self.dogs[0]) }?.trackingID
    #expect(dogID != nil)
    let catIDs = results[12...].flatMap { objects in
      objects.filter { $0.frame.intersection(CGRect(spot)).width > 100 }.compactMap(\.trackingID)
    }
    #expect(!catIDs.isEmpty)
    #expect(!catIDs.contains { $0 == dogID })
  }
}

/// What re-identification costs per stream frame, printed for the report (no timing is
/// asserted): the signatures of five objects in a 1200 × 600 photo, and the tracker's
/// association when none of the five overlaps its track (25 appearance comparisons).
@Suite("Re-identification cost", .enabled(if: SharedData.isAvailable))
struct ReidentificationCostTests {
  @Test func reportsThePerFrameCost() throws {
    let image = try VisionImage(contentsOfFile: SharedData.path("images/cats_and_dogs.jpg"))
    let boxes = [
      ImageRect(x: 387, y: 211, width: 270, height: 386),
      ImageRect(x: 606, y: 155, width: 304, height: 442),
      ImageRect(x: 76, y: 393, width: 381, height: 207),
      ImageRect(x: 863, y: 417, width: 230, height: 183),
      ImageRect(x: 10, y: 10, width: 1100, height: 580),
    ]
    let clock = ContinuousClock()
    let rounds = 200
    var signatures: [AppearanceSignature] = []
    let signing = try clock.measure {
      for _ in 0..<rounds {
        signatures = try boxes.map { try AppearanceSignature(of: $0, in: image) }
      }
    }
    // Five tracks that were absent, then seen far away: the detections overlap none of them,
    // so every pair is compared by appearance.
    let context = ObjectTracker.FrameContext(width: 1200, height: 600, orientation: 0)
    var template = ObjectTracker()
    let far = boxes.map {
      ImageRect(x: $0.minX + 5000, y: $0.minY, width: $0.width, height: $0.height)
    }
    _ = try template.update(
      detections: boxes, appearances: signatures, timestampMilliseconds: 0, context: context)
    for frame in 1...4 {
      _ = try template.update(
        detections: [], appearances: [], timestampMilliseconds: Int64(frame) * 33, context: context)
    }
    _ = try template.update(
      detections: far, appearances: signatures, timestampMilliseconds: 165, context: context)
    var trackers = Array(repeating: template, count: rounds)
    let matching = try clock.measure {
      for index in 0..<rounds {
        _ = try trackers[index].update(
          detections: boxes, appearances: signatures, timestampMilliseconds: 198, context: context)
      }
    }
    func microseconds(_ duration: Duration) -> String {
      let total =
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) * 1e-12
      return String(format: "%.1f", total / Double(rounds))
    }
    print(
      "re-identification per frame, 5 objects: signatures \(microseconds(signing)) µs, "
        + "association by appearance (5 × 5 pairs) \(microseconds(matching)) µs")
    #expect(signatures.count == 5)
    #expect(trackers[0].absentTracks.count + trackers[0].tracks.count >= 5)
  }
}
