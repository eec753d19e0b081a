import Foundation
import Imaging
import Ocellus
import Testing

@Suite("Stream-mode tracker and prominence")
struct ObjectTrackerTests {
  let context = ObjectTracker.FrameContext(width: 640, height: 480, orientation: 0)

  func box(_ x: Double, _ y: Double, _ width: Double = 100, _ height: Double = 80) -> ImageRect {
    ImageRect(x: x, y: y, width: width, height: height)
  }

  @Test("a box moving a little each frame keeps its ID; a second object gets the next ID")
  func stableIDs() throws {
    var tracker = ObjectTracker()
    var ids: [[Int]] = []
    for frame in 0..<10 {
      let moving = box(50 + 8 * Double(frame), 60)
      let still = box(400, 300)
      ids.append(
        try tracker.update(
          detections: frame < 3 ? [moving] : [still, moving],
          timestampMilliseconds: Int64(frame * 33),
          context: context))
    }
    #expect(ids[0] == [0] && ids[1] == [0] && ids[2] == [0])
    for frame in 3..<10 { #expect(ids[frame] == [1, 0], "frame \(frame)") }
  }

  @Test("an object that leaves for longer than the missed-frame limit and returns gets a new ID")
  func leaveAndReturn() throws {
    var tracker = ObjectTracker(configuration: TrackerConfiguration(maxMissedFrames: 2))
    var time: Int64 = 0
    func step(_ boxes: [ImageRect]) throws -> [Int] {
      time += 40
      return try tracker.update(detections: boxes, timestampMilliseconds: time, context: context)
    }
    #expect(try step([box(10, 10)]) == [0])
    #expect(try step([]) == [])
    #expect(try step([]) == [])
    // Back within the limit (2 missed frames): the same track.
    #expect(try step([box(12, 10)]) == [0])
    for _ in 0..<3 { #expect(try step([]) == []) }
    // Three missed frames exceed the limit: a new ID, never a reused one.
    #expect(try step([box(12, 10)]) == [1])
  }

  @Test("a time gap over 500 ms, a new frame size or a new orientation resets the tracks")
  func resets() throws {
    var tracker = ObjectTracker()
    #expect(
      try tracker.update(detections: [box(0, 0)], timestampMilliseconds: 0, context: context) == [0]
    )
    #expect(
      try tracker.update(detections: [box(0, 0)], timestampMilliseconds: 500, context: context) == [
        0
      ])
    #expect(
      try tracker.update(detections: [box(0, 0)], timestampMilliseconds: 1001, context: context)
        == [1])
    let resized = ObjectTracker.FrameContext(width: 320, height: 240, orientation: 0)
    #expect(
      try tracker.update(detections: [box(0, 0)], timestampMilliseconds: 1002, context: resized)
        == [2])
    let turned = ObjectTracker.FrameContext(width: 320, height: 240, orientation: 3)
    #expect(
      try tracker.update(detections: [box(0, 0)], timestampMilliseconds: 1003, context: turned) == [
        3
      ])
  }

  @Test("timestamps must increase strictly")
  func timestamps() throws {
    var tracker = ObjectTracker()
    _ = try tracker.update(detections: [], timestampMilliseconds: 10, context: context)
    #expect(throws: TrackingError.timestampNotIncreasing(previous: 10, given: 10)) {
      try tracker.update(detections: [], timestampMilliseconds: 10, context: context)
    }
  }

  @Test("association is greedy by IoU, not by order: crossing detections keep their tracks")
  func greedyAssociation() throws {
    var tracker = ObjectTracker()
    _ = try tracker.update(
      detections: [box(0, 0), box(200, 0)], timestampMilliseconds: 0, context: context)
    // Given in the other order, each still overlaps its own track most.
    let ids = try tracker.update(
      detections: [box(190, 0), box(10, 0)], timestampMilliseconds: 33, context: context)
    #expect(ids == [1, 0])
    // A box overlapping neither enough (IoU < 0.3) starts a new track.
    let far = try tracker.update(
      detections: [box(10, 0), box(270, 0)], timestampMilliseconds: 66, context: context)
    #expect(far == [0, 2])
  }

  @Test("prominence is area fraction × centrality")
  func prominence() {
    // A centered box covering a quarter of the image.
    let centered = ImageRect(x: 160, y: 120, width: 320, height: 240)
    #expect(
      abs(ProminenceSelector.prominence(of: centered, width: 640, height: 480) - 0.25) < 1e-12)
    // The same box in the corner: center at (160, 120), distance 200 of a half diagonal 400.
    let corner = ImageRect(x: 0, y: 0, width: 320, height: 240)
    #expect(abs(ProminenceSelector.prominence(of: corner, width: 640, height: 480) - 0.125) < 1e-12)
    #expect(ProminenceSelector.mostProminent([corner, centered], width: 640, height: 480) == 1)
    #expect(ProminenceSelector.mostProminent([], width: 640, height: 480) == nil)
  }

  @Test("in stream mode the choice switches only after a challenger wins by 20% for 3 frames")
  func hysteresis() {
    var selector = ProminenceSelector()
    let first = ImageRect(x: 160, y: 120, width: 200, height: 200)
    let slightlyBigger = ImageRect(x: 160, y: 120, width: 210, height: 200)
    let muchBigger = ImageRect(x: 160, y: 120, width: 320, height: 240)
    #expect(selector.select([first], ids: [7], width: 640, height: 480) == 0)
    // Better, but by less than 20%: no switch, however long.
    for _ in 0..<5 {
      #expect(selector.select([first, slightlyBigger], ids: [7, 8], width: 640, height: 480) == 0)
    }
    // Better by more than 20%: switches on the third consecutive frame.
    #expect(selector.select([first, muchBigger], ids: [7, 9], width: 640, height: 480) == 0)
    #expect(selector.select([first, muchBigger], ids: [7, 9], width: 640, height: 480) == 0)
    #expect(selector.select([first, muchBigger], ids: [7, 9], width: 640, height: 480) == 1)
    #expect(selector.select([first, muchBigger], ids: [7, 9], width: 640, height: 480) == 1)
    // The current object disappears: the best remaining one is chosen at once.
    #expect(selector.select([first], ids: [7], width: 640, height: 480) == 0)
  }
}
