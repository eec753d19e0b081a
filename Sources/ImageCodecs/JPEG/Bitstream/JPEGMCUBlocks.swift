/// The blocks of one MCU of a scan, in flat buffers the hot loop reads without reference
/// counting: for each block its scan component, its coefficients at MCU (0, 0), its steps per
/// MCU row and column (in coefficients), and its Huffman tables' storage. Owns the buffers
/// until ``deallocate()``.
struct JPEGMCUBlocks {
  /// Blocks per MCU.
  let count: Int
  /// Per block: scan component, step per MCU row, step per MCU column.
  private let slots: UnsafeMutablePointer<Int>
  /// Per block: its coefficients in MCU (0, 0).
  private let bases: UnsafeMutablePointer<UnsafeMutablePointer<Int16>>
  /// Per block: the DC table's storage, then the AC table's (nil when the scan reads none).
  private let tables: UnsafeMutablePointer<UnsafeRawPointer?>

  /// Lays out the blocks of an MCU of `geometry`, whose scan components have their
  /// coefficients at `planes` and use `dcTables` / `acTables` (which must outlive this value).
  init(
    planes: [UnsafeMutablePointer<Int16>], geometry: JPEGScanDecoder.Geometry,
    dcTables: [JPEGHuffmanTable?], acTables: [JPEGHuffmanTable?]
  ) {
    count = geometry.blocksPerMCU
    slots = .allocate(capacity: 3 * count)
    bases = .allocate(capacity: count)
    tables = .allocate(capacity: 2 * count)
    var slot = 0
    for component in 0..<planes.count {
      let stride = geometry.blocksPerLine[component] * 64
      for y in 0..<geometry.vertical[component] {
        for x in 0..<geometry.horizontal[component] {
          slots[3 * slot] = component
          slots[3 * slot + 1] = geometry.vertical[component] * stride
          slots[3 * slot + 2] = geometry.horizontal[component] * 64
          bases[slot] = planes[component] + y * stride + x * 64
          tables[2 * slot] = dcTables[component].map { UnsafeRawPointer($0.storage) }
          tables[2 * slot + 1] = acTables[component].map { UnsafeRawPointer($0.storage) }
          slot += 1
        }
      }
    }
  }

  /// Frees the buffers.
  func deallocate() {
    slots.deallocate()
    bases.deallocate()
    tables.deallocate()
  }

  /// The coefficients of block `slot` of the MCU in MCU row `row`, column `column`.
  @inline(__always)
  func block(_ slot: Int, row: Int, column: Int) -> UnsafeMutablePointer<Int16> {
    bases[slot] + row &* slots[3 &* slot &+ 1] + column &* slots[3 &* slot &+ 2]
  }

  /// The scan component of block `slot`.
  @inline(__always)
  func component(_ slot: Int) -> Int { slots[3 &* slot] }

  /// The DC table storage of block `slot`, nil when the scan reads none.
  @inline(__always)
  func dcTable(_ slot: Int) -> UnsafeRawPointer? { tables[2 &* slot] }

  /// The AC table storage of block `slot`, nil when the scan reads none.
  @inline(__always)
  func acTable(_ slot: Int) -> UnsafeRawPointer? { tables[2 &* slot &+ 1] }
}
