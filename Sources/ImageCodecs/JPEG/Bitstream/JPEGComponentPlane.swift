/// One component's quantized DCT coefficients, as the entropy decoder left them.
struct JPEGComponentPlane: Sendable {
  /// The component identifier from the SOF (Ci).
  var identifier: UInt8
  /// Horizontal sampling factor Hi, 1...4.
  var horizontalSampling: Int
  /// Vertical sampling factor Vi, 1...4.
  var verticalSampling: Int
  /// 64 entries in natural (row-major) order, latched when the component's first scan began
  /// (as libjpeg does). All zeros when the component was in no scan (its coefficients are then
  /// all zero too).
  var quantizationTable: [UInt16]
  /// Samples per row: ceil(image width × Hi / Hmax) (libjpeg `downsampled_width`).
  var width: Int
  /// Sample rows: ceil(image height × Vi / Vmax).
  var height: Int
  /// Blocks per row that carry image data: ceil(image width × Hi / (8·Hmax)) (libjpeg
  /// `width_in_blocks`).
  var widthInBlocks: Int
  /// Block rows that carry image data: ceil(image height × Vi / (8·Vmax)).
  var heightInBlocks: Int
  /// Blocks stored per row, padded to whole MCUs: ceil(W / (8·Hmax)) × Hi.
  var blocksPerLine: Int
  /// Block rows stored, padded to whole MCUs: ceil(H / (8·Vmax)) × Vi.
  var blocksPerColumn: Int
  /// `blocksPerLine × blocksPerColumn × 64` coefficients. Block (row r, column c) starts at
  /// `(r × blocksPerLine + c) × 64`; inside a block natural order, not dequantized.
  var coefficients: [Int16]
  /// libjpeg's `coef_bits` for this component after the last scan: for each of the 64
  /// coefficients (natural zigzag index k, 0 = DC) the successive-approximation bit position
  /// Al of the last scan that coded it, or -1 when no scan did. Sequential frames: all 0 once
  /// coded. The pixel stage's progressive block smoothing (jdcoefct.c) reads entries 0...9.
  var coefficientBits: [Int8]
  /// libjpeg's "previous" `coef_bits` (jdphuff.c start_pass): the values before the last scan
  /// that touched each entry (only entries min(Ss,1)...max(Se,9) of each scan are updated);
  /// -1 initially, 0 when that scan was the file's first. Used by block smoothing for iMCU rows
  /// after `JPEGFrame.lastGoodIMCURow`.
  var previousCoefficientBits: [Int8]

  /// Throws `.invalid` unless the plane (component `index`) holds the blocks of a `width` ×
  /// `height` sample plane and a whole quantization table (the pixel stage's check).
  func checkBlocks(index: Int, width: Int, height: Int) throws(DecodeError) {
    let (blockCount, overflow) = blocksPerLine.multipliedReportingOverflow(by: blocksPerColumn)
    guard blocksPerLine >= (width + 7) / 8, blocksPerColumn >= (height + 7) / 8, !overflow,
      blockCount <= coefficients.count / 64, quantizationTable.count == 64
    else {
      throw .invalid(
        format: .jpeg, offset: nil,
        reason:
          "component \(index) has \(blocksPerLine)×\(blocksPerColumn) blocks and \(coefficients.count) coefficients for a \(width)×\(height) plane"
      )
    }
  }

  /// Throws `.invalid` unless one iMCU row of the plane (component `index`, `Vi` block rows of
  /// `blocksPerLine` blocks, held outside the plane) covers a `width`-sample row and the
  /// quantization table is whole (the streamed render's check).
  func checkRowBlocks(index: Int, width: Int) throws(DecodeError) {
    guard blocksPerLine >= (width + 7) / 8, quantizationTable.count == 64 else {
      throw .invalid(
        format: .jpeg, offset: nil,
        reason: "component \(index) has \(blocksPerLine) blocks a row for a \(width)-sample row")
    }
  }
}
