import Foundation
import Imaging
import Ocellus
import Testing

/// The tracker's re-identification (BEHAVIOR.md D.3) with made-up appearances: which absent
/// track a detection takes back, and when tracks are forgotten.
@Suite("Stream-mode tracker: re-identification")
struct ReidentifyingTrackerTests {
  let context = ObjectTracker.FrameContext(width: 640, height: 480, orientation: 0)

  func box(_ x: Double, _ y: Double) -> ImageRect { ImageRect(x: x, y: y, width: 100, height: 80) }

  /// A signature with all samples in `bin`, or split evenly between `bin` and `other`.
  func look(_ bin: Int, _ other: Int? = nil, partial: Bool = false) -> AppearanceSignature {
    var histogram = [Float](repeating: 0, count: AppearanceSignature.binCount)
    histogram[bin] += other == nil ? 1 : 0.5
    if let other { histogram[other] += 0.5 }
    return AppearanceSignature(histogram: histogram, isPartial: partial)
  }

  struct Stream {
    var tracker: ObjectTracker
    var time: Int64 = 0
    let context: ObjectTracker.FrameContext

    mutating func step(_ boxes: [ImageRect], _ looks: [AppearanceSignature], gap: Int64 = 33)
      throws -> [Int]
    {
      time += gap
      return try tracker.update(
        detections: boxes, appearances: looks, timestampMilliseconds: time, context: context)
    }
  }

  func stream(_ configuration: TrackerConfiguration = TrackerConfiguration()) -> Stream {
    Stream(tracker: ObjectTracker(configuration: configuration), context: context)
  }

  @Test("objects that leave and come back elsewhere take their own IDs back, whatever the order")
  func returnsByAppearance() throws {
    var stream = stream()
    #expect(try stream.step([box(10, 10), box(300, 10)], [look(1), look(40)]) == [0, 1])
    for _ in 0..<8 { #expect(try stream.step([], []) == []) }
    #expect(stream.tracker.tracks.isEmpty && stream.tracker.absentTracks.map(\.id) == [0, 1])
    // Back in swapped places and order: matched by how they look, not where they are.
    #expect(try stream.step([box(500, 300), box(20, 300)], [look(1), look(40)]) == [0, 1])
    #expect(try stream.step([box(40, 300), box(510, 300)], [look(40), look(1)]) == [1, 0])
    #expect(stream.tracker.absentTracks.isEmpty)
  }

  @Test("a detection unlike every absent track gets a new ID; the best-looking pair wins")
  func newObjectsGetNewIDs() throws {
    var stream = stream()
    #expect(try stream.step([box(10, 10)], [look(1)]) == [0])
    for _ in 0..<5 { _ = try stream.step([], []) }
    // Half like the absent object: below the 0.7 threshold, a new track.
    #expect(try stream.step([box(10, 10)], [look(1, 2)]) == [1])
    // Two candidates for the absent track 0: the exact look takes it, the other is new.
    #expect(try stream.step([box(10, 10), box(300, 300)], [look(1, 2), look(1)]) == [1, 0])
    // Similarity exactly at the threshold is enough (inclusive).
    var strict = self.stream(TrackerConfiguration(minimumAppearanceSimilarity: 0.5))
    #expect(try strict.step([box(10, 10)], [look(3)]) == [0])
    for _ in 0..<5 { _ = try strict.step([], []) }
    #expect(try strict.step([box(300, 10)], [look(3, 9)]) == [0])
  }

  @Test("overlap comes first: a live track keeps the detection on top of it")
  func overlapBeforeAppearance() throws {
    var stream = stream()
    #expect(try stream.step([box(10, 10), box(300, 10)], [look(1), look(1)]) == [0, 1])
    // Both look the same; the one on track 1's box stays 1, the far one is 0's by look.
    #expect(try stream.step([box(302, 10), box(500, 400)], [look(1), look(1)]) == [1, 0])
  }

  @Test("absent tracks are forgotten after the frame window or the time window, or on a reset")
  func windows() throws {
    var frames = stream(TrackerConfiguration(reidentificationFrames: 6))
    #expect(try frames.step([box(10, 10)], [look(1)]) == [0])
    for _ in 0..<6 { _ = try frames.step([], []) }
    #expect(frames.tracker.absentTracks.map(\.id) == [0])
    _ = try frames.step([], [])
    #expect(frames.tracker.absentTracks.isEmpty)
    #expect(try frames.step([box(10, 10)], [look(1)]) == [1])

    var time = stream(TrackerConfiguration(reidentificationMilliseconds: 200))
    #expect(try time.step([box(10, 10)], [look(1)]) == [0])
    for _ in 0..<6 { _ = try time.step([], [], gap: 33) }  // 198 ms since seen
    #expect(time.tracker.absentTracks.map(\.id) == [0])
    _ = try time.step([], [], gap: 33)  // 231 ms
    #expect(try time.step([box(10, 10)], [look(1)]) == [1])

    var gap = stream()
    #expect(try gap.step([box(10, 10)], [look(1)]) == [0])
    for _ in 0..<5 { _ = try gap.step([], []) }
    #expect(try gap.step([box(10, 10)], [look(1)], gap: 501) == [1])

    var off = stream(TrackerConfiguration(reidentificationFrames: 0))
    #expect(try off.step([box(10, 10)], [look(1)]) == [0])
    for _ in 0..<5 { _ = try off.step([], []) }
    #expect(off.tracker.absentTracks.isEmpty)
    #expect(try off.step([box(10, 10)], [look(1)]) == [1])
  }

  @Test("a partial view does not replace a complete one; a complete view replaces a partial one")
  func learningAppearances() throws {
    var stream = stream()
    #expect(try stream.step([box(10, 10)], [look(1)]) == [0])
    _ = try stream.step([box(12, 10)], [look(5, partial: true)])
    #expect(stream.tracker.tracks.first?.appearance == look(1))
    _ = try stream.step([box(14, 10)], [look(1, 2)])
    #expect(stream.tracker.tracks.first?.appearance?.histogram[1] == 0.75)
    var partial = self.stream()
    _ = try partial.step([box(0, 10)], [look(7, partial: true)])
    _ = try partial.step([box(2, 10)], [look(8)])
    #expect(partial.tracker.tracks.first?.appearance == look(8))
  }
}
