/// libjpeg's progressive block smoothing (jdcoefct.c `smoothing_ok` / `decompress_smooth_data`,
/// libjpeg-turbo 3.x, on by default): when a progressive file's low-frequency AC coefficients are
/// not known to full precision (scans missing or successive approximation unfinished), each block
/// still zero in AC01, AC10, AC20, AC11, AC02 (and, when no AC data at all arrived, AC03, AC12,
/// AC21, AC30 and the DC itself) gets an estimate from the DC values of the 5 × 5 surrounding
/// blocks before the inverse DCT.
///
/// Shared by ``JPEGPixelPipeline`` and ``JPEGPixelPipelineReference`` (scalar, per block).
struct JPEGBlockSmoothing: Sendable {
  /// Per component: `coef_bits` entries 0...9 after the last scan (latched).
  var bits: [[Int]]
  /// Per component: the previous `coef_bits` entries 1...9 (index 0 unused), used for iMCU
  /// rows after `lastGoodIMCURow`.
  var previousBits: [[Int]]
  var lastGoodIMCURow: Int
  /// total_iMCU_rows: ceil(image height / (8 × Vmax)).
  var iMCURows: Int

  /// Natural-order positions of zigzag coefficients 0...9.
  static let positions = [0, 1, 8, 16, 9, 2, 3, 10, 17, 24]

  /// The smoothing state for `frame`, or nil when libjpeg would not smooth it (not progressive,
  /// a zero quantizer among the first ten, a component's DC never coded, or every estimated
  /// coefficient already exact).
  init?(frame: JPEGFrame) {
    guard frame.isProgressive else { return nil }
    var useful = false
    var bits: [[Int]] = []
    var previous: [[Int]] = []
    for component in frame.components {
      guard component.quantizationTable.count == 64, component.coefficientBits.count >= 10,
        component.previousCoefficientBits.count >= 10
      else { return nil }
      for position in JPEGBlockSmoothing.positions where component.quantizationTable[position] == 0
      {
        return nil
      }
      guard component.coefficientBits[0] >= 0 else { return nil }
      var latch = [Int](repeating: 0, count: 10)
      var previousLatch = [Int](repeating: -1, count: 10)
      latch[0] = Int(component.coefficientBits[0])
      for k in 1..<10 {
        previousLatch[k] = frame.scanCount > 1 ? Int(component.previousCoefficientBits[k]) : -1
        latch[k] = Int(component.coefficientBits[k])
        if latch[k] != 0 { useful = true }
      }
      bits.append(latch)
      previous.append(previousLatch)
    }
    guard useful else { return nil }
    self.bits = bits
    self.previousBits = previous
    self.lastGoodIMCURow = frame.lastGoodIMCURow
    let maxV = frame.components.map(\.verticalSampling).max() ?? 1
    self.iMCURows = (frame.height + 8 * maxV - 1) / (8 * maxV)
  }

  /// Writes block (`blockRow`, `blockColumn`) of `component` (index `index`), smoothed, into
  /// `workspace` (64 coefficients, natural order). `blocksWide` / `blocksHigh` are libjpeg's
  /// `width_in_blocks` / `height_in_blocks`; the caller checked the plane holds the rows used
  /// (up to two block rows past the block, within `blocksPerColumn`).
  func smooth(
    component: JPEGComponentPlane, index: Int, blockRow: Int, blockColumn: Int, blocksWide: Int,
    blocksHigh: Int, coefficients: UnsafeBufferPointer<Int16>,
    into workspace: UnsafeMutablePointer<Int16>
  ) {
    let stride = component.blocksPerLine
    let start = (blockRow * stride + blockColumn) * 64
    for i in 0..<64 { workspace[i] = coefficients[start + i] }
    let maxRow = coefficients.count / 64 / max(stride, 1) - 1
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 30) { scratch in
      let dc = scratch.baseAddress!
      let rows = dc + 25
      neighbourRows(
        blockRow: blockRow, verticalSampling: component.verticalSampling, blocksHigh: blocksHigh,
        into: rows)
      // DC01...DC25 in libjpeg's numbering (dc[n − 1]): row offset (n − 1) / 5 − 2 (rows as
      // chosen above), column offset (n − 1) % 5 − 2, clamped to the row's blocks.
      for r in 0..<5 {
        let row = min(max(rows[r], 0), maxRow)
        for c in 0..<5 {
          let column = min(max(blockColumn + c - 2, 0), blocksWide - 1)
          dc[r * 5 + c] = Int(coefficients[(row * stride + column) * 64])
        }
      }
      let latch =
        blockRow / component.verticalSampling > lastGoodIMCURow
        ? previousBits[index] : bits[index]
      var changeDC = true
      for k in 1...9 where latch[k] != -1 { changeDC = false }
      let estimator = Estimator(
        latch: latch, quantization: component.quantizationTable, workspace: workspace)
      estimator.estimateLowFrequencies(dc, changeDC: changeDC)
      if changeDC { estimator.estimateWithoutAC(dc) }
    }
  }

  /// Writes to `rows[0...4]` the block rows libjpeg uses as the neighbours two above, one
  /// above, the block's own, one below and two below `blockRow` (with its iMCU-row
  /// bookkeeping, which repeats the edge rows of the image).
  private func neighbourRows(
    blockRow: Int, verticalSampling v: Int, blocksHigh: Int, into rows: UnsafeMutablePointer<Int>
  ) {
    let iMCURow = blockRow / v
    let rowInIMCU = blockRow % v
    var blockRows = v
    if iMCURow == iMCURows - 1 {
      blockRows = blocksHigh % v
      if blockRows == 0 { blockRows = v }
    }
    let imageBlockRow = iMCURow * blockRows + rowInIMCU
    let imageBlockRows = blockRows * iMCURows
    let previousRow = imageBlockRow > 0 ? blockRow - 1 : blockRow
    let previousPreviousRow = imageBlockRow > 1 ? blockRow - 2 : previousRow
    let nextRow = imageBlockRow < imageBlockRows - 1 ? blockRow + 1 : blockRow
    let nextNextRow = imageBlockRow < imageBlockRows - 2 ? blockRow + 2 : nextRow
    rows[0] = previousPreviousRow
    rows[1] = previousRow
    rows[2] = blockRow
    rows[3] = nextRow
    rows[4] = nextNextRow
  }

  /// Replaces the coefficients of one block that are still zero (and, without AC data, the
  /// DC) with jdcoefct.c's estimates from the DC values of the 5 × 5 neighbourhood.
  private struct Estimator {
    /// The `coef_bits` entries 0...9 that apply to the block.
    let latch: [Int]
    /// The component's quantization table, natural order.
    let quantization: [UInt16]
    /// The block's coefficients, natural order.
    let workspace: UnsafeMutablePointer<Int16>

    /// Sets coefficient `position` (zigzag index `bitsIndex`) to the estimate for the
    /// neighbourhood sum `sum`, unless its `coef_bits` is 0 or it is already nonzero.
    func estimate(_ bitsIndex: Int, _ position: Int, _ sum: Int) {
      let al = latch[bitsIndex]
      guard al != 0, workspace[position] == 0 else { return }
      let quant = Int(quantization[position])
      let num = Int(quantization[0]) * sum
      var pred = ((quant << 7) + abs(num)) / (quant << 8)
      if al > 0 && pred >= (1 << al) { pred = (1 << al) - 1 }
      workspace[position] = Int16(truncatingIfNeeded: num >= 0 ? pred : -pred)
    }

    /// AC01, AC10, AC20, AC11, AC02: libjpeg's 25-value formulas when `changeDC` (no AC
    /// data at all), else its 5- to 12-value ones. `dc` holds DC01...DC25.
    func estimateLowFrequencies(_ dc: UnsafeMutablePointer<Int>, changeDC: Bool) {
      func d(_ n: Int) -> Int { dc[n - 1] }
      estimate(
        1, 1,
        changeDC
          ? (-d(1) - d(2) + d(4) + d(5) - 3 * d(6) + 13 * d(7) - 13 * d(9) + 3 * d(10) - 3 * d(11)
            + 38 * d(12) - 38 * d(14) + 3 * d(15) - 3 * d(16) + 13 * d(17) - 13 * d(19) + 3 * d(20)
            - d(21) - d(22) + d(24) + d(25))
          : (-7 * d(11) + 50 * d(12) - 50 * d(14) + 7 * d(15)))
      estimate(
        2, 8,
        changeDC
          ? (-d(1) - 3 * d(2) - 3 * d(3) - 3 * d(4) - d(5) - d(6) + 13 * d(7) + 38 * d(8)
            + 13 * d(9) - d(10) + d(16) - 13 * d(17) - 38 * d(18) - 13 * d(19) + d(20) + d(21)
            + 3 * d(22) + 3 * d(23) + 3 * d(24) + d(25))
          : (-7 * d(3) + 50 * d(8) - 50 * d(18) + 7 * d(23)))
      estimate(
        3, 16,
        changeDC
          ? (d(3) + 2 * d(7) + 7 * d(8) + 2 * d(9) - 5 * d(12) - 14 * d(13) - 5 * d(14) + 2 * d(17)
            + 7 * d(18) + 2 * d(19) + d(23))
          : (-d(3) + 13 * d(8) - 24 * d(13) + 13 * d(18) - d(23)))
      estimate(
        4, 9,
        changeDC
          ? (-d(1) + d(5) + 9 * d(7) - 9 * d(9) - 9 * d(17) + 9 * d(19) + d(21) - d(25))
          : (d(10) + d(16) - 10 * d(17) + 10 * d(19) - d(2) - d(20) + d(22) - d(24) + d(4) - d(6)
            + 10 * d(7) - 10 * d(9)))
      estimate(
        5, 2,
        changeDC
          ? (2 * d(7) - 5 * d(8) + 2 * d(9) + d(11) + 7 * d(12) - 14 * d(13) + 7 * d(14) + d(15)
            + 2 * d(17) - 5 * d(18) + 2 * d(19))
          : (-d(11) + 13 * d(12) - 24 * d(13) + 13 * d(14) - d(15)))
    }

    /// AC03, AC12, AC21, AC30 and the DC, estimated only when no AC data arrived at all (the
    /// DC is then always replaced: `coef_bits[0]` ≥ 0 here).
    func estimateWithoutAC(_ dc: UnsafeMutablePointer<Int>) {
      func d(_ n: Int) -> Int { dc[n - 1] }
      estimate(6, 3, d(7) - d(9) + 2 * d(12) - 2 * d(14) + d(17) - d(19))  // AC03
      estimate(7, 10, d(7) - 3 * d(8) + d(9) - d(17) + 3 * d(18) - d(19))  // AC12
      estimate(8, 17, d(7) - d(9) - 3 * d(12) + 3 * d(14) + d(17) - d(19))  // AC21
      estimate(9, 24, d(7) + 2 * d(8) + d(9) - d(17) - 2 * d(18) - d(19))  // AC30
      let sum =
        -2 * d(1) - 6 * d(2) - 8 * d(3) - 6 * d(4) - 2 * d(5) - 6 * d(6) + 6 * d(7) + 42 * d(8)
        + 6 * d(9) - 6 * d(10) - 8 * d(11) + 42 * d(12) + 152 * d(13) + 42 * d(14) - 8 * d(15)
        - 6 * d(16) + 6 * d(17) + 42 * d(18) + 6 * d(19) - 6 * d(20) - 2 * d(21) - 6 * d(22)
        - 8 * d(23) - 6 * d(24) - 2 * d(25)
      let q00 = Int(quantization[0])
      let num = q00 * sum
      let pred = ((q00 << 7) + abs(num)) / (q00 << 8)
      workspace[0] = Int16(truncatingIfNeeded: num >= 0 ? pred : -pred)
    }
  }
}
