/// Decodes one scan's entropy-coded segment into coefficient planes: sequential scans as
/// libjpeg's jdhuff.c `decode_mcu`, progressive ones as jdphuff.c (DC first/refine, AC
/// first/refine with EOB runs), with restart markers, and with libjpeg's handling of data that
/// runs out (the rest of the restart interval is left untouched, i.e. zero).
enum JPEGScanDecoder {
  /// Which decoding routine a scan uses.
  enum Kind: Sendable {
    case sequential, dcFirst, dcRefine, acFirst, acRefine
  }

  /// Zigzag index → natural index, with 16 extra entries of 63 so that corrupt run lengths that
  /// step past the block land on the last coefficient, as in libjpeg's `jpeg_natural_order`.
  static let naturalOrder: [Int32] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
    13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59,
    52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
  ]

  /// A scan's MCU layout.
  struct Geometry {
    /// The stored blocks per row of each scan component.
    var blocksPerLine: [Int]
    /// Each scan component's blocks per MCU across (its sampling factor in an interleaved
    /// scan; 1 in a single-component scan).
    var horizontal: [Int]
    /// Each scan component's blocks per MCU down.
    var vertical: [Int]
    /// MCUs per row.
    var mcusPerRow: Int
    /// MCU rows.
    var mcuRows: Int
    /// MCU rows per iMCU row (Vi for a single-component scan, else 1).
    var iMCURowDivisor: Int

    /// Blocks per MCU (at most 10 in a valid interleaved scan).
    var blocksPerMCU: Int {
      var total = 0
      for component in horizontal.indices { total += horizontal[component] * vertical[component] }
      return total
    }
  }

  /// Decodes the scan's MCUs.
  ///
  /// - Parameters:
  ///   - planes: coefficient storage of each scan component, in scan order.
  ///   - dcTables, acTables: per scan component, the tables its scan kind uses (others nil).
  ///   - band: the spectral selection Ss...Se (zigzag indexes) and the bit position Al.
  ///   - lastGoodIMCURow: updated as libjpeg's `last_good_iMCU_row`.
  ///   - damaged: set when a restart marker was missing or out of order.
  /// - Returns: nil on success, or why the data is invalid (libjpeg's fatal `JERR_BAD_DCT_COEF`).
  static func decode(
    reader: inout JPEGBitReader, kind: Kind, planes: [UnsafeMutablePointer<Int16>],
    geometry: Geometry, dcTables: [JPEGHuffmanTable?], acTables: [JPEGHuffmanTable?],
    band: (start: Int, end: Int, shift: Int), restartInterval: Int, lastGoodIMCURow: inout Int,
    damaged: inout Bool
  ) -> String? {
    let blocks = JPEGMCUBlocks(
      planes: planes, geometry: geometry, dcTables: dcTables, acTables: acTables)
    let natural = UnsafeMutablePointer<Int32>.allocate(capacity: naturalOrder.count)
    let predictions = UnsafeMutablePointer<Int32>.allocate(capacity: 4)
    defer {
      blocks.deallocate()
      natural.deallocate()
      predictions.deallocate()
    }
    natural.initialize(from: naturalOrder, count: naturalOrder.count)
    predictions.initialize(repeating: 0, count: 4)
    var cursor = JPEGScanCursor(restartInterval: restartInterval, lastGoodIMCURow: lastGoodIMCURow)
    defer {
      lastGoodIMCURow = cursor.lastGoodIMCURow
      if cursor.damaged { damaged = true }
    }
    return withExtendedLifetime((dcTables, acTables)) {
      run(
        reader: &reader, kind: kind, blocks: blocks, order: natural, predictions: predictions,
        geometry: geometry, band: band, restartInterval: restartInterval, cursor: &cursor)
    }
  }

  /// Decodes MCU rows `rows` of a sequential scan whose blocks are laid out by `blocks` with
  /// MCU row `firstStoredRow` at their MCU row 0, continuing from `cursor` (the streamed
  /// decode's entry: one iMCU row a call into a one-iMCU-row buffer).
  static func decodeSequentialRows(
    reader: inout JPEGBitReader, blocks: JPEGMCUBlocks, order: UnsafePointer<Int32>,
    predictions: UnsafeMutablePointer<Int32>, geometry: Geometry, rows: Range<Int>,
    firstStoredRow: Int, restartInterval: Int, cursor: inout JPEGScanCursor
  ) {
    _ = forEachMCU(
      &reader, geometry: geometry, rows: rows, firstStoredRow: firstStoredRow,
      restartInterval: restartInterval, predictions: predictions, cursor: &cursor
    ) { bits, row, column, _ in
      decodeSequentialMCU(
        &bits, blocks, row: row, column: column, order: order, predictions: predictions)
      return nil
    }
  }

  /// The MCU loop of each scan kind (one copy each, so that each keeps only its own state in
  /// registers).
  private static func run(
    reader: inout JPEGBitReader, kind: Kind, blocks: JPEGMCUBlocks, order: UnsafePointer<Int32>,
    predictions: UnsafeMutablePointer<Int32>, geometry: Geometry,
    band: (start: Int, end: Int, shift: Int), restartInterval: Int,
    cursor: inout JPEGScanCursor
  ) -> String? {
    // `forEachMCU` over the whole scan.
    @inline(__always)
    func forEach(
      _ decodeMCU: (
        _ bits: inout JPEGBitReader, _ row: Int, _ column: Int, _ endOfBandRun: inout Int
      ) -> String?
    ) -> String? {
      forEachMCU(
        &reader, geometry: geometry, rows: 0..<geometry.mcuRows, firstStoredRow: 0,
        restartInterval: restartInterval, predictions: predictions, cursor: &cursor, decodeMCU)
    }
    // Always set for AC scans; without it their MCUs are passed over.
    let acTable = blocks.acTable(0)
    switch kind {
    case .sequential:
      return forEach { bits, row, column, _ in
        decodeSequentialMCU(
          &bits, blocks, row: row, column: column, order: order, predictions: predictions)
        return nil
      }
    case .dcFirst:
      return forEach { bits, row, column, _ in
        decodeDCFirstMCU(
          &bits, blocks, row: row, column: column, predictions: predictions, shift: band.shift)
      }
    case .dcRefine:
      let bit = Int16(truncatingIfNeeded: 1 << band.shift)
      return forEach { bits, row, column, _ in
        for slot in 0..<blocks.count {
          bits.ensure()
          if bits.bit() { blocks.block(slot, row: row, column: column)[0] |= bit }
        }
        return nil
      }
    case .acFirst:
      return forEach { bits, row, column, endOfBandRun in
        if let acTable {
          decodeACFirst(
            &bits, acTable, blocks.block(0, row: row, column: column), order, band: band,
            endOfBandRun: &endOfBandRun)
        }
        return nil
      }
    case .acRefine:
      let masks = JPEGRefinementMasks()
      defer { masks.deallocate() }
      return forEach { bits, row, column, endOfBandRun in
        if let acTable {
          decodeACRefine(
            &bits, acTable, blocks.block(0, row: row, column: column), order, masks, band: band,
            endOfBandRun: &endOfBandRun)
        }
        return nil
      }
    }
  }

  /// Runs `decodeMCU(bits, row, column, endOfBandRun)` on every MCU of MCU rows `rows`
  /// (passing rows relative to `firstStoredRow`), handling restart intervals (which reset
  /// `predictions` and the end-of-band run) and data that runs out as libjpeg does, from and
  /// into `cursor`. Returns the first failure `decodeMCU` reports, or nil.
  @inline(__always)
  private static func forEachMCU(
    _ reader: inout JPEGBitReader, geometry: Geometry, rows: Range<Int>, firstStoredRow: Int,
    restartInterval: Int, predictions: UnsafeMutablePointer<Int32>,
    cursor: inout JPEGScanCursor,
    _ decodeMCU: (
      _ bits: inout JPEGBitReader, _ row: Int, _ column: Int, _ endOfBandRun: inout Int
    ) -> String?
  ) -> String? {
    guard !cursor.finished else { return nil }
    // Local copies, so that the loop keeps them in registers.
    var bits = reader
    var state = cursor
    defer {
      reader = bits
      cursor = state
    }
    var lastGood = state.lastGoodIMCURow
    defer { state.lastGoodIMCURow = lastGood }
    var endOfBandRun = state.endOfBandRun
    defer { state.endOfBandRun = endOfBandRun }
    var restartsToGo = state.restartsToGo
    defer { state.restartsToGo = restartsToGo }
    for mcuRow in rows {
      let iMCURow = mcuRow / geometry.iMCURowDivisor
      for mcuColumn in 0..<geometry.mcusPerRow {
        if !bits.insufficientData { lastGood = iMCURow }
        if restartInterval > 0 {
          if restartsToGo == 0 {
            if bits.processRestart(expected: &state.nextRestart) { state.damaged = true }
            predictions.update(repeating: 0, count: 4)
            endOfBandRun = 0
            restartsToGo = restartInterval
          }
          restartsToGo -= 1
        }
        if bits.insufficientData {
          // Nothing more can be decoded unless a restart marker may still be reached.
          if restartInterval == 0 || bits.isStuckAtNonRestartMarker {
            state.finished = true
            return nil
          }
          continue
        }
        if let failure = decodeMCU(&bits, mcuRow &- firstStoredRow, mcuColumn, &endOfBandRun) {
          return failure
        }
        bits.noteInsufficientData()
      }
    }
    return nil
  }

  /// One MCU of a sequential scan: per block, the DC difference added to the component's
  /// prediction, then the AC coefficients.
  @inline(__always)
  private static func decodeSequentialMCU(
    _ bits: inout JPEGBitReader, _ blocks: JPEGMCUBlocks, row: Int, column: Int,
    order: UnsafePointer<Int32>, predictions: UnsafeMutablePointer<Int32>
  ) {
    for slot in 0..<blocks.count {
      guard let dc = blocks.dcTable(slot), let ac = blocks.acTable(slot) else { continue }
      let block = blocks.block(slot, row: row, column: column)
      let component = blocks.component(slot)
      predictions[component] = predictions[component] &+ decodeDCDifference(&bits, dc)
      block[0] = Int16(truncatingIfNeeded: predictions[component])
      decodeSequentialAC(&bits, ac, block, order)
    }
  }

  /// One MCU of a DC first scan (jdphuff.c `decode_mcu_DC_first`): per block, the DC
  /// prediction scaled by 2^`shift`; nil, or why the data is invalid.
  @inline(__always)
  private static func decodeDCFirstMCU(
    _ bits: inout JPEGBitReader, _ blocks: JPEGMCUBlocks, row: Int, column: Int,
    predictions: UnsafeMutablePointer<Int32>, shift: Int
  ) -> String? {
    for slot in 0..<blocks.count {
      guard let dc = blocks.dcTable(slot) else { continue }
      let component = blocks.component(slot)
      let difference = decodeDCDifference(&bits, dc)
      let (sum, overflow) = predictions[component].addingReportingOverflow(difference)
      if overflow { return "a DC coefficient overflows in a progressive scan" }
      predictions[component] = sum
      blocks.block(slot, row: row, column: column)[0] = Int16(
        truncatingIfNeeded: sum &<< Int32(shift))
    }
    return nil
  }

  /// A DC difference: a magnitude category, then that many bits (F.2.2.1).
  @inline(__always)
  static func decodeDCDifference(_ bits: inout JPEGBitReader, _ table: UnsafeRawPointer) -> Int32 {
    bits.ensure()
    let fast = bits.peekFast(table)
    if fast != 0 {
      bits.consume(Int(truncatingIfNeeded: fast & 0xFF))
      return fast >> 16
    }
    let size = bits.decode(table)
    return size == 0 ? 0 : bits.receiveExtend(size)
  }

  /// The 63 AC coefficients of a sequential block (F.2.2.2); only nonzero ones are stored.
  @inline(__always)
  static func decodeSequentialAC(
    _ bits: inout JPEGBitReader, _ table: UnsafeRawPointer, _ block: UnsafeMutablePointer<Int16>,
    _ order: UnsafePointer<Int32>
  ) {
    var k = 1
    while k < 64 {
      bits.ensure()
      let fast = bits.peekFast(table)
      if fast != 0 {
        k &+= Int(truncatingIfNeeded: fast >> 8) & 15
        bits.consume(Int(truncatingIfNeeded: fast & 0xFF))
        block[Int(order[k])] = Int16(truncatingIfNeeded: fast >> 16)
        k &+= 1
        continue
      }
      let symbol = bits.decode(table)
      let run = symbol >> 4
      let size = symbol & 15
      if size != 0 {
        k &+= run
        block[Int(order[k])] = Int16(truncatingIfNeeded: bits.receiveExtend(size))
      } else {
        if run != 15 { break }
        k &+= 15
      }
      k &+= 1
    }
  }
}
