/// Reads one FlatBuffer inside a byte array with every access bounds-checked first.
///
/// Positions are absolute indices into `bytes`, so errors report file offsets even for a
/// FlatBuffer nested inside another (the metadata buffer inside a model). All references
/// (uoffsets) point strictly forwards, so following them cannot loop; the limits bound depth,
/// table count and the total bytes decoded. The reader is used for one decode and then dropped.
final class FlatBufferReader {
  /// The whole file.
  let bytes: ModelBytes
  /// Start of this FlatBuffer in `bytes`.
  let start: Int
  /// End (exclusive) of this FlatBuffer in `bytes`.
  let end: Int
  let limits: FlatBufferLimits
  /// Oddities that do not stop reading, e.g. enum values newer than this reader.
  var warnings: [ModelWarning] = []
  private var tablesOpened = 0
  private var bytesDecoded = 0
  private let decodeBudget: Int

  /// Checks the header and file identifier of the FlatBuffer occupying `range` of `bytes`.
  init(
    bytes: ModelBytes, range: Range<Int>, fileIdentifier: String, limits: FlatBufferLimits
  ) throws(FlatBufferError) {
    self.bytes = bytes
    self.start = range.lowerBound
    self.end = range.upperBound
    self.limits = limits
    let (budget, overflow) = range.count.multipliedReportingOverflow(
      by: max(1, limits.maxDecodedBytesPerBufferByte))
    self.decodeBudget = overflow ? Int.max : budget &+ 65_536
    guard range.count >= 8 else {
      throw FlatBufferError(path: [], offset: start, problem: .bufferTooSmall(size: range.count))
    }
    let found = bytes[(start + 4)..<(start + 8)]
    if !found.elementsEqual(fileIdentifier.utf8) {
      let text = String(
        decoding: found.map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
      throw FlatBufferError(
        path: [], offset: start + 4,
        problem: .fileIdentifierMismatch(expected: fileIdentifier, found: text))
    }
  }

  // MARK: Raw reads (callers check bounds first)

  @inline(__always) func u8(_ position: Int) -> UInt8 { bytes[position] }

  @inline(__always) func u16(_ position: Int) -> UInt16 {
    bytes.loadLittleEndian(at: position, as: UInt16.self)
  }

  @inline(__always) func u32(_ position: Int) -> UInt32 {
    bytes.loadLittleEndian(at: position, as: UInt32.self)
  }

  @inline(__always) func u64(_ position: Int) -> UInt64 {
    bytes.loadLittleEndian(at: position, as: UInt64.self)
  }

  /// Loads a little-endian fixed-width integer.
  @inline(__always) func integer<T: FixedWidthInteger>(_ position: Int, as: T.Type) -> T {
    bytes.loadLittleEndian(at: position, as: T.self)
  }

  // MARK: Checks

  /// Throws unless `length` bytes starting at `position` lie inside this FlatBuffer.
  @inline(__always) func check(_ position: Int, length: Int, field: String) throws(FlatBufferError)
  {
    guard position >= start, length >= 0, position <= end, length <= end - position else {
      throw FlatBufferError(
        path: [field], offset: position, problem: .outOfBounds(length: length, bufferEnd: end))
    }
  }

  /// Follows the uoffset stored at `position`, returning the absolute target position.
  func follow(_ position: Int, field: String) throws(FlatBufferError) -> Int {
    try check(position, length: 4, field: field)
    let offset = u32(position)
    guard offset > 0, offset <= UInt32(Int32.max) else {
      throw FlatBufferError(path: [field], offset: position, problem: .invalidOffset(offset))
    }
    let target = position + Int(offset)
    try check(target, length: 0, field: field)
    return target
  }

  /// Charges `count` decoded bytes against the budget.
  @inline(__always) func charge(_ count: Int, at position: Int, field: String)
    throws(FlatBufferError)
  {
    bytesDecoded &+= count
    guard bytesDecoded <= decodeBudget else {
      throw FlatBufferError(
        path: [field], offset: position, problem: .decodeBudgetExceeded(limit: decodeBudget))
    }
  }

  // MARK: Tables

  /// The root table, whose offset is the first four bytes of the buffer.
  func root(typeName: String) throws(FlatBufferError) -> FlatBufferTable {
    do {
      let position = try follow(start, field: "root")
      return try table(at: position, depth: 1, field: "root")
    } catch {
      throw error.within(typeName)
    }
  }

  /// Opens the table at `position`: validates its vtable and inline size.
  func table(at position: Int, depth: Int, field: String) throws(FlatBufferError) -> FlatBufferTable
  {
    guard depth <= limits.maxDepth else {
      throw FlatBufferError(
        path: [field], offset: position, problem: .depthLimitExceeded(limit: limits.maxDepth))
    }
    tablesOpened += 1
    guard tablesOpened <= limits.maxTables else {
      throw FlatBufferError(
        path: [field], offset: position, problem: .tableLimitExceeded(limit: limits.maxTables))
    }
    try check(position, length: 4, field: field)
    let vtable = position - Int(integer(position, as: Int32.self))
    try check(vtable, length: 4, field: field)
    let vtableSize = Int(u16(vtable))
    guard vtableSize >= 4, vtableSize % 2 == 0 else {
      throw FlatBufferError(path: [field], offset: vtable, problem: .invalidVTableSize(vtableSize))
    }
    try check(vtable, length: vtableSize, field: field)
    let inlineSize = Int(u16(vtable + 2))
    guard inlineSize >= 4 else {
      throw FlatBufferError(
        path: [field], offset: vtable + 2,
        problem: .invalidValue("table inline size \(inlineSize) is below 4 bytes"))
    }
    try check(position, length: inlineSize, field: field)
    // Every present field must start inside the table, even ones no decoder reads.
    for slot in stride(from: vtable + 4, to: vtable + vtableSize, by: 2) {
      let offset = Int(u16(slot))
      guard offset == 0 || (offset >= 4 && offset < inlineSize) else {
        throw FlatBufferError(
          path: [field], offset: slot,
          problem: .fieldOutsideTable(fieldOffset: offset, fieldSize: 1, tableSize: inlineSize))
      }
    }
    // Charged at least 16 bytes: every decoded table becomes a Swift value of that size or more.
    try charge(max(inlineSize, 16), at: position, field: field)
    return FlatBufferTable(
      reader: self, position: position, vtable: vtable, vtableSize: vtableSize,
      inlineSize: inlineSize, depth: depth)
  }
}
