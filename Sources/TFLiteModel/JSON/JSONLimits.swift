/// Resource limits for ``LenientJSON/parse(_:limits:)``.
///
/// Together they bound time and memory: parsing is linear in the input size, and the
/// parsed value holds at most a small constant multiple of the input's size.
public struct JSONLimits: Hashable, Sendable {
  /// The largest accepted input, in bytes (including a leading BOM). Default 8 MiB.
  public var maxInputBytes: Int
  /// The deepest accepted nesting of arrays and objects. A top-level scalar has depth 0,
  /// `[]` depth 1 and `[{"a": []}]` depth 3. Default 128. Values above
  /// ``maxSupportedDepth`` act as ``maxSupportedDepth``.
  public var maxDepth: Int

  /// The hard cap on ``maxDepth``: 1000. The parser itself is not recursive, but
  /// destroying, comparing or printing a ``JSONValue`` recurses once per level, so
  /// unbounded depth could overflow a thread's stack.
  public static let maxSupportedDepth = 1000

  /// Creates limits; the defaults suit configuration files such as AutoML manifests.
  public init(maxInputBytes: Int = 8 << 20, maxDepth: Int = 128) {
    self.maxInputBytes = maxInputBytes
    self.maxDepth = maxDepth
  }
}
