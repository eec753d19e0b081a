import Dispatch
import Foundation
import Ocellus
import OcellusRemote

/// Detects, tracks and classifies objects: ML Kit's `ObjectDetector`, over
/// `Ocellus.ObjectDetector`.
///
/// ``objectDetector(options:)`` never fails: a model that cannot be read or does not fit makes
/// every ``process(_:completion:)`` and ``results(in:)`` fail with that error, as ML Kit does.
/// Completions run on ``completionQueue`` (the main queue by default, as ML Kit).
public final class ObjectDetector: @unchecked Sendable {
  private let detector: Result<Ocellus.ObjectDetector, Error>
  private let lock = NSLock()
  private var queue: DispatchQueue = .main

  private init(_ detector: Result<Ocellus.ObjectDetector, Error>) {
    self.detector = detector
  }

  /// A detector for `options` (``ObjectDetectorOptions`` or ``CustomObjectDetectorOptions``).
  public static func objectDetector(options: CommonObjectDetectorOptions) -> ObjectDetector {
    ObjectDetector(options.makeDetector())
  }

  /// A base detector with ML Kit's default options.
  public static func objectDetector() -> ObjectDetector {
    objectDetector(options: ObjectDetectorOptions())
  }

  /// Where completions are called (default `.main`; a command-line program must service the
  /// main queue, e.g. with `dispatchMain()`, or set another queue).
  public var completionQueue: DispatchQueue {
    get { lock.withLock { queue } }
    set { lock.withLock { queue = newValue } }
  }

  /// The objects in `image`, best first (synchronous).
  ///
  /// - Throws: the error that kept the detector from being made (``VisionError``,
  ///   ``ModelDownloadError``), or a ``VisionError`` of this image.
  public func results(in image: VisionImage) throws -> [Object] {
    let detector = try self.detector.get()
    return try detector.results(in: image.ocellusImage.get()).map(Object.init)
  }

  /// Detects on a background queue and calls `completion` on ``completionQueue`` with the
  /// objects or the error (exactly one is non-nil).
  public func process(
    _ image: VisionImage, completion: @escaping @Sendable ([Object]?, Error?) -> Void
  ) {
    let detector = self.detector
    let input = image.ocellusImage
    BackgroundCall.run(
      on: completionQueue, { try detector.get().results(in: input.get()).map(Object.init) },
      completion: completion)
  }
}
