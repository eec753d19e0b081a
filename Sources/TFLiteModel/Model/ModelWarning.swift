/// Something odd about a model that does not stop it from loading.
public enum ModelWarning: Sendable, Equatable, CustomStringConvertible {
  /// The metadata needs a newer parser than ours (``ModelMetadata/parserVersion``). Upstream's
  /// Java reader also warns and continues: the contract is the `M001` identifier.
  case newerMetadataParserVersion(required: String, supported: String)
  /// The metadata's `min_parser_version` is not `MAJOR[.MINOR[.PATCH]]`; it was ignored.
  case unreadableMetadataParserVersion(String)
  /// An enum field holds a value newer than this reader; it was read as the enum's UNKNOWN case.
  case unrecognizedEnumValue(field: String, value: Int64, enumName: String, offset: Int)
  /// The metadata describes a different number of input or output tensors than the model has.
  case metadataTensorCountMismatch(role: String, metadataCount: Int, modelCount: Int)
  /// The metadata names a file that the appended zip archive does not contain.
  case associatedFileMissing(name: String)
  /// The file ends in something zip-like that could not be read; no file was needed from it.
  case associatedFilesUnreadable(ZipError)

  public var description: String {
    switch self {
    case .newerMetadataParserVersion(let required, let supported):
      "metadata requires parser version \(required); this reader implements \(supported), newer features may be ignored"
    case .unreadableMetadataParserVersion(let text):
      "metadata min_parser_version \"\(text)\" is not a version number; ignored"
    case .unrecognizedEnumValue(let field, let value, let enumName, let offset):
      "\(field) at byte \(offset) holds \(value), which is not a \(enumName) this reader knows; read as UNKNOWN"
    case .metadataTensorCountMismatch(let role, let metadataCount, let modelCount):
      "metadata describes \(metadataCount) \(role) tensor(s) but the model has \(modelCount)"
    case .associatedFileMissing(let name):
      "metadata names the associated file \"\(name)\" but the model's zip archive does not contain it"
    case .associatedFilesUnreadable(let error): "ignored unreadable trailing archive: \(error)"
    }
  }
}
