/// Which of the three Huffman codes of a DEFLATE block an error refers to.
public enum HuffmanTableKind: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// The code-length code (up to 19 symbols, lengths 0–7) of a dynamic block header.
  case codeLength
  /// The literal/length code (symbols 0–285; 286 and 287 exist only in the fixed code).
  case literalLength
  /// The distance code (symbols 0–29; 30 and 31 exist only in the fixed code).
  case distance

  /// A short English name, e.g. "literal/length".
  public var description: String {
    switch self {
    case .codeLength: "code-length"
    case .literalLength: "literal/length"
    case .distance: "distance"
    }
  }
}
