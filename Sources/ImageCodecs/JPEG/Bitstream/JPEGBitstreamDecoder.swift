/// Turns a baseline, extended (8-bit Huffman) or progressive JPEG into quantized DCT
/// coefficients, following libjpeg-turbo's marker reader, Huffman decoders and error recovery
/// so that the coefficients are the ones libjpeg produces, damaged files included.
enum JPEGBitstreamDecoder {
  /// The most SOS markers processed in one file: more is refused as a denial of service
  /// (every scan visits up to every block).
  static let maxScans = 1000

  /// The most coefficient positions all scans together may visit (Σ over scans of blocks ×
  /// band width): 2^31, about 450 full passes over every coefficient of a 100-megapixel 4:4:4
  /// image, where real progressive scripts make under 200. Bounds the time a small file
  /// declaring a huge image and many cheap scans (EOB runs, restart resyncs) can take.
  static let maxCoefficientVisits = 1 << 31

  /// Decodes `bytes` into a ``JPEGFrame``.
  ///
  /// Checks `limits` (pixel count at the SOF, coefficient memory against `maxDecodedBytes`)
  /// before allocating. Data that ends early or is corrupt inside the scans yields a frame with
  /// `isIncomplete` set, as libjpeg tolerates it; broken headers and tables throw `.invalid` or
  /// `.truncated`; arithmetic coding, 12/16-bit precision, lossless and hierarchical frames and
  /// DNL-defined heights throw `.unsupported`.
  static func decode(_ bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> JPEGFrame {
    var reader = JPEGMarkerReader(bytes: bytes)
    try reader.readStartOfImage()
    var state = JPEGDecoderState()
    var header: JPEGFrameHeader? = nil
    var scan: JPEGScanHeader

    // Tables and misc. markers up to the first SOS (libjpeg `jpeg_read_header`).
    headerLoop: while true {
      guard let marker = reader.nextMarker() else {
        throw .truncated(
          format: .jpeg, offset: bytes.count,
          what: header == nil ? "the frame header" : "the first scan")
      }
      switch marker {
      case 0xC0, 0xC1, 0xC2:
        guard header == nil else {
          throw .invalid(format: .jpeg, offset: reader.position - 2, reason: "a second SOF marker")
        }
        let payload = try reader.readSegment(marker: marker)
        let parsed = try JPEGFrameHeader.parse(bytes, payload: payload, marker: marker)
        try limits.check(width: parsed.width, height: parsed.height, format: .jpeg)
        header = parsed
      case 0xDA:
        guard let frame = header else {
          throw .invalid(
            format: .jpeg, offset: reader.position - 2, reason: "an SOS marker before any SOF")
        }
        let payload = try reader.readSegment(marker: marker)
        scan = try JPEGScanHeader.parse(bytes, payload: payload, frame: frame)
        break headerLoop
      case 0xD9:
        throw .invalid(
          format: .jpeg, offset: reader.position - 2,
          reason: header == nil
            ? "the file ends (EOI) without an image" : "EOI before the first scan")
      default:
        try state.handle(marker: marker, reader: &reader, inHeader: true)
      }
    }
    guard let frame = header else {
      throw .invalid(format: .jpeg, offset: nil, reason: "no frame header")
    }

    // Geometry and storage (libjpeg `initial_setup`).
    let hMax = frame.maxHorizontalSampling
    let vMax = frame.maxVerticalSampling
    let mcusPerRow = ceilDivide(frame.width, 8 * hMax)
    let mcuRows = ceilDivide(frame.height, 8 * vMax)
    var planes: [JPEGComponentPlane] = []
    var widthInBlocks: [Int] = []
    var heightInBlocks: [Int] = []
    var totalBytes = 0
    for component in frame.components {
      let h = component.horizontalSampling
      let v = component.verticalSampling
      widthInBlocks.append(ceilDivide(frame.width * h, 8 * hMax))
      heightInBlocks.append(ceilDivide(frame.height * v, 8 * vMax))
      totalBytes += mcusPerRow * h * mcuRows * v * 64 * 2
    }
    guard totalBytes <= limits.maxDecodedBytes else {
      throw .tooLarge(
        format: .jpeg, width: frame.width, height: frame.height,
        limit: .decodedBytes(limits.maxDecodedBytes))
    }
    for component in frame.components {
      let h = component.horizontalSampling
      let v = component.verticalSampling
      planes.append(
        JPEGComponentPlane(
          identifier: component.identifier, horizontalSampling: h, verticalSampling: v,
          quantizationTable: [UInt16](repeating: 0, count: 64),
          width: ceilDivide(frame.width * h, hMax), height: ceilDivide(frame.height * v, vMax),
          blocksPerLine: mcusPerRow * h, blocksPerColumn: mcuRows * v,
          coefficients: [Int16](repeating: 0, count: mcusPerRow * h * mcuRows * v * 64),
          coefficientBits: [Int8](repeating: -1, count: 64),
          previousCoefficientBits: [Int8](repeating: -1, count: 64)))
    }
    if !frame.isProgressive {
      // libjpeg-turbo's jinit_huff_decoder: Motion-JPEG frames omit the standard tables.
      for slot in 0...1 {
        if state.dcTables[slot] == nil {
          state.dcTables[slot] = JPEGHuffmanTable.standard(isDC: true, slot: slot)
        }
        if state.acTables[slot] == nil {
          state.acTables[slot] = JPEGHuffmanTable.standard(isDC: false, slot: slot)
        }
      }
    }
    let singleScan = !frame.isProgressive && scan.componentIndices.count == frame.components.count
    var latched = [Bool](repeating: false, count: frame.components.count)
    var scanCount = 1
    var isIncomplete = false
    var lastGoodIMCURow = 0
    var coefficientVisits = 0

    scanLoop: while true {
      let (kind, dcTables, acTables) = try prepare(
        scan: scan, frame: frame, state: state, planes: &planes, latched: &latched,
        scanNumber: scanCount)
      let components = scan.componentIndices
      let interleaved = components.count > 1
      if interleaved {
        let blocks = components.reduce(0) {
          $0 + frame.components[$1].horizontalSampling * frame.components[$1].verticalSampling
        }
        guard blocks <= 10 else {
          throw .invalid(
            format: .jpeg, offset: reader.position,
            reason: "an interleaved MCU of \(blocks) blocks (at most 10 are allowed)")
        }
      }
      let first = components[0]
      let scanBlocks =
        interleaved
        ? mcusPerRow * mcuRows
          * components.reduce(0) {
            $0 + frame.components[$1].horizontalSampling * frame.components[$1].verticalSampling
          }
        : widthInBlocks[first] * heightInBlocks[first]
      let band = frame.isProgressive ? max(1, scan.spectralEnd - scan.spectralStart + 1) : 64
      coefficientVisits += scanBlocks * band
      guard coefficientVisits <= maxCoefficientVisits else {
        throw .invalid(
          format: .jpeg, offset: reader.position,
          reason: "the scans would visit more than \(maxCoefficientVisits) coefficients")
      }
      var damaged = false
      var failure: String? = nil
      var end = (
        position: reader.position, marker: UInt8(0), reachedEnd: false, insufficient: false
      )
      let restartInterval = state.restartInterval
      let start = reader.position
      let blocksPerLine = components.map { planes[$0].blocksPerLine }
      withCoefficientPointers(&planes, components) { pointers in
        bytes.withUnsafeBufferPointer { buffer in
          guard let base = buffer.baseAddress else { return }
          var bits = JPEGBitReader(data: base, count: buffer.count, position: start)
          failure = JPEGScanDecoder.decode(
            reader: &bits, kind: kind, planes: pointers,
            blocksPerLine: blocksPerLine,
            horizontal: components.map {
              interleaved ? frame.components[$0].horizontalSampling : 1
            },
            vertical: components.map { interleaved ? frame.components[$0].verticalSampling : 1 },
            mcusPerRow: interleaved ? mcusPerRow : widthInBlocks[first],
            mcuRows: interleaved ? mcuRows : heightInBlocks[first],
            iMCURowDivisor: interleaved ? 1 : frame.components[first].verticalSampling,
            dcTables: dcTables, acTables: acTables, spectralStart: scan.spectralStart,
            spectralEnd: scan.spectralEnd, approximationLow: scan.approximationLow,
            restartInterval: restartInterval, lastGoodIMCURow: &lastGoodIMCURow, damaged: &damaged)
          end = (bits.position, bits.marker, bits.reachedEnd, bits.insufficientData)
        }
      }
      if let failure {
        throw .invalid(format: .jpeg, offset: end.position, reason: failure)
      }
      // Data that ran out mid-scan, or a restart resync, is damage libjpeg warns about; so is
      // the end of the file before EOI when more scans could follow.
      if damaged || end.insufficient || (end.reachedEnd && !singleScan) { isIncomplete = true }
      reader.position = end.position
      var pending: UInt8? = end.marker != 0 && !end.reachedEnd ? end.marker : nil

      if singleScan {
        // libjpeg decodes a single-scan file from its first scan only; count what follows.
        let (more, interval) = countRemainingScans(
          &reader, pending: pending, restartInterval: state.restartInterval)
        scanCount += more
        state.restartInterval = interval
        break scanLoop
      }
      if end.reachedEnd { break scanLoop }

      // Markers between scans (libjpeg `consume_markers`).
      while true {
        let marker: UInt8
        if let code = pending {
          marker = code
          pending = nil
        } else if let code = reader.nextMarker() {
          marker = code
        } else {
          isIncomplete = true
          break scanLoop
        }
        switch marker {
        case 0xD9:
          break scanLoop
        case 0xDA:
          scanCount += 1
          guard scanCount <= maxScans else {
            throw .invalid(
              format: .jpeg, offset: reader.position - 2, reason: "more than \(maxScans) scans")
          }
          do {
            let payload = try reader.readSegment(marker: marker)
            scan = try JPEGScanHeader.parse(bytes, payload: payload, frame: frame)
          } catch {
            if case .truncated = error {
              isIncomplete = true
              break scanLoop
            }
            throw error
          }
          continue scanLoop
        case 0xC0, 0xC1, 0xC2:
          throw .invalid(format: .jpeg, offset: reader.position - 2, reason: "a second SOF marker")
        default:
          do {
            try state.handle(marker: marker, reader: &reader, inHeader: false)
          } catch {
            if case .truncated = error {
              isIncomplete = true
              break scanLoop
            }
            throw error
          }
        }
      }
    }

    return JPEGFrame(
      width: frame.width, height: frame.height, components: planes, maxHorizontalSampling: hMax,
      maxVerticalSampling: vMax,
      colorTransform: JPEGColorTransform.decide(
        componentCount: frame.components.count, sawJFIF: state.sawJFIF,
        adobeTransform: state.adobeTransform,
        identifiers: frame.components.map(\.identifier)),
      exifOrientation: state.exifOrientation ?? 1, hasICCProfile: state.hasICCProfile,
      isIncomplete: isIncomplete,
      isProgressive: frame.isProgressive, scanCount: scanCount,
      restartInterval: state.restartInterval,
      lastGoodIMCURow: lastGoodIMCURow)
  }

  /// Checks a scan as libjpeg's `start_pass` routines do, latches quantization tables, updates
  /// the coefficient bit states and builds the Huffman tables the scan uses.
  private static func prepare(
    scan: JPEGScanHeader, frame: JPEGFrameHeader, state: JPEGDecoderState,
    planes: inout [JPEGComponentPlane],
    latched: inout [Bool], scanNumber: Int
  ) throws(DecodeError) -> (JPEGScanDecoder.Kind, [JPEGHuffmanTable?], [JPEGHuffmanTable?]) {
    let ss = scan.spectralStart
    let se = scan.spectralEnd
    let ah = scan.approximationHigh
    let al = scan.approximationLow
    var kind = JPEGScanDecoder.Kind.sequential
    if frame.isProgressive {
      let isDC = ss == 0
      var bad = isDC ? se != 0 : (ss > se || se >= 64 || scan.componentIndices.count != 1)
      if ah != 0 && al != ah - 1 { bad = true }
      if al > 13 { bad = true }
      guard !bad else {
        throw .invalid(
          format: .jpeg, offset: nil,
          reason: "a progressive scan has Ss=\(ss) Se=\(se) Ah=\(ah) Al=\(al)")
      }
      kind = ah == 0 ? (isDC ? .dcFirst : .acFirst) : (isDC ? .dcRefine : .acRefine)
    }
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
            scanNumber > 1 ? planes[index].coefficientBits[k] : 0
        }
        for k in ss...se { planes[index].coefficientBits[k] = Int8(al) }
      } else {
        planes[index].coefficientBits = [Int8](repeating: 0, count: 64)
      }
    }
    var dcTables: [JPEGHuffmanTable?] = []
    var acTables: [JPEGHuffmanTable?] = []
    for (position, _) in scan.componentIndices.enumerated() {
      var dc: JPEGHuffmanTable? = nil
      var ac: JPEGHuffmanTable? = nil
      if kind == .sequential || kind == .dcFirst {
        dc = try table(state.dcTables, slot: scan.dcTables[position], isDC: true)
      }
      if kind == .sequential || kind == .acFirst || kind == .acRefine {
        ac = try table(state.acTables, slot: scan.acTables[position], isDC: false)
      }
      dcTables.append(dc)
      acTables.append(ac)
    }
    return (kind, dcTables, acTables)
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
    _ reader: inout JPEGMarkerReader, pending: UInt8?, restartInterval: Int
  ) -> (Int, Int) {
    var scans = 0
    var interval = restartInterval
    var next = pending
    let bytes = reader.bytes
    while true {
      let marker: UInt8
      if let code = next {
        marker = code
        next = nil
      } else if let code = reader.nextMarker() {
        marker = code
      } else {
        break
      }
      if marker == 0xD9 { break }
      if (0xD0...0xD7).contains(marker) || marker == 0x01 || marker == 0xD8 { continue }
      let start = reader.position
      guard start + 2 <= bytes.count else { break }
      let length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
      if marker == 0xDA { scans += 1 }
      if marker == 0xDD, length >= 4, start + 4 <= bytes.count {
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
