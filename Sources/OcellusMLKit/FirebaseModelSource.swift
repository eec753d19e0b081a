import Ocellus
import OcellusRemote

/// A model hosted under a name (ML Kit's `FirebaseModelSource(name:)`): the name is turned
/// into a URL by the ``ModelManager``'s ``ModelManager/nameResolver`` when the download starts.
public final class FirebaseModelSource: Sendable {
  /// The model's name.
  public let name: String

  /// The source of the model called `name`.
  public init(name: String) {
    self.name = name
  }
}
