/// Why a model could not be loaded or one of its parts read. Each case names what and where.
public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be opened or read; `reason` is the system's message.
  case fileUnreadable(path: String, reason: String)
  /// The file is larger than ``ModelLimits/maxFileBytes``.
  case fileTooLarge(path: String, size: Int, limit: Int)
  /// The model FlatBuffer (`TFL3`) is malformed.
  case malformedModel(FlatBufferError)
  /// The `TFLITE_METADATA` buffer (`M001`) is malformed.
  case malformedMetadata(FlatBufferError)
  /// The model is well-formed but unusable, e.g. it has no subgraph.
  case invalidModel(String)
  /// The zip archive of associated files is broken, and the metadata names files in it.
  case associatedFiles(ZipError)
  /// The metadata or a caller asked for a file the archive does not contain.
  case associatedFileMissing(name: String)
  /// A label or display-name file could not be used.
  case labelFile(name: String, LabelFileError)

  public var description: String {
    switch self {
    case .fileUnreadable(let path, let reason): return "cannot read \(path): \(reason)"
    case .fileTooLarge(let path, let size, let limit):
      return "\(path) is \(size) bytes, over the \(limit)-byte limit for models"
    case .malformedModel(let error): return "malformed TFLite model: \(error)"
    case .malformedMetadata(let error): return "malformed TFLite metadata: \(error)"
    case .invalidModel(let reason): return "invalid TFLite model: \(reason)"
    case .associatedFiles(let error): return "cannot read the model's associated files: \(error)"
    case .associatedFileMissing(let name):
      return "the model has no associated file named \"\(name)\""
    case .labelFile(let name, let error): return "label file \"\(name)\": \(error)"
    }
  }
}
