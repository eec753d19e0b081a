/// Why a file could not be read into memory.
public enum FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The system refused; `reason` is its message (e.g. "No such file or directory").
  case unreadable(reason: String)
  /// The file is larger than the caller's limit, in bytes.
  case tooLarge(size: Int, limit: Int)

  public var description: String {
    switch self {
    case .unreadable(let reason): reason
    case .tooLarge(let size, let limit): "\(size) bytes is over the \(limit)-byte limit"
    }
  }
}
