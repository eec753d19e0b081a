import Foundation

/// One model of the ``ModelCatalog``: a public TFLite file at its canonical URL, pinned by
/// size and SHA-256.
public struct ModelCatalogEntry: Sendable, Hashable {
  /// The short name used on the command line (`ocellus models pull NAME`) and as the
  /// ``RemoteModel`` name.
  public var name: String
  /// What the model is and which task it fits.
  public var summary: String
  /// The canonical public URL of the file.
  public var url: URL
  /// The file name a mirror serves it under (`<mirror>/<fileName>`).
  public var fileName: String
  /// The pinned size in bytes.
  public var byteCount: Int
  /// The pinned SHA-256, 64 lowercase hexadecimal digits.
  public var sha256: String
  /// The license of the repository the file comes from.
  public var license: String

  /// An entry with every field given.
  public init(
    name: String, summary: String, url: URL, fileName: String, byteCount: Int, sha256: String,
    license: String
  ) {
    self.name = name
    self.summary = summary
    self.url = url
    self.fileName = fileName
    self.byteCount = byteCount
    self.sha256 = sha256
    self.license = license
  }

  /// The URL to fetch from: the canonical one, or `mirror/<fileName>` when a mirror base URL
  /// is given.
  public func downloadURL(mirror: URL? = nil) -> URL {
    guard let mirror else { return url }
    return mirror.appendingPathComponent(fileName)
  }

  /// The remote model for this entry, fetched from its canonical URL or `mirror`, with the
  /// size and SHA-256 pinned either way.
  public func remoteModel(mirror: URL? = nil) -> RemoteModel {
    RemoteModel(
      name: name,
      source: HTTPModelSource(
        url: downloadURL(mirror: mirror), sha256: sha256, byteCount: byteCount))
  }
}
