/// A FlatBuffer that cannot be read safely: what was wrong, in which field, at which byte offset.
public struct FlatBufferError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was wrong.
  public enum Problem: Equatable, Sendable {
    /// The buffer is shorter than the 8-byte header (root offset and file identifier).
    case bufferTooSmall(size: Int)
    /// Bytes 4–7 are not the expected file identifier (`TFL3` for models, `M001` for metadata).
    case fileIdentifierMismatch(expected: String, found: String)
    /// Reading `length` bytes at the offset would leave the buffer, which ends at `bufferEnd`.
    case outOfBounds(length: Int, bufferEnd: Int)
    /// A reference (uoffset) that is zero or too large to be a valid forward offset.
    case invalidOffset(UInt32)
    /// A vtable whose declared size is smaller than 4 bytes or odd.
    case invalidVTableSize(Int)
    /// A field whose bytes lie outside its table's declared inline size.
    case fieldOutsideTable(fieldOffset: Int, fieldSize: Int, tableSize: Int)
    /// A string without its terminating NUL byte.
    case stringNotTerminated
    /// Tables nested deeper than ``FlatBufferLimits/maxDepth``.
    case depthLimitExceeded(limit: Int)
    /// More tables than ``FlatBufferLimits/maxTables``.
    case tableLimitExceeded(limit: Int)
    /// More decoded bytes than ``FlatBufferLimits/maxDecodedBytesPerBufferByte`` allows.
    case decodeBudgetExceeded(limit: Int)
    /// An enum field holds a value its schema does not define.
    case invalidEnumValue(Int64, enumName: String)
    /// An index into another list (tensors, buffers, operator codes, subgraphs) is out of range.
    case indexOutOfRange(Int64, count: Int, of: String)
    /// A value that is well-formed but not acceptable, with the reason.
    case invalidValue(String)
  }

  /// Where the problem is, from the root: e.g. `["Model", "subgraphs[0]", "tensors[12]", "shape"]`.
  public var path: [String]
  /// Byte offset of the problem, from the start of the file.
  public var offset: Int
  /// What was wrong.
  public var problem: Problem

  /// Creates an error for a field, with the rest of the path added as it propagates outwards.
  public init(path: [String], offset: Int, problem: Problem) {
    self.path = path
    self.offset = offset
    self.problem = problem
  }

  /// The same error seen from one level further out.
  func within(_ component: String) -> FlatBufferError {
    var copy = self
    copy.path.insert(component, at: 0)
    return copy
  }

  /// The same error with its innermost path component replaced, e.g. `tensors` → `tensors[3]`.
  func renamingField(to component: String) -> FlatBufferError {
    var copy = self
    if copy.path.isEmpty {
      copy.path = [component]
    } else {
      copy.path[copy.path.count - 1] = component
    }
    return copy
  }

  /// The path joined with dots, e.g. `ModelFile.subgraphs[0].tensors[12].shape`.
  public var fieldPath: String { path.joined(separator: ".") }

  public var description: String {
    let location = path.isEmpty ? "at byte \(offset)" : "\(fieldPath) at byte \(offset)"
    switch problem {
    case .bufferTooSmall(let size):
      return "\(location): buffer of \(size) bytes is too small for a FlatBuffer header (8 bytes)"
    case .fileIdentifierMismatch(let expected, let found):
      return "\(location): file identifier is \"\(found)\", expected \"\(expected)\""
    case .outOfBounds(let length, let end):
      return "\(location): reading \(length) bytes runs past the end of the buffer (byte \(end))"
    case .invalidOffset(let value):
      return "\(location): invalid reference offset \(value)"
    case .invalidVTableSize(let size):
      return "\(location): vtable size \(size) is not an even number of at least 4 bytes"
    case .fieldOutsideTable(let fieldOffset, let fieldSize, let tableSize):
      return
        "\(location): field of \(fieldSize) bytes at table offset \(fieldOffset) lies outside the table's \(tableSize) bytes"
    case .stringNotTerminated:
      return "\(location): string is not NUL-terminated"
    case .depthLimitExceeded(let limit):
      return "\(location): tables nested deeper than \(limit) levels"
    case .tableLimitExceeded(let limit):
      return "\(location): more than \(limit) tables"
    case .decodeBudgetExceeded(let limit):
      return "\(location): decoding would exceed \(limit) bytes (shared or repeated data?)"
    case .invalidEnumValue(let value, let enumName):
      return "\(location): \(value) is not a valid \(enumName)"
    case .indexOutOfRange(let index, let count, let what):
      return "\(location): \(what) index \(index) is out of range (\(count) \(what)s)"
    case .invalidValue(let reason):
      return "\(location): \(reason)"
    }
  }
}
