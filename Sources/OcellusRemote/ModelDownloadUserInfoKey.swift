/// The userInfo keys of the download notifications: ML Kit's `ModelDownloadUserInfoKey`.
///
/// Look values up with the raw value, as in ML Kit:
/// `notification.userInfo?[ModelDownloadUserInfoKey.remoteModel.rawValue] as? RemoteModel`.
public struct ModelDownloadUserInfoKey: RawRepresentable, Hashable, Sendable {
  /// The key string (ML Kit's Objective-C constant value).
  public let rawValue: String

  /// A key with the given string.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// The ``RemoteModel`` the notification is about (`MLKModelDownloadUserInfoKeyRemoteModel`).
  public static let remoteModel = ModelDownloadUserInfoKey(
    rawValue: "MLKModelDownloadUserInfoKeyRemoteModel")
  /// The ``ModelDownloadError`` of a failed download (`MLKModelDownloadUserInfoKeyError`).
  public static let error = ModelDownloadUserInfoKey(rawValue: "MLKModelDownloadUserInfoKeyError")
}
