/// Explicit limits applied while reading a FlatBuffer, so hostile files cost bounded time and memory.
public struct FlatBufferLimits: Sendable, Equatable {
  /// Deepest chain of nested tables followed from the root (the root is depth 1).
  public var maxDepth: Int
  /// Most tables opened while decoding one buffer (the FlatBuffers verifier's default is 1,000,000).
  public var maxTables: Int
  /// Bytes that may be decoded, per byte of the buffer: tables, vectors and strings read into
  /// Swift values are charged by their encoded size. A well-formed file decodes each byte at most
  /// once; a hostile one that points many fields at one large vector hits this limit instead of
  /// allocating quadratically. Constant data (tensor buffers) are views and are not charged.
  public var maxDecodedBytesPerBufferByte: Int

  /// Creates limits; the defaults suit any real model.
  public init(maxDepth: Int = 64, maxTables: Int = 1_000_000, maxDecodedBytesPerBufferByte: Int = 2)
  {
    self.maxDepth = maxDepth
    self.maxTables = maxTables
    self.maxDecodedBytesPerBufferByte = maxDecodedBytesPerBufferByte
  }
}
