import Inflate

/// Encodes 8-bit gray, RGB or RGBA pixels as a PNG file.
///
/// Each row gets the filter (None, Sub, Up, Average or Paeth) whose output has the smallest
/// sum of absolute values (bytes read as signed), the heuristic libpng recommends; the
/// filtered rows are compressed with `DeflateEncoder` into one zlib stream split over
/// `IDAT` chunks of up to 1 MiB. The file holds `IHDR`, `IDAT` and `IEND` only, not interlaced.
public enum PNGEncoder {
  /// The largest `IDAT` chunk written.
  private static let maxIDATLength = 1 << 20

  /// Encodes `pixels` (row-major, top row first, `width × layout.bytesPerPixel` bytes a row,
  /// no padding) as a PNG file.
  ///
  /// - Returns: the file's bytes, or an empty array when `width` or `height` is not in
  ///   1...2³¹−1 or `pixels.count` is not `width × height × layout.bytesPerPixel`.
  public static func encode(width: Int, height: Int, pixels: [UInt8], layout: Layout) -> [UInt8] {
    let channels = layout.bytesPerPixel
    guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else { return [] }
    let (rowBytes, rowOverflow) = width.multipliedReportingOverflow(by: channels)
    let (total, totalOverflow) = rowBytes.multipliedReportingOverflow(by: height)
    guard !rowOverflow, !totalOverflow, total == pixels.count else { return [] }
    let (filteredSize, filteredOverflow) = (rowBytes + 1).multipliedReportingOverflow(by: height)
    guard !filteredOverflow else { return [] }

    var filtered = [UInt8](repeating: 0, count: filteredSize)
    filtered.withUnsafeMutableBufferPointer { output in
      pixels.withUnsafeBufferPointer { input in
        guard let out = output.baseAddress, let source = input.baseAddress else { return }
        filterRows(source, out, rowBytes: rowBytes, height: height, stride: channels)
      }
    }
    let compressed = DeflateEncoder.zlib(filtered)

    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    file.reserveCapacity(compressed.count + 64 + 12 * (compressed.count / maxIDATLength + 1))
    var header: [UInt8] = []
    appendBigEndian(UInt32(width), to: &header)
    appendBigEndian(UInt32(height), to: &header)
    header += [8, layout.colorType, 0, 0, 0]
    appendChunk(type: "IHDR", data: header[...], to: &file)
    var offset = 0
    repeat {
      let end = min(compressed.count, offset + maxIDATLength)
      appendChunk(type: "IDAT", data: compressed[offset..<end], to: &file)
      offset = end
    } while offset < compressed.count
    appendChunk(type: "IEND", data: [][...], to: &file)
    return file
  }

  private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes += [
      UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
      UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
    ]
  }

  /// Appends a chunk: length, type, data, CRC-32 of type and data.
  private static func appendChunk(type: String, data: ArraySlice<UInt8>, to file: inout [UInt8]) {
    appendBigEndian(UInt32(data.count), to: &file)
    let start = file.count
    file += Array(type.utf8)
    file += data
    var crc = CRC32()
    crc.update(file[start...])
    appendBigEndian(crc.value, to: &file)
  }

  /// Writes each row as its filter-type byte and the filtered bytes, choosing per row the
  /// filter with the smallest sum of absolute (signed) values.
  private static func filterRows(
    _ source: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>, rowBytes: Int,
    height: Int, stride: Int
  ) {
    let zeros = [UInt8](repeating: 0, count: rowBytes)
    zeros.withUnsafeBufferPointer { zeroBuffer in
      guard let zero = zeroBuffer.baseAddress else { return }
      for row in 0..<height {
        let current = source + row * rowBytes
        let previous = row > 0 ? source + (row - 1) * rowBytes : zero
        let target = output + row * (rowBytes + 1)
        let scores = scoreFilters(current, previous, rowBytes, stride)
        var bestType = 0
        for type in 1..<5 where scores[type] < scores[bestType] { bestType = type }
        target[0] = UInt8(bestType)
        for index in 0..<rowBytes {
          let value = UInt8(
            truncatingIfNeeded: Int(current[index])
              - predictor(bestType, current, previous, index, stride))
          target[1 + index] = value
        }
      }
    }
  }

  /// The prediction of filter `type` for byte `index` of `row`.
  @inline(__always)
  private static func predictor(
    _ type: Int, _ row: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ index: Int,
    _ stride: Int
  ) -> Int {
    let a = index >= stride ? Int(row[index - stride]) : 0
    let b = Int(previous[index])
    switch type {
    case 0: return 0
    case 1: return a
    case 2: return b
    case 3: return (a + b) >> 1
    default:
      let c = index >= stride ? Int(previous[index - stride]) : 0
      return PNGFilter.paethPredictor(a, b, c)
    }
  }

  /// The sums of absolute values (bytes read as signed) of the row filtered with each of the
  /// five filters, in one pass over the row.
  private static func scoreFilters(
    _ row: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int, _ stride: Int
  ) -> [Int] {
    var none = 0
    var sub = 0
    var up = 0
    var average = 0
    var paethScore = 0
    @inline(__always) func magnitude(_ residual: Int) -> Int {
      abs(Int(Int8(truncatingIfNeeded: residual)))
    }
    for index in 0..<count {
      let x = Int(row[index])
      let a = index >= stride ? Int(row[index - stride]) : 0
      let b = Int(previous[index])
      let c = index >= stride ? Int(previous[index - stride]) : 0
      none += magnitude(x)
      sub += magnitude(x - a)
      up += magnitude(x - b)
      average += magnitude(x - ((a + b) >> 1))
      paethScore += magnitude(x - PNGFilter.paethPredictor(a, b, c))
    }
    return [none, sub, up, average, paethScore]
  }
}
