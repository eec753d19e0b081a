/// Why bytes are not a NumPy `.npy` array this reader accepts. Each case says what was found.
public enum NumPyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file does not start with `\x93NUMPY`.
  case notNumPy
  /// A format version other than 1.0, 2.0 or 3.0.
  case unsupportedVersion(major: UInt8, minor: UInt8)
  /// The header is cut short or longer than the limit, in bytes.
  case badHeaderLength(Int)
  /// The header is not the dictionary NumPy writes; `reason` says where it went wrong.
  case malformedHeader(reason: String)
  /// A dtype this project has no tensor type for (or a big-endian one), e.g. `>f4`, `<c8`.
  case unsupportedDType(String)
  /// Fortran (column-major) order; write the array with `np.ascontiguousarray` first.
  case fortranOrder
  /// The data after the header is not `expected` bytes.
  case dataSizeMismatch(expected: Int, actual: Int)

  public var description: String {
    switch self {
    case .notNumPy: return "not a NumPy .npy file (no \\x93NUMPY magic)"
    case .unsupportedVersion(let major, let minor):
      return "unsupported .npy version \(major).\(minor)"
    case .badHeaderLength(let length): return "bad .npy header length \(length)"
    case .malformedHeader(let reason): return "malformed .npy header: \(reason)"
    case .unsupportedDType(let dtype): return "unsupported dtype '\(dtype)'"
    case .fortranOrder:
      return "Fortran-ordered arrays are not supported (save a C-contiguous array)"
    case .dataSizeMismatch(let expected, let actual):
      return "the header describes \(expected) data bytes but the file holds \(actual)"
    }
  }
}
