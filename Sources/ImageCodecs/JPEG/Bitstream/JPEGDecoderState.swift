/// What a JPEG decode accumulates from the markers between SOI and the scans (the
/// quantization and Huffman table slots, the restart interval, the JFIF / Adobe / EXIF / ICC
/// facts), and the handling of every marker other than SOF, SOS and EOI, as libjpeg's
/// jdmarker.c `read_markers` handles them.
struct JPEGDecoderState {
  /// Quantization table slots 0...3, natural order.
  var quantizationTables: [[UInt16]?] = [nil, nil, nil, nil]
  /// DC Huffman table slots 0...3: code counts per length 1...16 and symbols.
  var dcTables: [(counts: [UInt8], symbols: [UInt8])?] = [nil, nil, nil, nil]
  /// AC Huffman table slots 0...3.
  var acTables: [(counts: [UInt8], symbols: [UInt8])?] = [nil, nil, nil, nil]
  /// The restart interval in MCUs from the last DRI (0 = none).
  var restartInterval = 0
  /// A JFIF APP0 was seen before the first scan.
  var sawJFIF = false
  /// The transform flag of an Adobe APP14 seen before the first scan.
  var adobeTransform: Int? = nil
  /// The orientation from the first APP1 "Exif" segment.
  var exifOrientation: Int? = nil
  /// An APP2 "ICC_PROFILE" segment was seen before the first scan.
  var hasICCProfile = false

  /// Processes `marker` (whose code `reader` has just passed): reads its segment if it has one.
  /// `inHeader` is true before the first scan, where APPn segments are examined.
  ///
  /// Throws `.unsupported` for arithmetic coding, lossless and hierarchical frames and DAC,
  /// `.invalid` for a second SOI, malformed tables and reserved markers, `.truncated` when a
  /// segment runs past the end of the data.
  mutating func handle(marker: JPEGMarker, reader: inout JPEGMarkerReader, inHeader: Bool)
    throws(DecodeError)
  {
    let offset = reader.position - 2
    if let feature = marker.unsupportedFeature {
      throw .unsupported(format: .jpeg, feature: feature)
    }
    switch marker {
    case .soi:
      throw .invalid(format: .jpeg, offset: offset, reason: "a second SOI marker")
    case .dht:
      let payload = try reader.readSegment(marker: marker)
      try readHuffmanTables(reader.bytes, payload: payload)
    case .dqt:
      let payload = try reader.readSegment(marker: marker)
      try readQuantizationTables(reader.bytes, payload: payload)
    case .dri:
      let payload = try reader.readSegment(marker: marker)
      try readRestartInterval(reader.bytes, payload: payload, offset: offset)
    case .com, .dnl:
      // COM; DNL, which libjpeg ignores.
      _ = try reader.readSegment(marker: marker, lenient: true)
    case _ where marker.isApplication:
      let payload = try reader.readSegment(marker: marker, lenient: true)
      if inHeader { examineApplicationSegment(marker: marker, reader.bytes[payload]) }
    case .tem,
      _ where marker.isRestart:
      // RSTn and TEM outside entropy data carry no parameters.
      break
    default:
      throw .invalid(format: .jpeg, offset: offset, reason: "the reserved \(marker.name)")
    }
  }

  /// Fills the empty DC and AC slots 0 and 1 with the standard tables of JPEG Annex K.3, as
  /// libjpeg-turbo's `jinit_huff_decoder` does for sequential files (Motion-JPEG frames omit
  /// them).
  mutating func installStandardHuffmanTables() {
    for slot in 0...1 {
      if dcTables[slot] == nil {
        dcTables[slot] = JPEGHuffmanTable.standard(isDC: true, slot: slot)
      }
      if acTables[slot] == nil {
        acTables[slot] = JPEGHuffmanTable.standard(isDC: false, slot: slot)
      }
    }
  }

  /// DRI: the restart interval, a 2-byte payload (`offset` is the marker's, for errors).
  private mutating func readRestartInterval(_ bytes: [UInt8], payload: Range<Int>, offset: Int)
    throws(DecodeError)
  {
    guard payload.count == 2 else {
      throw .invalid(
        format: .jpeg, offset: offset,
        reason: "the DRI segment is \(payload.count + 2) bytes long (4 expected)")
    }
    restartInterval = Int(bytes[payload.lowerBound]) << 8 | Int(bytes[payload.lowerBound + 1])
  }

  /// DHT (libjpeg `get_dht`): one or more tables, each a class/slot byte, 16 counts and the
  /// symbols.
  private mutating func readHuffmanTables(_ bytes: [UInt8], payload: Range<Int>) throws(DecodeError)
  {
    var cursor = payload.lowerBound
    while payload.upperBound - cursor > 16 {
      let index = Int(bytes[cursor])
      let counts = Array(bytes[(cursor + 1)..<(cursor + 17)])
      cursor += 17
      let total = counts.reduce(0) { $0 + Int($1) }
      guard total <= 256, total <= payload.upperBound - cursor else {
        throw .invalid(
          format: .jpeg, offset: cursor - 17, reason: "a DHT table declares \(total) codes")
      }
      let symbols = Array(bytes[cursor..<(cursor + total)])
      cursor += total
      let slot = index & 0x10 != 0 ? index - 0x10 : index
      guard (0...3).contains(slot) else {
        throw .invalid(
          format: .jpeg, offset: cursor - total - 17,
          reason: "a DHT table has the class/slot byte \(index)")
      }
      if index & 0x10 != 0 {
        acTables[slot] = (counts, symbols)
      } else {
        dcTables[slot] = (counts, symbols)
      }
    }
    guard cursor == payload.upperBound else {
      throw .invalid(
        format: .jpeg, offset: cursor,
        reason: "the DHT segment has \(payload.upperBound - cursor) bytes left over")
    }
  }

  /// DQT (libjpeg-turbo `get_dqt`): tables of 64 8-bit or 16-bit values in zigzag order.
  private mutating func readQuantizationTables(_ bytes: [UInt8], payload: Range<Int>)
    throws(DecodeError)
  {
    var cursor = payload.lowerBound
    while cursor < payload.upperBound {
      let precision = Int(bytes[cursor] >> 4)
      let slot = Int(bytes[cursor] & 15)
      guard slot < 4 else {
        throw .invalid(
          format: .jpeg, offset: cursor, reason: "a DQT table has slot \(slot) (0...3 exist)")
      }
      let width = precision != 0 ? 2 : 1
      guard payload.upperBound - cursor - 1 >= 64 * width else {
        throw .invalid(
          format: .jpeg, offset: cursor,
          reason: "the DQT segment is too short for a \(8 * width)-bit table")
      }
      cursor += 1
      var table = [UInt16](repeating: 0, count: 64)
      for i in 0..<64 {
        let value =
          width == 2
          ? UInt16(bytes[cursor]) << 8 | UInt16(bytes[cursor + 1]) : UInt16(bytes[cursor])
        table[Int(JPEGScanDecoder.naturalOrder[i])] = value
        cursor += width
      }
      quantizationTables[slot] = table
    }
  }

  /// APP0 JFIF, APP1 Exif, APP2 ICC_PROFILE and APP14 Adobe, looked at as libjpeg and Pillow do.
  private mutating func examineApplicationSegment(
    marker: JPEGMarker, _ payload: ArraySlice<UInt8>
  ) {
    switch marker {
    case .app0:
      if payload.count >= 14, payload.starts(with: [0x4A, 0x46, 0x49, 0x46, 0x00]) {
        sawJFIF = true
      }
    case .app1:
      if exifOrientation == nil, let orientation = ExifReader.orientation(app1Payload: payload) {
        exifOrientation = (1...8).contains(orientation) ? orientation : 1
      }
    case .app2:
      if payload.starts(with: Array("ICC_PROFILE".utf8) + [0]) { hasICCProfile = true }
    case .app14:
      if payload.count >= 12, payload.starts(with: [0x41, 0x64, 0x6F, 0x62, 0x65]) {
        adobeTransform = Int(payload[payload.startIndex + 11])
      }
    default:
      break
    }
  }
}
