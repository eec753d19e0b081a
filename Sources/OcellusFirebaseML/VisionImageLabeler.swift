/// COMPATIBILITY SURFACE (legacy Firebase ML Vision). The legacy on-device AutoML image
/// labeler (`FIRVisionImageLabeler`): a thin layer over ``ImageLabeler``.
public final class VisionImageLabeler: Sendable {
  /// The labeler doing the work.
  public let labeler: ImageLabeler

  /// A labeler for legacy `options` (threshold default 0.5).
  ///
  /// - Throws: as ``ImageLabeler/init(options:)``.
  public init(options: VisionOnDeviceAutoMLImageLabelerOptions) throws(VisionError) {
    labeler = try ImageLabeler(options: options)
  }

  /// The labels of `image`, best first (synchronous).
  public func results(in image: VisionImage) throws(VisionError) -> [VisionImageLabel] {
    try labeler.results(in: image).map { VisionImageLabel($0) }
  }

  /// Labels on a background queue and calls `completion` there, legacy style.
  public func process(
    _ image: VisionImage,
    completion: @escaping @Sendable ([VisionImageLabel]?, VisionError?) -> Void
  ) {
    labeler.process(image) { labels, error in
      completion(labels?.map { VisionImageLabel($0) }, error)
    }
  }

  /// The labels of `image`, computed on a background queue.
  public func process(_ image: VisionImage) async throws(VisionError) -> [VisionImageLabel] {
    try await labeler.process(image).map { VisionImageLabel($0) }
  }
}
