/// A metadata parser version `MAJOR[.MINOR[.PATCH]]`; missing parts count as 0.
public struct MetadataParserVersion: Sendable, Comparable, CustomStringConvertible {
  public internal(set) var major, minor, patch: Int

  /// A version from its parts.
  public init(major: Int, minor: Int, patch: Int) {
    (self.major, self.minor, self.patch) = (major, minor, patch)
  }

  /// Parses `1`, `1.2` or `1.2.3`; nil for anything else (signs, letters, more than three parts).
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.count <= 9, part.allSatisfy({ $0.isASCII && $0.isNumber }),
        let value = Int(part)
      else { return nil }
      numbers.append(value)
    }
    while numbers.count < 3 { numbers.append(0) }
    (major, minor, patch) = (numbers[0], numbers[1], numbers[2])
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }

  public var description: String { "\(major).\(minor).\(patch)" }
}
