import Dispatch
import OcellusMLKit

/// The legacy on-device image labeler, built-in or AutoML (Firebase's `VisionImageLabeler`),
/// over the ML Kit module's `OcellusMLKit.ImageLabeler`. Completions run on ``completionQueue``
/// (main by default, as Firebase).
public final class VisionImageLabeler: Sendable {
  private let labeler: ImageLabeler

  /// A labeler for legacy `options` (threshold default 0.5).
  init(options: VisionOnDeviceAutoMLImageLabelerOptions) {
    labeler = ImageLabeler.imageLabeler(options: options.customImageLabelerOptions)
  }

  /// A labeler with the built-in classifier for legacy `options` (threshold default 0.5).
  init(options: VisionOnDeviceImageLabelerOptions) {
    labeler = ImageLabeler.imageLabeler(options: options.imageLabelerOptions)
  }

  /// Where completions are called (default `.main`).
  public var completionQueue: DispatchQueue {
    get { labeler.completionQueue }
    set { labeler.completionQueue = newValue }
  }

  /// The labels of `image`, best first (synchronous).
  public func results(in image: VisionImage) throws -> [VisionImageLabel] {
    try labeler.results(in: image).map(VisionImageLabel.init)
  }

  /// Labels on a background queue and calls `completion` on ``completionQueue``.
  public func process(
    _ image: VisionImage, completion: @escaping @Sendable ([VisionImageLabel]?, Error?) -> Void
  ) {
    labeler.process(image) { labels, error in
      completion(labels?.map(VisionImageLabel.init), error)
    }
  }
}
