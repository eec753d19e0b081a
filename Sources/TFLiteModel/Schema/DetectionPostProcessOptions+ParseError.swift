extension DetectionPostProcessOptions {
  /// What is wrong with a set of detection post-processing options. Keys are the FlexBuffer
  /// keys (`max_detections`, …).
  public enum ParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The custom options are not a readable FlexBuffer.
    case invalidFlexBuffer(FlexBufferError)
    /// The root of the custom options is not a map.
    case rootNotMap(found: FlexBufferType)
    /// A required key is absent (or `null`).
    case missingKey(String)
    /// The value under `key` has type `found`, which is not `expected`.
    case wrongType(key: String, found: FlexBufferType, expected: String)
    /// The value under `key` could not be read from the buffer.
    case unreadableValue(key: String, FlexBufferError)
    /// The value under `key` (shown as text) breaks `requirement`.
    case invalidValue(key: String, value: String, requirement: String)

    /// A human-readable English sentence saying what was wrong and where.
    public var description: String {
      switch self {
      case .invalidFlexBuffer(let error):
        "The detection post-processing options are not a valid FlexBuffer: \(error.description)"
      case .rootNotMap(let found):
        "The detection post-processing options are a FlexBuffer \(found), not a map."
      case .missingKey(let key):
        "The detection post-processing options lack the required key \"\(key)\"."
      case .wrongType(let key, let found, let expected):
        "The option \"\(key)\" is a FlexBuffer \(found), not \(expected)."
      case .unreadableValue(let key, let error):
        "The option \"\(key)\" cannot be read: \(error.description)"
      case .invalidValue(let key, let value, let requirement):
        "The option \"\(key)\" is \(value), but \(requirement)."
      }
    }
  }
}
