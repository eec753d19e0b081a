/// Which of the ``DecodeLimits`` an image exceeded, with that limit's value.
public enum DecodeLimit: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// ``DecodeLimits/maxPixels``: width × height, in pixels.
  case pixels(Int)
  /// ``DecodeLimits/maxDimension``: the width or the height, in pixels.
  case dimension(Int)
  /// ``DecodeLimits/maxDecodedBytes``: the pixel buffer plus intermediate planes, in bytes.
  case decodedBytes(Int)

  public var description: String {
    switch self {
    case .pixels(let value): "the limit of \(value) pixels"
    case .dimension(let value): "the limit of \(value) pixels a side"
    case .decodedBytes(let value): "the limit of \(value) decoded bytes"
    }
  }
}
