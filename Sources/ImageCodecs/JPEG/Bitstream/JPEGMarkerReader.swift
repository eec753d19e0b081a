/// Walks a JPEG's marker segments as libjpeg's jdmarker.c does: the SOI must open the file, and
/// between segments any garbage, FF fill bytes and stuffed FF 00 pairs are skipped.
struct JPEGMarkerReader {
  /// The whole file.
  let bytes: [UInt8]
  /// The offset of the next unread byte.
  var position: Int = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Checks that the file starts with SOI (FF D8) with nothing before it (libjpeg
  /// `first_marker`), and moves past it.
  mutating func readStartOfImage() throws(DecodeError) {
    guard bytes.count >= 2 else {
      throw .truncated(format: .jpeg, offset: bytes.count, what: "the SOI marker")
    }
    guard bytes[0] == 0xFF, bytes[1] == JPEGMarker.soi.code else {
      throw .invalid(
        format: .jpeg, offset: 0, reason: "the data does not start with an SOI marker (FF D8)")
    }
    position = 2
  }

  /// The next marker at or after `position`, skipping non-FF bytes, FF fill bytes and FF 00
  /// pairs (libjpeg `next_marker`); nil when the data ends first. Leaves `position` just past
  /// the marker code.
  mutating func nextMarker() -> JPEGMarker? {
    let start = position
    let (code, next) = bytes.withUnsafeBufferPointer { JPEGMarkerReader.scan($0, from: start) }
    position = next
    return code.map(JPEGMarker.init)
  }

  /// `pending` when it is set (clearing it), else the next marker (see ``nextMarker()``).
  mutating func nextMarker(after pending: inout JPEGMarker?) -> JPEGMarker? {
    guard let marker = pending else { return nextMarker() }
    pending = nil
    return marker
  }

  /// libjpeg's `next_marker` over `data` from `start`: the marker code (never 0x00 or 0xFF)
  /// and the offset just past it, or nil and `data.count` when the data ends first.
  static func scan(_ data: UnsafeBufferPointer<UInt8>, from start: Int) -> (UInt8?, Int) {
    let count = data.count
    var index = max(0, start)
    while index < count {
      while index < count, data[index] != 0xFF { index += 1 }
      // At an FF (or the end): swallow the FF run.
      repeat { index += 1 } while index < count && data[index] == 0xFF
      guard index < count else { break }
      let code = data[index]
      index += 1
      if code != 0 { return (code, index) }
    }
    return (nil, count)
  }

  /// Reads a marker segment's 2-byte length at `position` and returns the payload's range
  /// (after the length field), moving past the segment.
  ///
  /// With `lenient` (APPn, COM, DNL: libjpeg's `skip_variable`), a length below 2 means an
  /// empty segment; otherwise it is an error. Throws `.truncated` when the segment runs past the
  /// end of the data.
  mutating func readSegment(marker: JPEGMarker, lenient: Bool = false) throws(DecodeError)
    -> Range<Int>
  {
    let start = position
    guard start + 2 <= bytes.count else {
      throw .truncated(
        format: .jpeg, offset: bytes.count,
        what: "the length of the \(marker.name) segment")
    }
    let length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
    guard length >= 2 else {
      if lenient {
        position = start + 2
        return (start + 2)..<(start + 2)
      }
      throw .invalid(
        format: .jpeg, offset: start,
        reason: "the \(marker.name) segment has a length of \(length) bytes")
    }
    let end = start + length
    guard end <= bytes.count else {
      throw .truncated(
        format: .jpeg, offset: bytes.count,
        what: "the \(marker.name) segment that starts at byte \(start - 2)")
    }
    position = end
    return (start + 2)..<end
  }
}
