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

  /// Decodes the scan's MCUs.
  ///
  /// - Parameters:
  ///   - planes: coefficient storage of each scan component, in scan order.
  ///   - blocksPerLine: the stored blocks per row of each scan component.
  ///   - horizontal, vertical: each scan component's blocks per MCU across / down (its
  ///     sampling factors in an interleaved scan; 1 and 1 in a single-component scan).
  ///   - iMCURowDivisor: MCU rows per iMCU row (Vi for a single-component scan, else 1).
  ///   - dcTables, acTables: per scan component, the tables its scan kind uses (others nil).
  ///   - lastGoodIMCURow: updated as libjpeg's `last_good_iMCU_row`.
  ///   - damaged: set when a restart marker was missing or out of order.
  /// - Returns: nil on success, or why the data is invalid (libjpeg's fatal `JERR_BAD_DCT_COEF`).
  static func decode(
    reader: inout JPEGBitReader, kind: Kind, planes: [UnsafeMutablePointer<Int16>],
    blocksPerLine: [Int],
    horizontal: [Int], vertical: [Int], mcusPerRow: Int, mcuRows: Int, iMCURowDivisor: Int,
    dcTables: [JPEGHuffmanTable?], acTables: [JPEGHuffmanTable?], spectralStart: Int,
    spectralEnd: Int,
    approximationLow: Int, restartInterval: Int, lastGoodIMCURow: inout Int, damaged: inout Bool
  ) -> String? {
    // The blocks of one MCU: component, base pointer at MCU (0, 0), steps per MCU row / column,
    // and the tables' storage, in flat buffers the hot loop reads without reference counting.
    var count = 0
    for component in 0..<planes.count { count += horizontal[component] * vertical[component] }
    let slots = UnsafeMutablePointer<Int>.allocate(capacity: 3 * count)
    let bases = UnsafeMutablePointer<UnsafeMutablePointer<Int16>>.allocate(capacity: count)
    let tables = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 2 * count)
    let natural = UnsafeMutablePointer<Int32>.allocate(capacity: naturalOrder.count)
    let predictions = UnsafeMutablePointer<Int32>.allocate(capacity: 4)
    defer {
      slots.deallocate()
      bases.deallocate()
      tables.deallocate()
      natural.deallocate()
      predictions.deallocate()
    }
    for (i, value) in naturalOrder.enumerated() { natural[i] = value }
    var slot = 0
    for component in 0..<planes.count {
      let stride = blocksPerLine[component] * 64
      for y in 0..<vertical[component] {
        for x in 0..<horizontal[component] {
          slots[3 * slot] = component
          slots[3 * slot + 1] = vertical[component] * stride
          slots[3 * slot + 2] = horizontal[component] * 64
          bases[slot] = planes[component] + y * stride + x * 64
          tables[2 * slot] = dcTables[component].map { UnsafeRawPointer($0.storage) }
          tables[2 * slot + 1] = acTables[component].map { UnsafeRawPointer($0.storage) }
          slot += 1
        }
      }
    }
    return withExtendedLifetime((dcTables, acTables)) {
      run(
        reader: &reader, kind: kind, blockCount: count, slots: slots, bases: bases, tables: tables,
        order: natural,
        predictions: predictions, mcusPerRow: mcusPerRow, mcuRows: mcuRows,
        iMCURowDivisor: iMCURowDivisor,
        spectralStart: spectralStart, spectralEnd: spectralEnd, approximationLow: approximationLow,
        restartInterval: restartInterval, lastGoodIMCURow: &lastGoodIMCURow, damaged: &damaged)
    }
  }

  /// The MCU loop over flat buffers (see `decode`).
  private static func run(
    reader: inout JPEGBitReader, kind: Kind, blockCount: Int, slots: UnsafeMutablePointer<Int>,
    bases: UnsafeMutablePointer<UnsafeMutablePointer<Int16>>,
    tables: UnsafeMutablePointer<UnsafeRawPointer?>,
    order: UnsafePointer<Int32>, predictions: UnsafeMutablePointer<Int32>, mcusPerRow: Int,
    mcuRows: Int,
    iMCURowDivisor: Int, spectralStart: Int, spectralEnd: Int, approximationLow: Int,
    restartInterval: Int,
    lastGoodIMCURow: inout Int, damaged: inout Bool
  ) -> String? {
    var bits = reader
    defer { reader = bits }
    predictions.initialize(repeating: 0, count: 4)
    var endOfBandRun = 0
    var restartsToGo = restartInterval
    var nextRestart = 0
    var lastGood = lastGoodIMCURow
    defer { lastGoodIMCURow = lastGood }
    for mcuRow in 0..<mcuRows {
      let iMCURow = mcuRow / iMCURowDivisor
      for mcuColumn in 0..<mcusPerRow {
        if !bits.insufficientData { lastGood = iMCURow }
        if restartInterval > 0 {
          if restartsToGo == 0 {
            if bits.processRestart(expected: &nextRestart) { damaged = true }
            predictions.update(repeating: 0, count: 4)
            endOfBandRun = 0
            restartsToGo = restartInterval
          }
          restartsToGo -= 1
        }
        if bits.insufficientData {
          // Nothing more can be decoded unless a restart marker may still be reached.
          if restartInterval == 0 || bits.isStuckAtNonRestartMarker { return nil }
          continue
        }
        switch kind {
        case .sequential:
          for slot in 0..<blockCount {
            let block =
              bases[slot] + mcuRow &* slots[3 * slot + 1] + mcuColumn &* slots[3 * slot + 2]
            let component = slots[3 * slot]
            guard let dc = tables[2 * slot], let ac = tables[2 * slot + 1] else { continue }
            predictions[component] = predictions[component] &+ decodeDCDifference(&bits, dc)
            block[0] = Int16(truncatingIfNeeded: predictions[component])
            decodeSequentialAC(&bits, ac, block, order)
          }
        case .dcFirst:
          for slot in 0..<blockCount {
            let block =
              bases[slot] + mcuRow &* slots[3 * slot + 1] + mcuColumn &* slots[3 * slot + 2]
            let component = slots[3 * slot]
            guard let dc = tables[2 * slot] else { continue }
            let difference = decodeDCDifference(&bits, dc)
            let (sum, overflow) = predictions[component].addingReportingOverflow(difference)
            if overflow { return "a DC coefficient overflows in a progressive scan" }
            predictions[component] = sum
            block[0] = Int16(truncatingIfNeeded: sum &<< Int32(approximationLow))
          }
        case .dcRefine:
          let bit = Int16(truncatingIfNeeded: 1 << approximationLow)
          for slot in 0..<blockCount {
            let block =
              bases[slot] + mcuRow &* slots[3 * slot + 1] + mcuColumn &* slots[3 * slot + 2]
            bits.ensure()
            if bits.bit() { block[0] |= bit }
          }
        case .acFirst:
          let block = bases[0] + mcuRow &* slots[1] + mcuColumn &* slots[2]
          guard let ac = tables[1] else { break }
          decodeACFirst(
            &bits, ac, block, order, start: spectralStart, end: spectralEnd,
            shift: approximationLow,
            endOfBandRun: &endOfBandRun)
        case .acRefine:
          let block = bases[0] + mcuRow &* slots[1] + mcuColumn &* slots[2]
          guard let ac = tables[1] else { break }
          decodeACRefine(
            &bits, ac, block, order, start: spectralStart, end: spectralEnd,
            shift: approximationLow,
            endOfBandRun: &endOfBandRun)
        }
        bits.noteInsufficientData()
      }
    }
    return nil
  }

  /// A DC difference: a magnitude category, then that many bits (F.2.2.1).
  @inline(__always)
  static func decodeDCDifference(_ bits: inout JPEGBitReader, _ table: UnsafeRawPointer) -> Int32 {
    bits.ensure()
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
      let fast = bits.peekFastAC(table)
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
