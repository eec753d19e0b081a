/// Explicit limits applied while reading a FlexBuffer, so a hostile buffer costs bounded time and memory.
///
/// Navigation (``FlexBufferReference``) is lazy and checks only ``maxDepth``; a full
/// ``FlexBufferReference/decode()`` also charges every value against
/// ``valueBudget(bufferSize:)`` and every string, key and blob byte against ``maxDecodedBytes``,
/// because shared sub-vectors can make a small buffer describe an exponentially large tree.
public struct FlexBufferLimits: Sendable, Equatable {
  /// The hardest cap on ``maxDepth``: decoding recurses once per level, so larger values are
  /// treated as this one.
  public static let depthCeiling = 256

  /// Deepest nesting of vectors and maps below the root (the root is depth 0, its elements depth 1).
  /// Values above ``depthCeiling`` act as ``depthCeiling``.
  public var maxDepth: Int
  /// Most values (each element, map key, and map value counts one) a full decode may visit.
  public var maxDecodedValues: Int
  /// Most values a full decode may visit per byte of the buffer (at least 64 in all). A buffer
  /// without shared sub-vectors holds at most about one value per byte; a hostile one reusing a
  /// vector many times hits this limit long before ``maxDecodedValues``.
  public var maxDecodedValuesPerByte: Int
  /// Most string, key and blob bytes a full decode may read or copy.
  public var maxDecodedBytes: Int

  /// Creates limits; the defaults are far above any real TFLite custom options.
  public init(
    maxDepth: Int = 64, maxDecodedValues: Int = 1_000_000, maxDecodedValuesPerByte: Int = 4,
    maxDecodedBytes: Int = 64 << 20
  ) {
    self.maxDepth = maxDepth
    self.maxDecodedValues = maxDecodedValues
    self.maxDecodedValuesPerByte = maxDecodedValuesPerByte
    self.maxDecodedBytes = maxDecodedBytes
  }

  /// The number of values a full decode of a buffer of `bufferSize` bytes may visit:
  /// ``maxDecodedValues`` or ``maxDecodedValuesPerByte`` × `bufferSize` (at least 64), whichever
  /// is smaller.
  public func valueBudget(bufferSize: Int) -> Int {
    let (perSize, overflow) = max(bufferSize, 0).multipliedReportingOverflow(
      by: max(maxDecodedValuesPerByte, 0))
    return min(maxDecodedValues, max(64, overflow ? Int.max : perSize))
  }

  /// ``maxDepth`` clamped to `0...depthCeiling`.
  var effectiveMaxDepth: Int { min(max(maxDepth, 0), Self.depthCeiling) }
}
