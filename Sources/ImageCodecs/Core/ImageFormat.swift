/// An image file format, identified by its leading magic bytes — never by a file extension.
public enum ImageFormat: String, Sendable, Equatable, Hashable, CaseIterable,
  CustomStringConvertible
{
  case png = "PNG"
  case jpeg = "JPEG"
  case bmp = "BMP"

  /// The format whose signature starts `bytes`, or nil when none matches.
  ///
  /// PNG: the 8-byte signature `89 50 4E 47 0D 0A 1A 0A`. JPEG: SOI `FF D8` followed by a
  /// marker byte `FF`. BMP: `BM` followed by at least a file header's worth of bytes.
  public static func sniff(_ bytes: some Collection<UInt8>) -> ImageFormat? {
    let head = Array(bytes.prefix(8))
    if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
    if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return .jpeg }
    if head.count >= 2, head[0] == 0x42, head[1] == 0x4D { return .bmp }
    return nil
  }

  public var description: String { rawValue }
}
