/// Reads the EXIF orientation tag (0x0112) from a TIFF structure, exactly as Pillow 13's
/// `PixelImage.getexif()` and `ImageOps.exif_transpose` see it.
///
/// Only IFD0 is read (orientation lives there; no further IFD is followed, so offset loops
/// cannot matter), entry by entry as Pillow's `ImageFileDirectory_v2.load` does:
/// - entries of unknown types and empty entries (count 0) are skipped, so a later duplicate
///   may count; otherwise the first entry of a tag decides and later duplicates are ignored;
/// - data larger than 4 bytes lives at an offset: when the running total of such data exceeds
///   the TIFF's length the entry is skipped; when it lies outside the TIFF, reading stops
///   (entries read before still count), as it does when the IFD itself is cut short;
/// - the value is the entry's first element, and counts when it equals an integer 2...8
///   whatever its numeric type (SHORT as the standard says, but also LONG, the signed types,
///   FLOAT, DOUBLE, RATIONAL 12/2); BYTE, UNDEFINED and ASCII values are bytes or text for
///   Pillow and never count.
/// Never throws or traps; every read is bounds-checked.
public enum ExifReader {
  /// The orientation in the TIFF structure `tiff` (bytes from the "II*\0" / "MM\0*" header;
  /// the magic number 42 is accepted in either byte order, as Pillow does).
  ///
  /// - Returns: 1...8; 1 when the tag is absent, 0, out of range, not a number, or the
  ///   structure is unreadable.
  public static func orientation(tiff: ArraySlice<UInt8>) -> Int {
    let base = tiff.startIndex
    let length = tiff.count
    guard length >= 8 else { return 1 }
    let littleEndian: Bool
    switch (tiff[base], tiff[base + 1]) {
    case (0x49, 0x49): littleEndian = true
    case (0x4D, 0x4D): littleEndian = false
    default: return 1
    }
    guard
      (tiff[base + 2] == 42 && tiff[base + 3] == 0) || (tiff[base + 2] == 0 && tiff[base + 3] == 42)
    else { return 1 }
    // Callers check `offset + size <= length` first.
    func u16(_ offset: Int) -> UInt64 {
      let a = UInt64(tiff[base + offset])
      let b = UInt64(tiff[base + offset + 1])
      return littleEndian ? a | b << 8 : a << 8 | b
    }
    func u32(_ offset: Int) -> UInt64 {
      let low = u16(offset)
      let high = u16(offset + 2)
      return littleEndian ? low | high << 16 : low << 16 | high
    }
    func u64(_ offset: Int) -> UInt64 {
      let low = u32(offset)
      let high = u32(offset + 4)
      return littleEndian ? low | high << 32 : low << 32 | high
    }
    let ifdOffset = Int(u32(4))
    guard ifdOffset <= length - 2 else { return 1 }
    let entryCount = Int(u16(ifdOffset))
    var outOfLineTotal = 0
    var stored = Set<UInt64>()  // tags read so far: Pillow skips later duplicates outright
    for entry in 0..<entryCount {
      let offset = ifdOffset + 2 + 12 * entry
      guard offset <= length - 12 else { return 1 }  // Pillow stops reading here
      let tag = u16(offset)
      if stored.contains(tag) { continue }
      let type = Int(u16(offset + 2))
      let count = Int(u32(offset + 4))
      let unitSize: Int
      switch type {
      case 1, 2, 6, 7: unitSize = 1
      case 3, 8: unitSize = 2
      case 4, 9, 11, 13: unitSize = 4
      case 5, 10, 12, 16: unitSize = 8
      default: continue  // unknown type: skipped
      }
      let size = count * unitSize  // at most (2^32 - 1) × 8: no overflow in Int
      var valueOffset = offset + 8
      if size > 4 {
        let dataOffset = Int(u32(offset + 8))
        outOfLineTotal += size
        if outOfLineTotal > length { continue }  // "tag data larger than file": skipped
        guard dataOffset <= length - size else { return 1 }  // truncated read: Pillow stops
        valueOffset = dataOffset
      }
      guard size > 0 else { continue }  // empty value: skipped
      guard tag == 0x0112 else {
        stored.insert(tag)
        continue
      }
      return orientation(
        of: type, at: valueOffset, byte: { tiff[base + $0] }, u16: u16, u32: u32, u64: u64)
    }
    return 1
  }

  /// The orientation that the first element of a value of `type` at `offset` gives.
  private static func orientation(
    of type: Int, at offset: Int, byte: (Int) -> UInt8, u16: (Int) -> UInt64,
    u32: (Int) -> UInt64, u64: (Int) -> UInt64
  ) -> Int {
    let number: Double
    switch type {
    case 3, 4, 13, 16:  // SHORT, LONG, IFD, LONG8: unsigned integers
      let value = type == 3 ? u16(offset) : type == 16 ? u64(offset) : u32(offset)
      return value >= 1 && value <= 8 ? Int(value) : 1
    case 6: number = Double(Int8(bitPattern: byte(offset)))  // SBYTE
    case 8: number = Double(Int16(truncatingIfNeeded: u16(offset)))
    case 9: number = Double(Int32(truncatingIfNeeded: u32(offset)))
    case 11: number = Double(Float(bitPattern: UInt32(truncatingIfNeeded: u32(offset))))
    case 12: number = Double(bitPattern: u64(offset))
    case 5:
      let denominator = u32(offset + 4)
      guard denominator != 0 else { return 1 }
      number = Double(u32(offset)) / Double(denominator)
    case 10:
      let denominator = Int32(truncatingIfNeeded: u32(offset + 4))
      guard denominator != 0 else { return 1 }
      number = Double(Int32(truncatingIfNeeded: u32(offset))) / Double(denominator)
    default:
      return 1  // BYTE, ASCII, UNDEFINED: bytes or text, never equal to a number
    }
    guard number >= 1, number <= 8, number.rounded(.towardZero) == number else { return 1 }
    return Int(number)
  }

  /// The orientation in a JPEG APP1 payload (the bytes after the segment length), or nil
  /// when the payload is not EXIF.
  ///
  /// - Returns: nil unless the payload starts with "Exif\0\0" (as Pillow requires: "Exif\0\xFF"
  ///   and other variants are not EXIF); otherwise ``orientation(tiff:)`` of the rest, after
  ///   a second "Exif\0\0" if one follows (Pillow strips up to two).
  public static func orientation(app1Payload: ArraySlice<UInt8>) -> Int? {
    let header: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
    guard app1Payload.starts(with: header) else { return nil }
    var rest = app1Payload.dropFirst(6)
    if rest.starts(with: header) { rest = rest.dropFirst(6) }
    return orientation(tiff: rest)
  }
}
