/// Turns a baseline, extended (8-bit Huffman) or progressive JPEG into quantized DCT
/// coefficients, following libjpeg-turbo's marker reader, Huffman decoders and error recovery
/// so that the coefficients are the ones libjpeg produces, damaged files included.
///
/// A decode reads the markers up to the first scan, sizes and allocates the coefficient planes,
/// then decodes scan after scan, with the markers between them, until EOI or the end of the
/// data. An instance holds what accumulates along the way.
struct JPEGBitstreamDecoder {
  /// The most SOS markers processed in one file: more is refused as a denial of service
  /// (every scan visits up to every block).
  static let maxScans = 1000

  /// The most coefficient positions all scans together may visit (Σ over scans of blocks ×
  /// band width): 2^31, about 450 full passes over every coefficient of a 100-megapixel 4:4:4
  /// image, where real progressive scripts make under 200. Bounds the time a small file
  /// declaring a huge image and many cheap scans (EOB runs, restart resyncs) can take.
  static let maxCoefficientVisits = 1 << 31

  /// The file and the position in its markers.
  private var reader: JPEGMarkerReader
  /// The tables and facts the markers gave so far.
  private var state: JPEGDecoderState
  /// The frame header (SOF).
  private let frame: JPEGFrameHeader
  /// MCUs per row of an interleaved scan: ceil(width / (8·Hmax)).
  private let mcusPerRow: Int
  /// MCU rows of an interleaved scan: ceil(height / (8·Vmax)).
  private let mcuRows: Int
  /// The coefficients, one plane per frame component, in SOF order.
  private var planes: [JPEGComponentPlane]
  /// Per component: its quantization table has been latched (at its first scan).
  private var latched: [Bool]
  /// The SOS markers met so far.
  private var scanCount = 1
  /// Whether entropy data ended early or was damaged (see ``JPEGFrame/isIncomplete``).
  private var isIncomplete = false
  /// libjpeg's `last_good_iMCU_row` (see ``JPEGFrame/lastGoodIMCURow``).
  private var lastGoodIMCURow = 0
  /// The coefficient positions the scans so far visit (see ``maxCoefficientVisits``).
  private var coefficientVisits = 0

  /// Decodes `bytes` into a ``JPEGFrame``.
  ///
  /// Checks `limits` (pixel count at the SOF, coefficient memory against `maxDecodedBytes`)
  /// before allocating. Data that ends early or is corrupt inside the scans yields a frame with
  /// `isIncomplete` set, as libjpeg tolerates it; broken headers and tables throw `.invalid` or
  /// `.truncated`; arithmetic coding, 12/16-bit precision, lossless and hierarchical frames and
  /// DNL-defined heights throw `.unsupported`.
  static func decode(_ bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> JPEGFrame {
    guard case .whole(let frame) = try start(bytes, limits: limits, streaming: false) else {
      preconditionFailure("a decode without streaming returns the whole frame")
    }
    return frame
  }

  /// What ``start(_:limits:streaming:)`` returns: the whole frame's coefficients, or a stream
  /// of them one iMCU row at a time.
  enum Start {
    case whole(JPEGFrame)
    case streamed(JPEGCoefficientStream)
  }

  /// Starts decoding `bytes` as ``decode(_:limits:)`` does, except that when `streaming` and
  /// the file is single-scan sequential (libjpeg's one-pass case) it only reads up to the scan
  /// data and returns a stream that decodes the coefficients one iMCU row at a time; the
  /// coefficient memory checked against `limits` is then one iMCU row's. Throws what
  /// ``decode(_:limits:)`` throws, for the same files.
  static func start(_ bytes: [UInt8], limits: DecodeLimits, streaming: Bool)
    throws(DecodeError) -> Start
  {
    var reader = JPEGMarkerReader(bytes: bytes)
    try reader.readStartOfImage()
    var state = JPEGDecoderState()
    let (frame, firstScan) = try readHeaders(&reader, &state, limits: limits)
    let streams =
      streaming && !frame.isProgressive
      && firstScan.componentIndices.count == frame.components.count
    var decoder = try JPEGBitstreamDecoder(
      reader: reader, state: state, frame: frame, limits: limits, storesOneIMCURow: streams)
    guard streams else {
      try decoder.decodeScans(from: firstScan)
      return .whole(decoder.result)
    }
    return .streamed(try decoder.stream(firstScan))
  }

  /// Reads the tables and other markers up to the first SOS (libjpeg `jpeg_read_header`) and
  /// returns the frame header and the first scan's header.
  private static func readHeaders(
    _ reader: inout JPEGMarkerReader, _ state: inout JPEGDecoderState, limits: DecodeLimits
  ) throws(DecodeError) -> (JPEGFrameHeader, JPEGScanHeader) {
    var header: JPEGFrameHeader? = nil
    while true {
      guard let marker = reader.nextMarker() else {
        throw .truncated(
          format: .jpeg, offset: reader.bytes.count,
          what: header == nil ? "the frame header" : "the first scan")
      }
      switch marker {
      case .sof0, .sof1, .sof2:
        guard header == nil else { throw secondFrame(at: reader) }
        let payload = try reader.readSegment(marker: marker)
        let parsed = try JPEGFrameHeader.parse(reader.bytes, payload: payload, marker: marker)
        try limits.check(width: parsed.width, height: parsed.height, format: .jpeg)
        header = parsed
      case .sos:
        guard let frame = header else {
          throw .invalid(
            format: .jpeg, offset: reader.position - 2, reason: "an SOS marker before any SOF")
        }
        let payload = try reader.readSegment(marker: marker)
        return (frame, try JPEGScanHeader.parse(reader.bytes, payload: payload, frame: frame))
      case .eoi:
        throw .invalid(
          format: .jpeg, offset: reader.position - 2,
          reason: header == nil
            ? "the file ends (EOI) without an image" : "EOI before the first scan")
      default:
        try state.handle(marker: marker, reader: &reader, inHeader: true)
      }
    }
  }

  /// The error for an SOF marker after the first (the marker code just read).
  private static func secondFrame(at reader: JPEGMarkerReader) -> DecodeError {
    .invalid(format: .jpeg, offset: reader.position - 2, reason: "a second SOF marker")
  }

  /// Sizes and allocates the coefficient planes (libjpeg `initial_setup`) once their memory
  /// is checked against `limits`, and gives a sequential file the standard Huffman tables it
  /// may omit. With `storesOneIMCURow` the planes are sized but left empty, and the memory
  /// checked is one iMCU row's (what a ``JPEGCoefficientStream`` allocates).
  private init(
    reader: JPEGMarkerReader, state: JPEGDecoderState, frame: JPEGFrameHeader,
    limits: DecodeLimits, storesOneIMCURow: Bool
  ) throws(DecodeError) {
    let hMax = frame.maxHorizontalSampling
    let vMax = frame.maxVerticalSampling
    let mcusPerRow = Self.ceilDivide(frame.width, 8 * hMax)
    let mcuRows = Self.ceilDivide(frame.height, 8 * vMax)
    let storedMCURows = storesOneIMCURow ? 1 : mcuRows
    var totalBytes = 0
    for component in frame.components {
      totalBytes +=
        mcusPerRow * component.horizontalSampling * storedMCURows * component.verticalSampling
        * 64 * 2
    }
    guard totalBytes <= limits.maxDecodedBytes else {
      throw .tooLarge(
        format: .jpeg, width: frame.width, height: frame.height,
        limit: .decodedBytes(limits.maxDecodedBytes))
    }
    self.reader = reader
    self.state = state
    self.frame = frame
    self.mcusPerRow = mcusPerRow
    self.mcuRows = mcuRows
    planes = frame.components.map { component in
      let h = component.horizontalSampling
      let v = component.verticalSampling
      return JPEGComponentPlane(
        identifier: component.identifier, horizontalSampling: h, verticalSampling: v,
        quantizationTable: [UInt16](repeating: 0, count: 64),
        width: Self.ceilDivide(frame.width * h, hMax),
        height: Self.ceilDivide(frame.height * v, vMax),
        widthInBlocks: Self.ceilDivide(frame.width * h, 8 * hMax),
        heightInBlocks: Self.ceilDivide(frame.height * v, 8 * vMax),
        blocksPerLine: mcusPerRow * h, blocksPerColumn: mcuRows * v,
        coefficients: [Int16](
          repeating: 0, count: storesOneIMCURow ? 0 : mcusPerRow * h * mcuRows * v * 64),
        coefficientBits: [Int8](repeating: -1, count: 64),
        previousCoefficientBits: [Int8](repeating: -1, count: 64))
    }
    latched = [Bool](repeating: false, count: frame.components.count)
    if !frame.isProgressive { self.state.installStandardHuffmanTables() }
  }

  /// Decodes `first` and every scan after it, reading the markers between them, until EOI or
  /// the end of the data.
  private mutating func decodeScans(from first: JPEGScanHeader) throws(DecodeError) {
    let singleScan = !frame.isProgressive && first.componentIndices.count == frame.components.count
    var scan = first
    while true {
      let end = try decodeScan(scan, singleScan: singleScan)
      if singleScan {
        // libjpeg decodes a single-scan file from its first scan only; count what follows.
        let (more, interval) = Self.countRemainingScans(
          &reader, pending: end.pending, restartInterval: state.restartInterval)
        scanCount += more
        state.restartInterval = interval
        return
      }
      if end.reachedEnd { return }
      guard let next = try readMarkersBetweenScans(pending: end.pending) else { return }
      scan = next
    }
  }

  /// Decodes one scan's entropy-coded data into the planes and moves the reader past it.
  /// Returns the marker that ended the data (nil when the data ran out first) and whether the
  /// data ran out.
  private mutating func decodeScan(_ scan: JPEGScanHeader, singleScan: Bool)
    throws(DecodeError) -> (pending: JPEGMarker?, reachedEnd: Bool)
  {
    let (kind, dcTables, acTables, geometry) = try prepare(scan)
    var damaged = false
    var failure: String? = nil
    var end = (position: reader.position, marker: UInt8(0), reachedEnd: false, insufficient: false)
    let bytes = reader.bytes
    let start = reader.position
    let restartInterval = state.restartInterval
    let band = (start: scan.spectralStart, end: scan.spectralEnd, shift: scan.approximationLow)
    var lastGood = lastGoodIMCURow
    Self.withCoefficientPointers(&planes, scan.componentIndices) { pointers in
      bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        var bits = JPEGBitReader(data: base, count: buffer.count, position: start)
        failure = JPEGScanDecoder.decode(
          reader: &bits, kind: kind, planes: pointers, geometry: geometry, dcTables: dcTables,
          acTables: acTables, band: band, restartInterval: restartInterval,
          lastGoodIMCURow: &lastGood, damaged: &damaged)
        end = (bits.position, bits.marker, bits.reachedEnd, bits.insufficientData)
      }
    }
    lastGoodIMCURow = lastGood
    if let failure {
      throw .invalid(format: .jpeg, offset: end.position, reason: failure)
    }
    // Data that ran out mid-scan, or a restart resync, is damage libjpeg warns about; so is
    // the end of the file before EOI when more scans could follow.
    if damaged || end.insufficient || (end.reachedEnd && !singleScan) { isIncomplete = true }
    reader.position = end.position
    let pending = end.marker != 0 && !end.reachedEnd ? JPEGMarker(end.marker) : nil
    return (pending, end.reachedEnd)
  }

  /// Checks `scan` and sets up its decoding (its routine, tables latched, Huffman tables built,
  /// MCU layout, visits charged), throwing as libjpeg's `start_pass` routines do.
  private mutating func prepare(_ scan: JPEGScanHeader) throws(DecodeError) -> (
    kind: JPEGScanDecoder.Kind, dcTables: [JPEGHuffmanTable?], acTables: [JPEGHuffmanTable?],
    geometry: JPEGScanDecoder.Geometry
  ) {
    let kind = try scanKind(scan)
    try latchTables(for: scan)
    let (dcTables, acTables) = try huffmanTables(for: scan, kind: kind)
    let geometry = geometry(of: scan)
    try chargeVisits(of: scan, geometry: geometry)
    return (kind, dcTables, acTables, geometry)
  }

  /// Sets up the only scan of a single-scan sequential file (all components, interleaved
  /// unless there is one) and returns the stream that decodes it one iMCU row at a time.
  private mutating func stream(_ scan: JPEGScanHeader) throws(DecodeError)
    -> JPEGCoefficientStream
  {
    let (_, dcTables, acTables, geometry) = try prepare(scan)
    return JPEGCoefficientStream(
      bytes: reader.bytes, position: reader.position, frame: result,
      scanComponents: scan.componentIndices, geometry: geometry, dcTables: dcTables,
      acTables: acTables, restartInterval: state.restartInterval)
  }

  /// The scan's decoding routine, its parameters checked as libjpeg's `start_pass` routines
  /// check them.
  private func scanKind(_ scan: JPEGScanHeader) throws(DecodeError) -> JPEGScanDecoder.Kind {
    guard frame.isProgressive else { return .sequential }
    let ss = scan.spectralStart
    let se = scan.spectralEnd
    let ah = scan.approximationHigh
    let al = scan.approximationLow
    let isDC = ss == 0
    var bad = isDC ? se != 0 : (ss > se || se >= 64 || scan.componentIndices.count != 1)
    if ah != 0 && al != ah - 1 { bad = true }
    if al > 13 { bad = true }
    guard !bad else {
      throw .invalid(
        format: .jpeg, offset: nil,
        reason: "a progressive scan has Ss=\(ss) Se=\(se) Ah=\(ah) Al=\(al)")
    }
    return ah == 0 ? (isDC ? .dcFirst : .acFirst) : (isDC ? .dcRefine : .acRefine)
  }

  /// Latches the quantization table of each scan component at its first scan and updates the
  /// coefficient bit states (libjpeg `coef_bits`, and jdphuff.c's previous values).
  private mutating func latchTables(for scan: JPEGScanHeader) throws(DecodeError) {
    let ss = scan.spectralStart
    let se = scan.spectralEnd
    for index in scan.componentIndices {
      if !latched[index] {
        let slot = frame.components[index].quantizationTableIndex
        guard slot < 4, let table = state.quantizationTables[slot] else {
          throw .invalid(
            format: .jpeg, offset: nil,
            reason: "component \(index) uses quantization table \(slot), which is not defined")
        }
        planes[index].quantizationTable = table
        latched[index] = true
      }
      if frame.isProgressive {
        for k in min(ss, 1)...max(se, 9) {
          planes[index].previousCoefficientBits[k] =
            scanCount > 1 ? planes[index].coefficientBits[k] : 0
        }
        for k in ss...se { planes[index].coefficientBits[k] = Int8(scan.approximationLow) }
      } else {
        planes[index].coefficientBits = [Int8](repeating: 0, count: 64)
      }
    }
  }

  /// Builds the Huffman tables each scan component uses with a scan of `kind` (nil where the
  /// kind reads none).
  private func huffmanTables(for scan: JPEGScanHeader, kind: JPEGScanDecoder.Kind)
    throws(DecodeError) -> (dc: [JPEGHuffmanTable?], ac: [JPEGHuffmanTable?])
  {
    var dcTables: [JPEGHuffmanTable?] = []
    var acTables: [JPEGHuffmanTable?] = []
    for position in scan.componentIndices.indices {
      var dc: JPEGHuffmanTable? = nil
      var ac: JPEGHuffmanTable? = nil
      if kind == .sequential || kind == .dcFirst {
        dc = try Self.table(state.dcTables, slot: scan.dcTables[position], isDC: true)
      }
      if kind == .sequential || kind == .acFirst || kind == .acRefine {
        ac = try Self.table(state.acTables, slot: scan.acTables[position], isDC: false)
      }
      dcTables.append(dc)
      acTables.append(ac)
    }
    return (dcTables, acTables)
  }

  /// The MCU layout of `scan`: all its components' blocks per MCU when interleaved, else one
  /// block per MCU over the component's blocks that carry image data.
  private func geometry(of scan: JPEGScanHeader) -> JPEGScanDecoder.Geometry {
    let components = scan.componentIndices
    let interleaved = components.count > 1
    let first = planes[components[0]]
    return JPEGScanDecoder.Geometry(
      blocksPerLine: components.map { planes[$0].blocksPerLine },
      horizontal: components.map { interleaved ? planes[$0].horizontalSampling : 1 },
      vertical: components.map { interleaved ? planes[$0].verticalSampling : 1 },
      mcusPerRow: interleaved ? mcusPerRow : first.widthInBlocks,
      mcuRows: interleaved ? mcuRows : first.heightInBlocks,
      iMCURowDivisor: interleaved ? 1 : first.verticalSampling)
  }

  /// Refuses an interleaved MCU of more than 10 blocks, and adds the scan's coefficient visits
  /// to the total, refusing it past ``maxCoefficientVisits``.
  private mutating func chargeVisits(
    of scan: JPEGScanHeader, geometry: JPEGScanDecoder.Geometry
  ) throws(DecodeError) {
    let blocksPerMCU = geometry.blocksPerMCU
    if scan.componentIndices.count > 1 {
      guard blocksPerMCU <= 10 else {
        throw .invalid(
          format: .jpeg, offset: reader.position,
          reason: "an interleaved MCU of \(blocksPerMCU) blocks (at most 10 are allowed)")
      }
    }
    let band = frame.isProgressive ? max(1, scan.spectralEnd - scan.spectralStart + 1) : 64
    coefficientVisits += geometry.mcusPerRow * geometry.mcuRows * blocksPerMCU * band
    guard coefficientVisits <= Self.maxCoefficientVisits else {
      throw .invalid(
        format: .jpeg, offset: reader.position,
        reason: "the scans would visit more than \(Self.maxCoefficientVisits) coefficients")
    }
  }

  /// Reads the markers after a scan (libjpeg `consume_markers`), starting with `pending`, up to
  /// the next SOS, whose header it returns. Returns nil at EOI, and when the data ends or a
  /// marker segment is cut short (the frame is then incomplete).
  private mutating func readMarkersBetweenScans(pending: JPEGMarker?) throws(DecodeError)
    -> JPEGScanHeader?
  {
    var pending = pending
    while true {
      guard let marker = reader.nextMarker(after: &pending) else {
        isIncomplete = true
        return nil
      }
      switch marker {
      case .eoi:
        return nil
      case .sos:
        scanCount += 1
        guard scanCount <= Self.maxScans else {
          throw .invalid(
            format: .jpeg, offset: reader.position - 2, reason: "more than \(Self.maxScans) scans")
        }
        do {
          let payload = try reader.readSegment(marker: marker)
          return try JPEGScanHeader.parse(reader.bytes, payload: payload, frame: frame)
        } catch {
          try noteTruncation(error)
          return nil
        }
      case .sof0, .sof1, .sof2:
        throw Self.secondFrame(at: reader)
      default:
        do {
          try state.handle(marker: marker, reader: &reader, inHeader: false)
        } catch {
          try noteTruncation(error)
          return nil
        }
      }
    }
  }

  /// Marks the frame incomplete when `error` is a marker segment cut short by the end of the
  /// data (libjpeg suspends there); rethrows any other error.
  private mutating func noteTruncation(_ error: DecodeError) throws(DecodeError) {
    guard case .truncated = error else { throw error }
    isIncomplete = true
  }

  /// The decoded frame.
  private var result: JPEGFrame {
    JPEGFrame(
      width: frame.width, height: frame.height, components: planes,
      maxHorizontalSampling: frame.maxHorizontalSampling,
      maxVerticalSampling: frame.maxVerticalSampling,
      colorTransform: JPEGColorTransform.decide(
        componentCount: frame.components.count, sawJFIF: state.sawJFIF,
        adobeTransform: state.adobeTransform, identifiers: frame.components.map(\.identifier)),
      exifOrientation: state.exifOrientation ?? 1, hasICCProfile: state.hasICCProfile,
      isIncomplete: isIncomplete, isProgressive: frame.isProgressive, scanCount: scanCount,
      restartInterval: state.restartInterval, lastGoodIMCURow: lastGoodIMCURow)
  }

  private static func table(
    _ slots: [(counts: [UInt8], symbols: [UInt8])?], slot: Int, isDC: Bool
  ) throws(DecodeError) -> JPEGHuffmanTable {
    guard slot < 4, let spec = slots[slot] else {
      throw .invalid(
        format: .jpeg, offset: nil,
        reason: "a scan uses \(isDC ? "DC" : "AC") Huffman table \(slot), which is not defined")
    }
    return try JPEGHuffmanTable(counts: spec.counts, symbols: spec.symbols, isDC: isDC)
  }

  /// Runs `body` with mutable pointers to the coefficients of `components` (frame indexes, at
  /// most four), in that order.
  private static func withCoefficientPointers(
    _ planes: inout [JPEGComponentPlane], _ components: [Int],
    _ body: ([UnsafeMutablePointer<Int16>]) -> Void
  ) {
    var storage: [[Int16]] = [[], [], [], []]
    for (slot, index) in components.prefix(4).enumerated() {
      swap(&storage[slot], &planes[index].coefficients)
    }
    var a0 = storage[0]
    var a1 = storage[1]
    var a2 = storage[2]
    var a3 = storage[3]
    storage = []
    a0.withUnsafeMutableBufferPointer { b0 in
      a1.withUnsafeMutableBufferPointer { b1 in
        a2.withUnsafeMutableBufferPointer { b2 in
          a3.withUnsafeMutableBufferPointer { b3 in
            let pointers = [b0.baseAddress, b1.baseAddress, b2.baseAddress, b3.baseAddress]
            body(pointers.prefix(components.count).compactMap { $0 })
          }
        }
      }
    }
    let arrays = [a0, a1, a2, a3]
    a0 = []
    a1 = []
    a2 = []
    a3 = []
    for (slot, index) in components.prefix(4).enumerated() {
      planes[index].coefficients = arrays[slot]
    }
  }

  /// Walks the markers after the only scan libjpeg decodes, counting SOS markers and taking the
  /// last DRI value, tolerating anything (nothing here changes the image).
  private static func countRemainingScans(
    _ reader: inout JPEGMarkerReader, pending: JPEGMarker?, restartInterval: Int
  ) -> (Int, Int) {
    var scans = 0
    var interval = restartInterval
    var pending = pending
    let bytes = reader.bytes
    while let marker = reader.nextMarker(after: &pending), marker != .eoi {
      if marker.isStandalone { continue }
      let start = reader.position
      guard start + 2 <= bytes.count else { break }
      let length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
      if marker == .sos { scans += 1 }
      if marker == .dri, length >= 4, start + 4 <= bytes.count {
        interval = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
      }
      reader.position = min(bytes.count, start + max(2, length))
    }
    return (scans, interval)
  }

  @inline(__always)
  private static func ceilDivide(_ value: Int, _ divisor: Int) -> Int {
    (value + divisor - 1) / divisor
  }
}
