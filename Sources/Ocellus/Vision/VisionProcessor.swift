import Foundation

/// A detector or labeler: ``results(in:)`` computes on the caller's thread; the two `process`
/// methods compute the same on a background queue, ML Kit style (callback) or async.
public protocol VisionProcessor: Sendable {
  /// What one image gives: objects or labels.
  associatedtype Output: Sendable
  /// The results for `image`, computed now on the caller's thread.
  func results(in image: VisionImage) throws(VisionError) -> Output
}

extension VisionProcessor {
  /// Processes `image` on a background queue and calls `completion` with the results or the
  /// error (exactly one is non-nil), ML Kit style: on `completionQueue`, or on that background
  /// queue when it is nil (the default). ML Kit calls back on the main queue: pass `.main` for
  /// that (an app's main queue runs; a command-line program must service it). Stream frames
  /// submitted this way may run in any order; use ``results(in:)`` or a pipeline
  /// (``FramePipeline``, ``LabelingPipeline``) to keep order.
  public func process(
    _ image: VisionImage, completionQueue: DispatchQueue? = nil,
    completion: @escaping @Sendable (Output?, VisionError?) -> Void
  ) {
    BackgroundVisionCall.run(
      { () throws(VisionError) in try self.results(in: image) }, queue: completionQueue,
      completion: completion)
  }

  /// The results for `image`, computed off the caller's task on a background queue.
  public func process(_ image: VisionImage) async throws(VisionError) -> Output {
    try await BackgroundVisionCall.value { () throws(VisionError) in try self.results(in: image) }
  }
}
