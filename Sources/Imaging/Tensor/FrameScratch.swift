/// The working memory of one ``FramePacker`` run (freed with ``deallocate()``): filtered lines
/// (zero-padded past the span for the vector loads), the 8-bit Y, Cb and Cr of one output
/// row, and the tap row pointers of the vertical pass.
struct FrameScratch {
  /// Vertically filtered luma, chroma blue and chroma red lines (16-bit).
  let lumaLine, cbLine, crLine: UnsafeMutablePointer<Int16>
  /// Y, Cb and Cr of one output row, `padded` each (a multiple of 8).
  let samples: UnsafeMutablePointer<UInt8>
  let padded: Int
  /// Source row pointers of the vertical taps.
  let rows: UnsafeMutablePointer<UnsafePointer<UInt8>>

  /// Scratch for lines of `lumaCount` and `chromaCount` values, `outputs` samples per row and
  /// up to `taps` vertical taps; `anyRow` fills the row pointers.
  init(
    lumaCount: Int, chromaCount: Int, outputs: Int, taps: Int, anyRow: UnsafePointer<UInt8>
  ) {
    lumaLine = Self.zeroed(lumaCount)
    cbLine = Self.zeroed(chromaCount)
    crLine = Self.zeroed(chromaCount)
    padded = (outputs + 7) / 8 * 8
    samples = UnsafeMutablePointer<UInt8>.allocate(capacity: 3 * padded)
    samples.initialize(repeating: 0, count: 3 * padded)
    rows = UnsafeMutablePointer<UnsafePointer<UInt8>>.allocate(capacity: max(taps, 1))
    rows.initialize(repeating: anyRow, count: max(taps, 1))
  }

  /// Frees the memory; the scratch must not be used afterwards.
  func deallocate() {
    lumaLine.deallocate()
    cbLine.deallocate()
    crLine.deallocate()
    samples.deallocate()
    rows.deallocate()
  }

  /// The Y samples of the row; Cb and Cr follow at ``padded`` and `2 × padded`.
  var ys: UnsafeMutablePointer<UInt8> { samples }
  var cbs: UnsafeMutablePointer<UInt8> { samples + padded }
  var crs: UnsafeMutablePointer<UInt8> { samples + 2 * padded }

  private static func zeroed(_ count: Int) -> UnsafeMutablePointer<Int16> {
    let line = UnsafeMutablePointer<Int16>.allocate(capacity: count)
    line.initialize(repeating: 0, count: count)
    return line
  }
}
