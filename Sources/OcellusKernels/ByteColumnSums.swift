/// Column sums of a matrix of bytes: `sums[c] &+= Σ_r input[r · rowStride + c]` for
/// `c < columns`, `r < rows`, the bytes read as `Int8` or `UInt8`, wrapping in 32 bits (as
/// TFLite's 8-bit MEAN and SUM accumulate): a global average pool's sums over the pixels.
///
/// Sixteen columns at a time keep their sums in one register across every row, so each byte
/// is read once and each sum written once.
public enum ByteColumnSums {
  /// Adds the column sums of `rows` rows of `columns` bytes (row `r` at `input + r · rowStride`)
  /// to `sums`.
  @inline(never)
  public static func run(
    _ input: UnsafePointer<UInt8>, rows: Int, columns: Int, rowStride: Int, signed: Bool,
    into sums: UnsafeMutablePointer<Int32>
  ) {
    guard rows > 0, columns > 0 else { return }
    if signed {
      add(input, rows, columns, rowStride, sums, as: Int8.self)
    } else {
      add(input, rows, columns, rowStride, sums, as: UInt8.self)
    }
  }

  /// ``run(_:rows:columns:rowStride:signed:into:)`` reading the bytes as `Byte`.
  @inline(__always)
  static func add<Byte: FixedWidthInteger & SIMDScalar>(
    _ input: UnsafePointer<UInt8>, _ rows: Int, _ columns: Int, _ rowStride: Int,
    _ sums: UnsafeMutablePointer<Int32>, as _: Byte.Type
  ) {
    let raw = UnsafeRawPointer(input)
    var column = 0
    while column &+ 16 <= columns {
      var total = loadInt32x16(sums + column)
      var offset = column
      for _ in 0..<rows {
        let bytes = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<Byte>.self)
        var values = SIMD16<Int32>()
        for lane in 0..<16 { values[lane] = Int32(truncatingIfNeeded: bytes[lane]) }
        total &+= values
        offset &+= rowStride
      }
      UnsafeMutableRawPointer(sums + column).storeBytes(of: total, as: SIMD16<Int32>.self)
      column &+= 16
    }
    while column < columns {
      var total = sums[column]
      var offset = column
      for _ in 0..<rows {
        total &+= Int32(truncatingIfNeeded: raw.load(fromByteOffset: offset, as: Byte.self))
        offset &+= rowStride
      }
      sums[column] = total
      column &+= 1
    }
  }
}
