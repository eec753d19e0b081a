/// What a ``RemoteModelSource`` is asked to fetch: the model, where to write it and how.
public struct ModelFetchRequest: Sendable {
  /// The model's name, for errors.
  public var modelName: String
  /// The file to create and write the body into (absolute path; it does not exist yet). The
  /// manager verifies and installs it, or deletes it on failure.
  public var destinationPath: String
  /// Validators of the installed version to send as `If-None-Match` / `If-Modified-Since`;
  /// nil when nothing is installed (or it must be replaced regardless).
  public var validators: ModelCacheValidators?
  /// The download conditions.
  public var conditions: ModelDownloadConditions
  /// The most body bytes to accept; a longer body must stop the transfer with
  /// ``ModelDownloadError/tooLarge(model:url:limit:)`` (or a size mismatch when the size is
  /// pinned).
  public var byteLimit: Int

  /// A request with every field given.
  public init(
    modelName: String, destinationPath: String, validators: ModelCacheValidators?,
    conditions: ModelDownloadConditions, byteLimit: Int
  ) {
    self.modelName = modelName
    self.destinationPath = destinationPath
    self.validators = validators
    self.conditions = conditions
    self.byteLimit = byteLimit
  }
}
