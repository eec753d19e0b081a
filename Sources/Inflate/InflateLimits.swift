/// Bounds on how much output a decompression may produce.
///
/// Output is never allocated beyond `maxOutputBytes` (or beyond `expectedOutputBytes` when
/// that is set): a stream that would produce more fails with an error as soon as the limit
/// would be crossed, which defuses zip bombs.
public struct InflateLimits: Sendable, Equatable, Hashable {
  /// The default output cap: 256 MiB.
  public static let defaultMaxOutputBytes = 256 << 20

  /// The largest number of decompressed bytes accepted. Negative values act as 0.
  /// Exceeding it throws ``InflateError/outputLimitExceeded(limit:)``.
  public var maxOutputBytes: Int

  /// The exact decompressed size, when the caller knows it (e.g. a zip entry's declared
  /// size), or `nil`. When set, the output is allocated once at this size (one-shot
  /// decoding allocates at most what the input could expand to, 1032 bytes per input byte),
  /// and the stream must produce exactly this many bytes: more throws
  /// ``InflateError/outputLongerThanExpected(expected:)`` as soon as it happens, fewer
  /// throws ``InflateError/outputShorterThanExpected(expected:actual:)`` at the end. A value
  /// above `maxOutputBytes` is rejected before anything is allocated.
  public var expectedOutputBytes: Int?

  /// Creates limits; by default 256 MiB of output and no expected size.
  public init(
    maxOutputBytes: Int = InflateLimits.defaultMaxOutputBytes, expectedOutputBytes: Int? = nil
  ) {
    self.maxOutputBytes = maxOutputBytes
    self.expectedOutputBytes = expectedOutputBytes
  }
}
