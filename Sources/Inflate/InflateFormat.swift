/// The container format around a DEFLATE stream.
public enum InflateFormat: Sendable, Equatable, Hashable {
  /// Bare DEFLATE data (RFC 1951) with no header or trailer, as stored in zip entries
  /// (method 8) and produced by zlib with `wbits = -15`.
  case raw
  /// A zlib stream (RFC 1950), as in PNG `IDAT` chunks: a 2-byte header (CM = 8,
  /// CINFO <= 7, valid FCHECK, no preset dictionary), DEFLATE data, then the big-endian
  /// Adler-32 of the uncompressed bytes, which is verified.
  case zlib
}
