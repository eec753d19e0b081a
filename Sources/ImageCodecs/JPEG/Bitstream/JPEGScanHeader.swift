/// A parsed SOS segment: which components the scan codes, with which Huffman tables, and the
/// spectral selection / successive approximation parameters, checked as libjpeg's `get_sos`.
struct JPEGScanHeader: Sendable {
  /// Indexes into the frame's components, in scan order (1...4 of them).
  var componentIndices: [Int]
  /// DC table slot per scan component (Td, 0...15; only 0...3 exist).
  var dcTables: [Int]
  /// AC table slot per scan component (Ta, 0...15; only 0...3 exist).
  var acTables: [Int]
  /// Ss: first coefficient (zigzag index) of the band.
  var spectralStart: Int
  /// Se: last coefficient of the band.
  var spectralEnd: Int
  /// Ah: the previous successive-approximation bit position (0 for a first scan).
  var approximationHigh: Int
  /// Al: the bit position this scan codes.
  var approximationLow: Int

  /// Parses the SOS payload (after the length field) at `payload` in `bytes`.
  static func parse(_ bytes: [UInt8], payload: Range<Int>, frame: JPEGFrameHeader)
    throws(DecodeError) -> JPEGScanHeader
  {
    let base = payload.lowerBound
    guard payload.count >= 1 else {
      throw .invalid(format: .jpeg, offset: base, reason: "the SOS segment is empty")
    }
    let count = Int(bytes[base])
    guard payload.count == 2 * count + 4, (1...4).contains(count) else {
      throw .invalid(
        format: .jpeg, offset: base,
        reason: "the SOS segment is \(payload.count + 2) bytes long for \(count) components")
    }
    var indices: [Int] = []
    var dc: [Int] = []
    var ac: [Int] = []
    for position in 0..<count {
      let offset = base + 1 + 2 * position
      let id = bytes[offset]
      // libjpeg looks among the first four SOF components for one with this id whose index is
      // not below this scan position (it tests `cur_comp_info[ci]`, filled for ci < position).
      var found: Int? = nil
      var candidate = position
      while candidate < min(frame.components.count, 4) {
        if frame.components[candidate].identifier == id {
          found = candidate
          break
        }
        candidate += 1
      }
      guard let index = found, !indices.contains(index) else {
        throw .invalid(
          format: .jpeg, offset: offset,
          reason:
            "the SOS names component id \(id), which the frame does not have (or not in this place)"
        )
      }
      indices.append(index)
      dc.append(Int(bytes[offset + 1] >> 4))
      ac.append(Int(bytes[offset + 1] & 15))
    }
    let tail = base + 1 + 2 * count
    return JPEGScanHeader(
      componentIndices: indices, dcTables: dc, acTables: ac, spectralStart: Int(bytes[tail]),
      spectralEnd: Int(bytes[tail + 1]), approximationHigh: Int(bytes[tail + 2] >> 4),
      approximationLow: Int(bytes[tail + 2] & 15))
  }
}
