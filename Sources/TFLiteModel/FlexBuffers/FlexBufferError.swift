/// A FlexBuffer that cannot be read safely, or a value that cannot be read as asked.
///
/// Every `offset` is a byte position counted from the first byte of the FlexBuffer (not of the
/// enclosing file). Errors met while decoding inside a map or vector are wrapped in
/// ``inValue(path:_:)`` naming the key path, e.g. `layers[2].name`.
public indirect enum FlexBufferError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The buffer is shorter than its root needs (3 bytes at least: value, packed type, byte width).
  case bufferTooSmall(size: Int)
  /// A byte-width field (the root's last byte, or a map's keys width) is not 1, 2, 4 or 8.
  case invalidByteWidth(UInt64, offset: Int)
  /// A packed type byte whose upper six bits name no FlexBuffers type.
  case unknownType(UInt8, offset: Int)
  /// The backward offset stored at `offset` is larger than `offset` itself, so it would point
  /// before the start of the buffer.
  case offsetOutOfBounds(UInt64, offset: Int)
  /// `length` bytes starting at `offset` do not lie inside the buffer of `bufferSize` bytes.
  case outOfBounds(offset: Int, length: Int, bufferSize: Int)
  /// The size field at `offset` claims more elements or bytes than the rest of the buffer holds.
  case countTooLarge(UInt64, offset: Int)
  /// The string whose bytes start at `offset` is not followed by a NUL byte.
  case stringNotTerminated(offset: Int)
  /// The key starting at `offset` has no NUL byte before the end of the buffer.
  case keyNotTerminated(offset: Int)
  /// The value at `offset` has type `found`, which cannot be read as `expected`.
  case typeMismatch(expected: String, found: FlexBufferType, offset: Int)
  /// The value at `offset` (shown as text) does not fit the requested Swift type `target`.
  case valueOutOfRange(value: String, target: String, offset: Int)
  /// A float at `offset` stored in 1 or 2 bytes; FlexBuffers floats are 4 or 8 bytes.
  case unsupportedFloatWidth(Int, offset: Int)
  /// Element `index` was asked of a vector of `count` elements stored at `offset`.
  case indexOutOfRange(Int, count: Int, offset: Int)
  /// The map at `offset` has a keys vector whose length differs from its values vector.
  case mapKeyCountMismatch(keys: Int, values: Int, offset: Int)
  /// Key `index` of the map at `offset` is not strictly greater (bytewise) than the key before it.
  case mapKeysNotSorted(index: Int, offset: Int)
  /// Nesting deeper than ``FlexBufferLimits/maxDepth`` at the container stored at `offset`.
  case depthLimitExceeded(limit: Int, offset: Int)
  /// Decoding would visit more than `limit` values (see ``FlexBufferLimits/valueBudget(bufferSize:)``).
  case valueLimitExceeded(limit: Int)
  /// Decoding would read more than ``FlexBufferLimits/maxDecodedBytes`` string, key or blob bytes.
  case byteLimitExceeded(limit: Int)
  /// An error met while decoding the value at `path` (keys joined by `.`, indices as `[i]`).
  case inValue(path: String, FlexBufferError)

  /// The error without any ``inValue(path:_:)`` wrapping.
  public var underlying: FlexBufferError {
    if case .inValue(_, let inner) = self { return inner.underlying }
    return self
  }

  /// The key path of the value where decoding failed, `nil` if the error is not inside one.
  public var path: String? {
    if case .inValue(let path, _) = self { return path }
    return nil
  }

  /// The same error seen from the container one level out, at key or index `component`
  /// (`"name"` or `"[3]"`).
  func within(_ component: String) -> FlexBufferError {
    switch self {
    case .inValue(let path, let inner):
      let joined = path.hasPrefix("[") ? component + path : component + "." + path
      return .inValue(path: joined, inner)
    default:
      return .inValue(path: component, self)
    }
  }

  /// A human-readable English sentence saying what was wrong and where.
  public var description: String {
    switch self {
    case .bufferTooSmall(let size):
      "The FlexBuffer has \(size) bytes, too few for its root value, type and width."
    case .invalidByteWidth(let width, let offset):
      "The byte width \(width) at byte \(offset) is not 1, 2, 4 or 8."
    case .unknownType(let packed, let offset):
      "The packed type byte \(packed) at byte \(offset) names unknown FlexBuffers type \(packed >> 2)."
    case .offsetOutOfBounds(let value, let offset):
      "The backward offset \(value) at byte \(offset) points before the start of the buffer."
    case .outOfBounds(let offset, let length, let size):
      "Reading \(length) bytes at byte \(offset) leaves the buffer of \(size) bytes."
    case .countTooLarge(let count, let offset):
      "The size \(count) at byte \(offset) is larger than the rest of the buffer can hold."
    case .stringNotTerminated(let offset):
      "The string starting at byte \(offset) is not followed by a NUL byte."
    case .keyNotTerminated(let offset):
      "The key starting at byte \(offset) has no terminating NUL byte."
    case .typeMismatch(let expected, let found, let offset):
      "The value at byte \(offset) is of type \(found), which cannot be read as \(expected)."
    case .valueOutOfRange(let value, let target, let offset):
      "The value \(value) at byte \(offset) does not fit in \(target)."
    case .unsupportedFloatWidth(let width, let offset):
      "The float at byte \(offset) is stored in \(width) bytes; only 4 and 8 are supported."
    case .indexOutOfRange(let index, let count, let offset):
      "Index \(index) is out of range for the vector of \(count) elements at byte \(offset)."
    case .mapKeyCountMismatch(let keys, let values, let offset):
      "The map at byte \(offset) has \(keys) keys but \(values) values."
    case .mapKeysNotSorted(let index, let offset):
      "Key \(index) of the map at byte \(offset) is not strictly after the key before it in byte order."
    case .depthLimitExceeded(let limit, let offset):
      "The container at byte \(offset) is nested deeper than the limit of \(limit) levels."
    case .valueLimitExceeded(let limit):
      "Decoding would visit more than \(limit) values (shared or repeated sub-vectors?)."
    case .byteLimitExceeded(let limit):
      "Decoding would read more than \(limit) string, key and blob bytes (shared or repeated data?)."
    case .inValue(let path, let inner): "In the value at \(path): \(inner.description)"
    }
  }
}
