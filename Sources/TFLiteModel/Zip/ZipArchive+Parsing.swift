extension ZipArchive {
  /// What parsing found: the entries and where the archive sits.
  struct Layout {
    var entries: [ZipEntry]
    var indexByName: [String: Int]
    var prefix, endRecordOffset: Int
    var comment: Range<Int>
  }

  /// Signatures of the zip records checked here (little-endian "PK\u{1}\u{2}" etc.; the end
  /// record's "PK\u{5}\u{6}" is matched byte by byte while searching).
  static let centralRecordSignature: UInt32 = 0x0201_4B50
  static let localHeaderSignature: UInt32 = 0x0403_4B50
  static let zip64LocatorSignature: UInt32 = 0x0706_4B50
  static let digitalSignatureSignature: UInt32 = 0x0505_4B50

  /// Fixed sizes of the end record, a central record and a local header.
  static let endRecordSize = 22
  static let centralRecordSize = 46
  static let localHeaderSize = 30
  /// The largest zip comment, and so the farthest the end record can be from the end.
  static let maxCommentLength = 65535

  /// Locates the end record (searching backwards) and parses the archive it describes.
  static func parse(_ data: UnsafeBufferPointer<UInt8>, limits: ZipLimits) throws(ZipError)
    -> Layout
  {
    let count = data.count
    guard count >= endRecordSize else { throw .noArchive }
    let lowest = max(0, count - endRecordSize - maxCommentLength)
    var position = count - endRecordSize
    while position >= lowest {
      // "PK\u{5}\u{6}": check the distinctive bytes first.
      if data[position + 2] == 0x05 && data[position + 3] == 0x06 && data[position] == 0x50
        && data[position + 1] == 0x4B
      {
        if let layout = try parseCandidate(data, endRecord: position, limits: limits) {
          return layout
        }
      }
      position -= 1
    }
    throw .noArchive
  }

  /// The fields of an end-of-central-directory record.
  private struct EndRecord {
    /// The record's position.
    let offset: Int
    /// This disk's number and the directory's (0 for a one-disk archive).
    let disk: Int, directoryDisk: Int
    /// Central records on this disk, and in all.
    let entriesOnDisk: Int, entryCount: Int
    /// The central directory's size and offset (from the archive's start), and the comment's
    /// length.
    let directorySize: Int, directoryOffset: Int, commentLength: Int

    init(_ data: UnsafeBufferPointer<UInt8>, at offset: Int) {
      self.offset = offset
      disk = uint16(data, offset + 4)
      directoryDisk = uint16(data, offset + 6)
      entriesOnDisk = uint16(data, offset + 8)
      entryCount = uint16(data, offset + 10)
      directorySize = Int(uint32(data, offset + 12))
      directoryOffset = Int(uint32(data, offset + 16))
      commentLength = uint16(data, offset + 20)
    }

    /// True when a count, size or offset holds Zip64's "see the Zip64 record" value.
    var deferredToZip64: Bool {
      entriesOnDisk == 0xFFFF || entryCount == 0xFFFF || directorySize == 0xFFFF_FFFF
        || directoryOffset == 0xFFFF_FFFF
    }
  }

  /// Parses the archive described by the end record candidate at `endRecord`, or returns
  /// nil if the candidate does not validate (so the search goes on).
  private static func parseCandidate(
    _ data: UnsafeBufferPointer<UInt8>, endRecord: Int, limits: ZipLimits
  ) throws(ZipError) -> Layout? {
    let record = EndRecord(data, at: endRecord)
    guard let directoryStart = try directoryStart(data, record) else { return nil }
    let prefix = try checkedPrefix(record, directoryStart: directoryStart, limits: limits)
    var entries: [ZipEntry] = []
    entries.reserveCapacity(record.entryCount)
    var indexByName: [String: Int] = [:]
    var offset = directoryStart
    for index in 0..<record.entryCount {
      let (entry, recordLength) = try centralRecord(
        data, index: index, at: offset, endRecord: endRecord, directoryStart: directoryStart,
        prefix: prefix)
      if indexByName[entry.name] == nil {
        indexByName[entry.name] = entries.count
        entries.append(entry)
      }
      offset += recordLength
    }
    try checkDirectoryEnd(data, record, recordsEnd: offset, directoryStart: directoryStart)
    let commentStart = endRecord + endRecordSize
    let commentEnd = min(data.count, commentStart + record.commentLength)
    return Layout(
      entries: entries, indexByName: indexByName, prefix: prefix, endRecordOffset: endRecord,
      comment: commentStart..<commentEnd)
  }

  /// Where the central directory of `record` starts, or nil when the candidate is no real end
  /// record: the directory must fit before the record and start with a central record (or be
  /// empty for an empty archive). Throws for Zip64 archives.
  private static func directoryStart(_ data: UnsafeBufferPointer<UInt8>, _ record: EndRecord)
    throws(ZipError) -> Int?
  {
    let endRecord = record.offset
    if record.deferredToZip64 {
      // Zip64 keeps the real values in a Zip64 end record, announced by a locator
      // right before this record. Without the locator this is no real end record.
      if endRecord >= 20 && uint32(data, endRecord - 20) == zip64LocatorSignature {
        throw .zip64Unsupported(entry: nil, offset: endRecord)
      }
      return nil
    }
    guard record.directorySize <= endRecord else { return nil }
    let start = endRecord - record.directorySize
    if record.directorySize == 0 {
      guard record.entryCount == 0 else { return nil }
    } else {
      guard record.directorySize >= 4, uint32(data, start) == centralRecordSignature else {
        return nil
      }
    }
    return start
  }

  /// The prefix added to every offset of the archive, after checking that the archive is on
  /// one disk, the prefix is not negative and the entry count is within `limits`.
  private static func checkedPrefix(_ record: EndRecord, directoryStart: Int, limits: ZipLimits)
    throws(ZipError) -> Int
  {
    guard record.disk == 0, record.directoryDisk == 0, record.entriesOnDisk == record.entryCount
    else {
      throw .multiDiskUnsupported(offset: record.offset)
    }
    let prefix = directoryStart - record.directoryOffset
    guard prefix >= 0 else {
      throw .negativePrefix(
        endRecordOffset: record.offset, declaredOffset: record.directoryOffset,
        size: record.directorySize)
    }
    guard record.entryCount <= limits.maxEntries else {
      throw .tooManyEntries(count: record.entryCount, limit: limits.maxEntries)
    }
    return prefix
  }

  /// Reads central record `index` at `offset` and the local header it points to, returning the
  /// entry and the record's length.
  private static func centralRecord(
    _ data: UnsafeBufferPointer<UInt8>, index: Int, at offset: Int, endRecord: Int,
    directoryStart: Int, prefix: Int
  ) throws(ZipError) -> (entry: ZipEntry, length: Int) {
    guard centralRecordSize <= endRecord - offset else {
      throw .truncatedCentralDirectory(index: index, offset: offset)
    }
    guard uint32(data, offset) == centralRecordSignature else {
      throw .badCentralDirectorySignature(index: index, offset: offset)
    }
    let compressedSize = Int(uint32(data, offset + 20))
    let uncompressedSize = Int(uint32(data, offset + 24))
    let nameLength = uint16(data, offset + 28)
    let localOffset = Int(uint32(data, offset + 42))
    let nameStart = offset + centralRecordSize
    let recordLength =
      centralRecordSize + nameLength + uint16(data, offset + 30) + uint16(data, offset + 32)
    guard recordLength <= endRecord - offset else {
      throw .truncatedCentralDirectory(index: index, offset: offset)
    }
    let nameBytes = UnsafeBufferPointer(rebasing: data[nameStart..<(nameStart + nameLength)])
    let name = String(decoding: nameBytes, as: UTF8.self)
    if compressedSize == 0xFFFF_FFFF || uncompressedSize == 0xFFFF_FFFF
      || localOffset == 0xFFFF_FFFF
    {
      throw .zip64Unsupported(entry: name, offset: offset)
    }
    let localHeader = localOffset + prefix
    let dataOffset = try localData(
      data, header: localHeader, name: name, nameBytes: nameBytes, directoryStart: directoryStart)
    guard compressedSize <= directoryStart - dataOffset else {
      throw .entryDataOutOfBounds(entry: name, offset: dataOffset, size: compressedSize)
    }
    let entry = ZipEntry(
      name: name, method: UInt16(uint16(data, offset + 10)),
      flags: UInt16(uint16(data, offset + 8)), crc32: uint32(data, offset + 16),
      compressedSize: compressedSize, uncompressedSize: uncompressedSize,
      localHeaderOffset: localHeader, dataOffset: dataOffset, centralRecordOffset: offset)
    return (entry, recordLength)
  }

  /// Checks the local header at `header` (which, with the data, must lie before the central
  /// directory and repeat the central record's name) and returns where the entry's data starts.
  private static func localData(
    _ data: UnsafeBufferPointer<UInt8>, header: Int, name: String,
    nameBytes: UnsafeBufferPointer<UInt8>, directoryStart: Int
  ) throws(ZipError) -> Int {
    guard localHeaderSize <= directoryStart - header else {
      throw .localHeaderOutOfBounds(entry: name, offset: header)
    }
    guard uint32(data, header) == localHeaderSignature else {
      throw .badLocalHeaderSignature(entry: name, offset: header)
    }
    let localNameLength = uint16(data, header + 26)
    let localExtraLength = uint16(data, header + 28)
    let localNameStart = header + localHeaderSize
    let dataOffset = localNameStart + localNameLength + localExtraLength
    guard dataOffset <= directoryStart else {
      throw .localHeaderOutOfBounds(entry: name, offset: header)
    }
    guard localNameLength == nameBytes.count,
      UnsafeBufferPointer(rebasing: data[localNameStart..<(localNameStart + localNameLength)])
        .elementsEqual(nameBytes)
    else {
      throw .localNameMismatch(entry: name, offset: header)
    }
    return dataOffset
  }

  /// Checks that the declared records fill the declared directory, except for an optional
  /// trailing digital-signature record.
  private static func checkDirectoryEnd(
    _ data: UnsafeBufferPointer<UInt8>, _ record: EndRecord, recordsEnd offset: Int,
    directoryStart: Int
  ) throws(ZipError) {
    let endRecord = record.offset
    guard offset != endRecord else { return }
    let remaining = endRecord - offset
    let isSignatureRecord =
      remaining >= 6 && uint32(data, offset) == digitalSignatureSignature
      && 6 + uint16(data, offset + 4) == remaining
    guard isSignatureRecord else {
      throw .centralDirectorySizeMismatch(
        declaredSize: record.directorySize, actualSize: offset - directoryStart,
        offset: directoryStart)
    }
  }

  /// Reads a little-endian 16-bit value at `offset` (the caller has checked bounds).
  @inline(__always)
  private static func uint16(_ data: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
    Int(data[offset]) | Int(data[offset + 1]) << 8
  }

  /// Reads a little-endian 32-bit value at `offset` (the caller has checked bounds).
  @inline(__always)
  private static func uint32(_ data: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
    UInt32(data[offset]) | UInt32(data[offset + 1]) << 8 | UInt32(data[offset + 2]) << 16
      | UInt32(data[offset + 3]) << 24
  }
}
