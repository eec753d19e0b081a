import Foundation
import Imaging
import Ocellus
import OcellusTestSupport
import Testing

#if canImport(Glibc)
  import Glibc

  /// glibc's `mallopt` (in `<malloc.h>`, which the Glibc module does not include).
  @_silgen_name("mallopt") private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
  /// glibc's `malloc_trim`: returns free heap pages to the system (`MADV_DONTNEED`), so memory
  /// reused afterwards faults again when written.
  @_silgen_name("malloc_trim") private func glibcMallocTrim(_ pad: Int) -> Int32
  /// `prctl` (variadic in C, so not imported), used with `PR_SET_THP_DISABLE` (41): with
  /// transparent huge pages a fresh frame-sized mapping can fault in 2 MiB at a time, which
  /// would hide the per-page faults the test counts.
  @_silgen_name("prctl")
  private func glibcPrctl(_ option: Int32, _ a: UInt, _ b: UInt, _ c: UInt, _ d: UInt) -> Int32
  /// `getrusage`, called with `RUSAGE_THREAD` (1), which the Glibc module does not export.
  @_silgen_name("getrusage")
  private func glibcGetrusage(_ who: Int32, _ usage: UnsafeMutablePointer<rusage>) -> Int32
#endif

/// Camera frames read in place (`VisionImage(unsafeBorrowingPlanes:…)`): the same results as
/// frames copied into arrays, for BGRA, NV12, NV21 and I420, and no frame-sized allocation per
/// frame (measured on Linux).
@Suite("Zero-copy camera frames", .enabled(if: SharedData.isAvailable))
struct ZeroCopyFrameTests {
  static let formats: [PixelFormat] = [
    .bgra8, .nv12(CameraFrames.space), .nv21(CameraFrames.space), .i420(CameraFrames.space),
  ]

  /// Pets with the custom classifier, stream mode off.
  static func detector() throws -> Ocellus.ObjectDetector {
    var options = Ocellus.CustomObjectDetectorOptions(
      localModel: try Ocellus.LocalModel(
        path: SharedData.path("models/mlkit_object_labeler.tflite")),
      base: Ocellus.ObjectDetectorOptions(
        detectorMode: .singleImage, shouldEnableMultipleObjects: true,
        shouldEnableClassification: true,
        detectorModel: try Ocellus.LocalModel(path: MLKitFixtures.cocoPath)))
    options.maxPerObjectLabelCount = 3
    return try Ocellus.ObjectDetector(options: options)
  }

  /// Runs `body` with the planes copied into caller-owned memory (freed afterwards).
  static func withCallerMemory<R>(
    _ planes: [(bytes: [UInt8], stride: Int)],
    _ body: ([(baseAddress: UnsafeRawPointer, bytesPerRow: Int)]) throws -> R
  ) rethrows -> R {
    let buffers = planes.map { plane in
      let buffer = UnsafeMutableRawBufferPointer.allocate(
        byteCount: plane.bytes.count, alignment: 64)
      plane.bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
      return buffer
    }
    defer { buffers.forEach { $0.deallocate() } }
    return try body(
      zip(buffers, planes).map { (UnsafeRawPointer($0.0.baseAddress!), $0.1.stride) })
  }

  @Test(arguments: formats)
  func borrowedFramesGiveTheCopiedFramesResults(format: PixelFormat) throws {
    let frames = CameraFrames(try MLKitFixtures.photo("pets.jpg", storedFor: .right))
    let planes = frames.planes(format)
    let detector = try Self.detector()
    let copied = try detector.results(
      in: VisionImage(
        pixelBuffer: planes.map { ImagePlane(bytes: $0.bytes, bytesPerRow: $0.stride) },
        width: frames.width, height: frames.height, format: format, orientation: .right))
    try Self.withCallerMemory(planes) { pointers in
      let image = try VisionImage(
        unsafeBorrowingPlanes: pointers, width: frames.width, height: frames.height,
        format: format, orientation: .right)
      let allBorrowed = image.image.planes.allSatisfy { $0.isBorrowed }
      #expect(allBorrowed)
      let borrowed = try detector.results(in: image)
      #expect(borrowed == copied)
      #expect(borrowed.count == 2, "\(format)")
    }
  }

  @Test func misfittingPlanesAreRefused() throws {
    let frames = CameraFrames(try MLKitFixtures.photo("pets.jpg"))
    let planes = frames.planes(.nv12(CameraFrames.space))
    Self.withCallerMemory(planes) { pointers in
      #expect(throws: VisionError.self) {
        try VisionImage(
          unsafeBorrowingPlanes: [pointers[0]], width: frames.width, height: frames.height,
          format: .nv12(CameraFrames.space))
      }
      #expect(throws: VisionError.self) {
        try VisionImage(
          unsafeBorrowingPlanes: [(pointers[0].baseAddress, 3), pointers[1]],
          width: frames.width, height: frames.height, format: .nv12(CameraFrames.space))
      }
    }
  }

  #if canImport(Glibc)
    /// Runs `body` on a new thread and waits for it: a new thread starts on a glibc arena of its
    /// own while the process has fewer than eight per core.
    static func onOwnThread<R>(_ body: () throws -> R) throws -> R {
      try withoutActuallyEscaping(body) { body in
        let outcome = ThreadOutcome<R>(body)
        let thread = Thread { outcome.run() }
        thread.start()
        outcome.done.wait()
        return try outcome.result!.get()
      }
    }

    /// The closure a measuring thread runs and what it gave; `done` is signalled when it ends.
    /// The closure is released before that (the thread may outlive the wait, and
    /// `withoutActuallyEscaping` traps if the closure is still referenced when it returns).
    final class ThreadOutcome<R>: @unchecked Sendable {
      var body: (() throws -> R)?
      var result: Result<R, Error>?
      let done = DispatchSemaphore(value: 0)
      init(_ body: @escaping () throws -> R) { self.body = body }
      func run() {
        if let body { result = Result { try body() } }
        body = nil
        done.signal()
      }
    }

    /// Minor page faults of the calling thread so far.
    static func threadFaults() -> Int {
      var usage = rusage()
      _ = glibcGetrusage(1, &usage)  // RUSAGE_THREAD
      return usage.ru_minflt
    }

    /// Frame-sized allocations, measured: glibc serves every allocation of 1 MiB or more by a
    /// fresh `mmap` (`M_MMAP_THRESHOLD`), and `malloc_trim(0)` before each frame hands free
    /// heap pages back, so any buffer a frame writes — new or reused — costs one minor page
    /// fault per page on the thread writing it. A full-HD frame is 2,025 pages (BGRA) or 760
    /// (NV12). Copying each frame into arrays (what an app had to do before) faults at least
    /// half that per frame (NV12's chroma plane is under 1 MiB and may reuse heap pages); reading it in place must fault less than a tenth of one frame's
    /// pages per frame (what remains is the detector's small per-frame results).
    @Test func noFrameSizedAllocationPerFrame() throws {
      _ = glibcMallopt(-3, 1 << 20)  // M_MMAP_THRESHOLD: fixed, no dynamic raising
      _ = glibcPrctl(41, 1, 0, 0, 0)  // PR_SET_THP_DISABLE: 4 KiB pages only
      let photo = try MLKitFixtures.photo("pets.jpg").resized(width: 1920, height: 1080)
      let frames = CameraFrames(photo)
      let detector = try Self.detector()
      for format in [PixelFormat.bgra8, .nv12(CameraFrames.space)] {
        let planes = frames.planes(format, padding: 0)
        let pages = planes.reduce(0) { $0 + $1.bytes.count } / 4096
        let runs = 4
        // The measurement is only meaningful when the copying path's faults show. While other
        // tests run, a glibc arena shared with their threads can hand the copy pages that are
        // already resident (seen: 108 faults instead of ≥ 4,050, three times in a row), so each
        // attempt runs on a thread of its own, and a failed one waits and tries again.
        var (copying, inPlace, sameResults) = (0, 0, true)
        for attempt in 0..<8 where copying < pages * runs / 2 {
          if attempt > 0 { usleep(250_000) }
          (copying, inPlace, sameResults) = try Self.onOwnThread(measure)
        }
        /// Faults copying and in place over `runs` frames, and whether every result agreed (no
        /// `#expect` here: it runs outside the test's task).
        func measure() throws -> (Int, Int, Bool) {
          try Self.withCallerMemory(planes) { pointers in
            func copyingFrame() throws -> [DetectedObject] {
              let owned = zip(pointers, planes).map { pointer, plane in
                ImagePlane(
                  bytes: [UInt8](
                    UnsafeRawBufferPointer(start: pointer.baseAddress, count: plane.bytes.count)),
                  bytesPerRow: plane.stride)
              }
              return try detector.results(
                in: VisionImage(
                  pixelBuffer: owned, width: frames.width, height: frames.height, format: format,
                  orientation: .up))
            }
            func inPlaceFrame() throws -> [DetectedObject] {
              try detector.results(
                in: VisionImage(
                  unsafeBorrowingPlanes: pointers, width: frames.width, height: frames.height,
                  format: format))
            }
            let expected = try copyingFrame()
            var sameResults = try inPlaceFrame() == expected
            var (copying, inPlace) = (0, 0)
            for _ in 0..<runs {
              _ = glibcMallocTrim(0)
              var start = Self.threadFaults()
              _ = try copyingFrame()
              copying += Self.threadFaults() - start
              _ = glibcMallocTrim(0)
              start = Self.threadFaults()
              sameResults = try inPlaceFrame() == expected && sameResults
              inPlace += Self.threadFaults() - start
            }
            return (copying, inPlace, sameResults)
          }
        }
        print(
          "zero-copy \(format): \(runs) frames of \(pages) pages: copying \(copying) faults, in place \(inPlace)"
        )
        #expect(sameResults, "\(format): in place and copied frames disagree")
        #expect(inPlace * 10 < pages * runs, "\(format): \(inPlace) faults in place")
        #expect(copying >= pages * runs / 2, "\(format): \(copying) faults copying")
      }
    }
  #endif
}
