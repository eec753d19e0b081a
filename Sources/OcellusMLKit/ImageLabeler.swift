import Dispatch
import Foundation
import Ocellus

/// Labels images: ML Kit's `ImageLabeler`, over `Ocellus.ImageLabeler`.
///
/// ``imageLabeler(options:)`` never fails; a model problem makes every ``process(_:completion:)``
/// and ``results(in:)`` fail with it. Completions run on ``completionQueue`` (main by default).
public final class ImageLabeler: @unchecked Sendable {
  private let labeler: Result<Ocellus.ImageLabeler, Error>
  private let lock = NSLock()
  private var queue: DispatchQueue = .main

  /// A labeler over an Ocellus labeler (or the error that kept it from being made).
  package init(_ labeler: Result<Ocellus.ImageLabeler, Error>) {
    self.labeler = labeler
  }

  /// A labeler for `options`: ``ImageLabelerOptions`` (the built-in classifier) or
  /// ``CustomImageLabelerOptions``.
  public static func imageLabeler(options: CommonImageLabelerOptions) -> ImageLabeler {
    ImageLabeler(options.makeLabeler())
  }

  /// Where completions are called (default `.main`).
  public var completionQueue: DispatchQueue {
    get { lock.withLock { queue } }
    set { lock.withLock { queue = newValue } }
  }

  /// The Ocellus labeler's labels for `image` (synchronous).
  package func labels(in image: VisionImage) throws -> [Ocellus.ImageLabel] {
    try labeler.get().results(in: image.ocellusImage.get())
  }

  /// The labels of `image`, best first (synchronous).
  public func results(in image: VisionImage) throws -> [ImageLabel] {
    try labels(in: image).map(ImageLabel.init)
  }

  /// Labels on a background queue and calls `completion` on ``completionQueue``.
  public func process(
    _ image: VisionImage, completion: @escaping @Sendable ([ImageLabel]?, Error?) -> Void
  ) {
    let labeler = self.labeler
    let input = image.ocellusImage
    BackgroundCall.run(
      on: completionQueue, { try labeler.get().results(in: input.get()).map(ImageLabel.init) },
      completion: completion)
  }
}
