import Foundation
import Ocellus
import OcellusRemote

/// Downloads and caches remote models: ML Kit's `ModelManager`, over `OcellusRemote.ModelManager`
/// (verified, atomic installs; see it for the details).
///
/// Notifications are ML Kit's: `.mlkitModelDownloadDidSucceed` / `.mlkitModelDownloadDidFail`
/// on `NotificationCenter.default`, whose userInfo holds the ``RemoteModel`` object that was
/// passed to ``download(_:conditions:)`` under `ModelDownloadUserInfoKey.remoteModel.rawValue`
/// (and the error under `.error`). Names of ``CustomRemoteModel``s made from a
/// ``FirebaseModelSource`` are resolved by ``nameResolver``; without one, their downloads fail
/// with `ModelDownloadError.unresolvedName(model:)`.
public final class ModelManager: @unchecked Sendable {
  private static let shared = ModelManager(manager: .shared)
  private let lock = NSLock()
  private var base: OcellusRemote.ModelManager

  /// The shared manager (`ModelManager.modelManager()`), caching in
  /// `OcellusRemote.ModelManager.defaultCacheDirectory` until ``cacheDirectory`` is set.
  public static func modelManager() -> ModelManager { shared }

  /// A manager over an Ocellus manager.
  public init(manager: OcellusRemote.ModelManager) {
    base = manager
  }

  /// The Ocellus manager doing the work.
  public var manager: OcellusRemote.ModelManager { lock.withLock { base } }

  /// The cache folder. Setting it moves the manager to another folder (downloads in flight
  /// finish in the old one); the resolver is kept.
  public var cacheDirectory: String {
    get { manager.cacheDirectory }
    set {
      lock.withLock {
        let resolver = base.nameResolver
        base = OcellusRemote.ModelManager(cacheDirectory: newValue)
        base.nameResolver = resolver
      }
    }
  }

  /// Where named models (``FirebaseModelSource``, Firebase's `AutoMLRemoteModel(name:)`) are
  /// downloaded from; nil leaves every name unresolved.
  public var nameResolver: ModelNameResolver? {
    get { manager.nameResolver }
    set { manager.nameResolver = newValue }
  }

  /// Starts (or joins) the download of `remoteModel`; its progress counts bytes.
  @discardableResult
  public func download(
    _ remoteModel: RemoteModel, conditions: ModelDownloadConditions = ModelDownloadConditions()
  ) -> Progress {
    manager.download(remoteModel.ocellusModel, conditions: conditions)
  }

  /// True when `remoteModel` is installed (verified, complete).
  public func isModelDownloaded(_ remoteModel: RemoteModel) -> Bool {
    manager.isModelDownloaded(remoteModel.ocellusModel)
  }

  /// Deletes the installed copy of `remoteModel` and calls `completion` on the main queue with
  /// nil or the error (ML Kit's `deleteDownloadedModel(_:completion:)`).
  public func deleteDownloadedModel(
    _ remoteModel: RemoteModel, completion: @escaping @Sendable (Error?) -> Void
  ) {
    manager.deleteDownloadedModel(remoteModel.ocellusModel, queue: .main) { completion($0) }
  }

  /// The installed TFLite file of `remoteModel`, for detectors.
  package func localModel(for remoteModel: RemoteModel) -> Result<Ocellus.LocalModel, Error> {
    let model = remoteModel.ocellusModel
    return Result { () throws(ModelDownloadError) in try manager.localModel(for: model) }
      .mapError { $0 }
  }

  /// The installed model of `remoteModel` as a classifier: its TFLite file, or its AutoML
  /// bundle.
  package func classifier(for remoteModel: RemoteModel) -> Result<any ClassifierModelSource, Error>
  {
    let model = remoteModel.ocellusModel
    guard model.isAutoMLBundle else { return localModel(for: remoteModel).map { $0 } }
    return Result { () throws(ModelDownloadError) in try manager.localAutoMLModel(for: model) }
      .map { $0 }.mapError { $0 }
  }
}
