import Dispatch
import OcellusMLKit

/// The legacy base object detector (Firebase's `VisionObjectDetector`), over the ML Kit
/// module's `OcellusMLKit.ObjectDetector`, returning ``VisionObject``s. Completions run on
/// ``completionQueue`` (main by default, as Firebase).
public final class VisionObjectDetector: Sendable {
  private let detector: ObjectDetector

  /// A detector for legacy `options`; a problem surfaces in results.
  init(options: VisionObjectDetectorOptions) {
    detector = ObjectDetector.objectDetector(options: options)
  }

  /// Where completions are called (default `.main`).
  public var completionQueue: DispatchQueue {
    get { detector.completionQueue }
    set { detector.completionQueue = newValue }
  }

  /// The objects in `image` (synchronous).
  public func results(in image: VisionImage) throws -> [VisionObject] {
    try detector.results(in: image).map(VisionObject.init)
  }

  /// Detects on a background queue and calls `completion` on ``completionQueue``.
  public func process(
    _ image: VisionImage, completion: @escaping @Sendable ([VisionObject]?, Error?) -> Void
  ) {
    detector.process(image) { objects, error in
      completion(objects?.map(VisionObject.init), error)
    }
  }
}
