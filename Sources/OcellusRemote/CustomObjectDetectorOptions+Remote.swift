import Imaging
import Ocellus

extension CustomObjectDetectorOptions {
  /// Options whose custom classifier is the downloaded copy of `remoteModel` (ML Kit:
  /// `CustomObjectDetectorOptions(remoteModel:)`); the other parameters are as in the
  /// `localModel:` initializer (settings not listed here keep their defaults and stay settable).
  ///
  /// The model must be downloaded first. Fall back to a bundled model meanwhile:
  /// ```swift
  /// let options = manager.isModelDownloaded(remote)
  ///   ? try CustomObjectDetectorOptions(remoteModel: remote, manager: manager)
  ///   : CustomObjectDetectorOptions(localModel: try LocalModel(path: bundledPath))
  /// ```
  /// - Throws: ``ModelDownloadError/notDownloaded(model:)`` when `manager` has not downloaded
  ///   it (call ``ModelManager/download(_:conditions:)`` and wait for
  ///   `.mlkitModelDownloadDidSucceed`, or await ``ModelManager/downloadModel(_:conditions:)``);
  ///   ``ModelDownloadError/unusableModel(model:path:_:)`` when the file is not a TFLite model.
  public init(
    remoteModel: RemoteModel, manager: ModelManager = .shared,
    base: ObjectDetectorOptions = ObjectDetectorOptions(),
    classificationConfidenceThreshold: Float? = nil, maxPerObjectLabelCount: Int = 10,
    cropPadding: CropPadding = .zero, scoreActivation: ScoreActivation = .none,
    classifierModelOptions: ClassifierModelOptions = ClassifierModelOptions()
  ) throws(ModelDownloadError) {
    self.init(localModel: try manager.localModel(for: remoteModel), base: base)
    self.classificationConfidenceThreshold = classificationConfidenceThreshold
    self.maxPerObjectLabelCount = maxPerObjectLabelCount
    self.cropPadding = cropPadding
    self.scoreActivation = scoreActivation
    self.classifierModelOptions = classifierModelOptions
  }
}
