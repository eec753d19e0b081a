/// COMPATIBILITY SURFACE (legacy Firebase ML Vision). The legacy base object detector
/// (`FIRVisionObjectDetector`): a thin layer over ``ObjectDetector`` returning
/// ``VisionObject``s.
public final class VisionObjectDetector: Sendable {
  /// The detector doing the work.
  public let detector: ObjectDetector

  /// A detector for legacy `options`.
  ///
  /// - Throws: as ``ObjectDetector/init(options:)-(ObjectDetectorOptions)``.
  public init(options: VisionObjectDetectorOptions) throws(VisionError) {
    detector = try ObjectDetector(options: options.objectDetectorOptions)
  }

  /// The objects in `image` (synchronous).
  public func results(in image: VisionImage) throws(VisionError) -> [VisionObject] {
    try detector.results(in: image).map { VisionObject($0) }
  }

  /// Detects on a background queue and calls `completion` there, legacy style.
  public func process(
    _ image: VisionImage, completion: @escaping @Sendable ([VisionObject]?, VisionError?) -> Void
  ) {
    detector.process(image) { objects, error in
      completion(objects?.map { VisionObject($0) }, error)
    }
  }

  /// The objects in `image`, computed on a background queue.
  public func process(_ image: VisionImage) async throws(VisionError) -> [VisionObject] {
    try await detector.process(image).map { VisionObject($0) }
  }
}
