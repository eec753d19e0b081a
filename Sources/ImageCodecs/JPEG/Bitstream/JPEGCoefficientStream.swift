/// The coefficients of a single-scan sequential JPEG decoded one iMCU row at a time into a
/// buffer holding one iMCU row of every component, as libjpeg's one-pass coefficient
/// controller (jdcoefct.c without a whole-image buffer) feeds its IDCT: the memory is
/// O(width), not O(image), and is reused row after row while it is in cache.
///
/// Same coefficients as ``JPEGBitstreamDecoder/decode(_:limits:)`` stores for the same rows,
/// damaged and truncated data included. Rows must be decoded in order, each once.
final class JPEGCoefficientStream {
  /// The frame's facts; its planes' `coefficients` are empty (the rows are here).
  let frame: JPEGFrame
  /// The file (the bit reader's `data` is rebound to it for each row).
  private let bytes: [UInt8]
  /// The entropy decoder between rows.
  private var reader: JPEGBitReader
  private var cursor: JPEGScanCursor
  private let geometry: JPEGScanDecoder.Geometry
  private let restartInterval: Int
  /// Kept alive for `blocks`, which points into them.
  private let tables: (dc: [JPEGHuffmanTable?], ac: [JPEGHuffmanTable?])
  private let blocks: JPEGMCUBlocks
  private let order: UnsafeMutablePointer<Int32>
  private let predictions: UnsafeMutablePointer<Int32>
  /// One iMCU row of every frame component, one after the other.
  private let storage: UnsafeMutablePointer<Int16>
  /// Per frame component: where its row starts in `storage`.
  private let offsets: [Int]
  /// iMCU rows decoded so far.
  private(set) var decodedRows = 0

  /// A stream over the scan whose entropy-coded data starts at `position` in `bytes`, for the
  /// frame `frame` (from ``JPEGBitstreamDecoder``, planes sized but empty); `scanComponents`
  /// are the frame indexes of the scan's components in scan order, `geometry` and the tables
  /// the scan's (as the whole-frame decode would use them).
  init(
    bytes: [UInt8], position: Int, frame: JPEGFrame, scanComponents: [Int],
    geometry: JPEGScanDecoder.Geometry, dcTables: [JPEGHuffmanTable?],
    acTables: [JPEGHuffmanTable?], restartInterval: Int
  ) {
    self.frame = frame
    self.bytes = bytes
    self.geometry = geometry
    self.restartInterval = restartInterval
    tables = (dcTables, acTables)
    var offsets: [Int] = []
    var total = 0
    for plane in frame.components {
      offsets.append(total)
      total += plane.blocksPerLine * plane.verticalSampling * 64
    }
    self.offsets = offsets
    storage = .allocate(capacity: max(total, 1))
    storage.initialize(repeating: 0, count: max(total, 1))
    order = .allocate(capacity: JPEGScanDecoder.naturalOrder.count)
    order.initialize(from: JPEGScanDecoder.naturalOrder, count: JPEGScanDecoder.naturalOrder.count)
    predictions = .allocate(capacity: 4)
    predictions.initialize(repeating: 0, count: 4)
    blocks = JPEGMCUBlocks(
      planes: scanComponents.map { [storage] in storage + offsets[$0] }, geometry: geometry,
      dcTables: dcTables, acTables: acTables)
    cursor = JPEGScanCursor(restartInterval: restartInterval, lastGoodIMCURow: 0)
    reader = bytes.withUnsafeBufferPointer { buffer in
      JPEGBitReader(data: buffer.baseAddress!, count: buffer.count, position: position)
    }
  }

  deinit {
    blocks.deallocate()
    order.deallocate()
    predictions.deallocate()
    storage.deallocate()
  }

  /// The iMCU rows of the frame: ceil(height / (8·Vmax)).
  var iMCURows: Int {
    (geometry.mcuRows + geometry.iMCURowDivisor - 1) / geometry.iMCURowDivisor
  }

  /// True when the data ended early or was damaged in the rows decoded so far (see
  /// ``JPEGFrame/isIncomplete``).
  var isIncomplete: Bool { cursor.damaged || reader.insufficientData }

  /// The first coefficient of the current iMCU row of frame component `component`: its blocks
  /// in rows of `blocksPerLine`, natural order inside a block, not dequantized. The caller
  /// zeroes each block it reads once done with it (see ``decodeNextRow()``).
  func coefficients(component: Int) -> UnsafeMutablePointer<Int16> {
    storage + offsets[component]
  }

  /// Decodes the next iMCU row (the rows before it have been) into the row buffer, which
  /// then holds that row only. Only nonzero coefficients are written: every block the caller
  /// reads must be zero before (zeroed at allocation, and by the caller after reading it, as
  /// ``JPEGPixelPipeline`` does). Past the last row it does nothing.
  func decodeNextRow() {
    let row = decodedRows
    guard row < iMCURows else { return }
    decodedRows += 1
    let divisor = geometry.iMCURowDivisor
    let rows = (row * divisor)..<min((row + 1) * divisor, geometry.mcuRows)
    bytes.withUnsafeBufferPointer { buffer in
      var bits = reader
      bits.data = buffer.baseAddress!
      JPEGScanDecoder.decodeSequentialRows(
        reader: &bits, blocks: blocks, order: order, predictions: predictions,
        geometry: geometry, rows: rows, firstStoredRow: rows.lowerBound,
        restartInterval: restartInterval, cursor: &cursor)
      reader = bits
    }
  }

  /// The frame with `isIncomplete` as the rows decoded so far leave it.
  var decodedFrame: JPEGFrame {
    var result = frame
    result.isIncomplete = frame.isIncomplete || isIncomplete
    return result
  }
}
