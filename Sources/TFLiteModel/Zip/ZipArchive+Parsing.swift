extension ZipArchive {
  /// What parsing found: the entries and where the archive sits.
  struct Layout {
    var entries: [ZipEntry]
    var indexByName: [String: Int]
    var prefix: Int
    var endRecordOffset: Int
    var comment: Range<Int>
  }

  /// Signatures of the zip records used here (little-endian "PK\u{5}\u{6}" etc.).
  static let endRecordSignature: UInt32 = 0x0605_4B50
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

  /// Parses the archive described by the end record candidate at `endRecord`, or returns
  /// nil if the candidate does not validate (so the search goes on).
  private static func parseCandidate(
    _ data: UnsafeBufferPointer<UInt8>, endRecord: Int, limits: ZipLimits
  ) throws(ZipError) -> Layout? {
    let disk = uint16(data, endRecord + 4)
    let directoryDisk = uint16(data, endRecord + 6)
    let entriesOnDisk = uint16(data, endRecord + 8)
    let entryCount = uint16(data, endRecord + 10)
    let directorySize = Int(uint32(data, endRecord + 12))
    let directoryOffset = Int(uint32(data, endRecord + 16))
    let commentLength = uint16(data, endRecord + 20)

    if entriesOnDisk == 0xFFFF || entryCount == 0xFFFF || directorySize == 0xFFFF_FFFF
      || directoryOffset == 0xFFFF_FFFF
    {
      // Zip64 keeps the real values in a Zip64 end record, announced by a locator
      // right before this record. Without the locator this is no real end record.
      if endRecord >= 20 && uint32(data, endRecord - 20) == zip64LocatorSignature {
        throw .zip64Unsupported(entry: nil, offset: endRecord)
      }
      return nil
    }
    // The central directory must fit before the end record and start with a central record
    // (or be empty for an empty archive).
    guard directorySize <= endRecord else { return nil }
    let directoryStart = endRecord - directorySize
    if directorySize == 0 {
      guard entryCount == 0 else { return nil }
    } else {
      guard directorySize >= 4, uint32(data, directoryStart) == centralRecordSignature else {
        return nil
      }
    }
    guard disk == 0, directoryDisk == 0, entriesOnDisk == entryCount else {
      throw .multiDiskUnsupported(offset: endRecord)
    }
    let prefix = directoryStart - directoryOffset
    guard prefix >= 0 else {
      throw .negativePrefix(
        endRecordOffset: endRecord, declaredOffset: directoryOffset, size: directorySize)
    }
    guard entryCount <= limits.maxEntries else {
      throw .tooManyEntries(count: entryCount, limit: limits.maxEntries)
    }

    var entries: [ZipEntry] = []
    entries.reserveCapacity(entryCount)
    var indexByName: [String: Int] = [:]
    var offset = directoryStart
    for index in 0..<entryCount {
      guard centralRecordSize <= endRecord - offset else {
        throw .truncatedCentralDirectory(index: index, offset: offset)
      }
      guard uint32(data, offset) == centralRecordSignature else {
        throw .badCentralDirectorySignature(index: index, offset: offset)
      }
      let flags = UInt16(uint16(data, offset + 8))
      let method = UInt16(uint16(data, offset + 10))
      let crc = uint32(data, offset + 16)
      let compressedSize = Int(uint32(data, offset + 20))
      let uncompressedSize = Int(uint32(data, offset + 24))
      let nameLength = uint16(data, offset + 28)
      let extraLength = uint16(data, offset + 30)
      let recordCommentLength = uint16(data, offset + 32)
      let localOffset = Int(uint32(data, offset + 42))
      let nameStart = offset + centralRecordSize
      let recordLength = centralRecordSize + nameLength + extraLength + recordCommentLength
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

      // The local header and the data must lie before the central directory.
      let localHeader = localOffset + prefix
      guard localHeaderSize <= directoryStart - localHeader else {
        throw .localHeaderOutOfBounds(entry: name, offset: localHeader)
      }
      guard uint32(data, localHeader) == localHeaderSignature else {
        throw .badLocalHeaderSignature(entry: name, offset: localHeader)
      }
      let localNameLength = uint16(data, localHeader + 26)
      let localExtraLength = uint16(data, localHeader + 28)
      let localNameStart = localHeader + localHeaderSize
      let dataOffset = localNameStart + localNameLength + localExtraLength
      guard dataOffset <= directoryStart else {
        throw .localHeaderOutOfBounds(entry: name, offset: localHeader)
      }
      guard localNameLength == nameLength,
        UnsafeBufferPointer(rebasing: data[localNameStart..<(localNameStart + nameLength)])
          .elementsEqual(nameBytes)
      else {
        throw .localNameMismatch(entry: name, offset: localHeader)
      }
      guard compressedSize <= directoryStart - dataOffset else {
        throw .entryDataOutOfBounds(entry: name, offset: dataOffset, size: compressedSize)
      }

      if indexByName[name] == nil {
        indexByName[name] = entries.count
        entries.append(
          ZipEntry(
            name: name, method: method, flags: flags, crc32: crc, compressedSize: compressedSize,
            uncompressedSize: uncompressedSize, localHeaderOffset: localHeader,
            dataOffset: dataOffset,
            centralRecordOffset: offset))
      }
      offset += recordLength
    }
    // The declared records must fill the declared directory, except for an optional
    // trailing digital-signature record.
    if offset != endRecord {
      let remaining = endRecord - offset
      let isSignatureRecord =
        remaining >= 6 && uint32(data, offset) == digitalSignatureSignature
        && 6 + uint16(data, offset + 4) == remaining
      guard isSignatureRecord else {
        throw .centralDirectorySizeMismatch(
          declaredSize: directorySize, actualSize: offset - directoryStart, offset: directoryStart)
      }
    }
    let commentStart = endRecord + endRecordSize
    let commentEnd = min(data.count, commentStart + commentLength)
    return Layout(
      entries: entries, indexByName: indexByName, prefix: prefix, endRecordOffset: endRecord,
      comment: commentStart..<commentEnd)
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
