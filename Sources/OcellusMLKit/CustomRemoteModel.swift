import Ocellus
import OcellusRemote

/// A custom TFLite model downloaded on demand: ML Kit's `CustomRemoteModel`.
public final class CustomRemoteModel: RemoteModel, @unchecked Sendable {
  /// The model named by `remoteModelSource`, resolved by the manager's
  /// ``ModelManager/nameResolver``.
  public init(remoteModelSource: FirebaseModelSource) {
    super.init(OcellusRemote.RemoteModel(named: remoteModelSource.name))
  }

  /// A model named `name` at a known URL (Ocellus: no name resolution needed; pins allowed).
  public init(name: String, source: HTTPModelSource) {
    super.init(OcellusRemote.RemoteModel(name: name, source: source))
  }
}
