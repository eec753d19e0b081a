import Ocellus

extension CustomImageLabelerOptions {
  /// Options labeling with the downloaded copy of `remoteModel` (ML Kit:
  /// `CustomImageLabelerOptions(remoteModel:)`); the other parameters are as in
  /// ``init(localModel:confidenceThreshold:maxResultCount:scoreActivation:modelOptions:threadCount:)``.
  ///
  /// The model must be downloaded first. Fall back to a bundled model meanwhile:
  /// ```swift
  /// let options = manager.isModelDownloaded(remote)
  ///   ? try CustomImageLabelerOptions(remoteModel: remote, manager: manager)
  ///   : CustomImageLabelerOptions(localModel: try LocalModel(path: bundledPath))
  /// ```
  /// - Throws: ``ModelDownloadError/notDownloaded(model:)`` when `manager` has not downloaded
  ///   it (call ``ModelManager/download(_:conditions:)`` and wait for
  ///   `.mlkitModelDownloadDidSucceed`, or await ``ModelManager/downloadModel(_:conditions:)``);
  ///   ``ModelDownloadError/unusableModel(model:path:_:)`` when the file is not a TFLite model.
  public init(
    remoteModel: RemoteModel, manager: ModelManager = .shared, confidenceThreshold: Float? = nil,
    maxResultCount: Int = 10, scoreActivation: ScoreActivation = .none,
    modelOptions: ClassifierModelOptions = ClassifierModelOptions(), threadCount: Int = 1
  ) throws(ModelDownloadError) {
    self.init(
      localModel: try manager.localModel(for: remoteModel),
      confidenceThreshold: confidenceThreshold, maxResultCount: maxResultCount,
      scoreActivation: scoreActivation, modelOptions: modelOptions, threadCount: threadCount)
  }
}
