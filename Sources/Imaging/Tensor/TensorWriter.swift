/// Stores rows of pixels into a packed NHWC tensor through per-channel lookup tables (pixel
/// value → element bit pattern), so normalization costs one load per element.
struct TensorWriter {
  /// The tensor's first byte.
  let output: UnsafeMutableRawPointer
  /// `channels × 256` element bit patterns.
  let table: UnsafePointer<UInt32>
  /// 1 or 3.
  let channels: Int
  /// 1 or 4.
  let elementSize: Int

  /// Stores `count` pixels of `values` (R, G, B triples, or gray levels when `gray`) at pixel
  /// indices `start`, `start + step`, …; gray levels fill all three channels of an RGB
  /// tensor, RGB becomes gray (Pillow's luma weights) for a one-channel tensor.
  func writeRow(
    _ values: UnsafePointer<UInt8>, gray: Bool, count: Int, start: Int, step: Int
  ) {
    var index = start
    switch (channels, elementSize, gray) {
    case (3, 1, false):
      let out = output.assumingMemoryBound(to: UInt8.self)
      for x in 0..<count {
        out[3 * index] = UInt8(truncatingIfNeeded: table[Int(values[3 * x])])
        out[3 * index + 1] = UInt8(truncatingIfNeeded: table[256 + Int(values[3 * x + 1])])
        out[3 * index + 2] = UInt8(truncatingIfNeeded: table[512 + Int(values[3 * x + 2])])
        index += step
      }
    case (3, _, false):
      for x in 0..<count {
        store32(12 * index, table[Int(values[3 * x])])
        store32(12 * index + 4, table[256 + Int(values[3 * x + 1])])
        store32(12 * index + 8, table[512 + Int(values[3 * x + 2])])
        index += step
      }
    case (3, 1, true):
      let out = output.assumingMemoryBound(to: UInt8.self)
      for x in 0..<count {
        let v = Int(values[x])
        out[3 * index] = UInt8(truncatingIfNeeded: table[v])
        out[3 * index + 1] = UInt8(truncatingIfNeeded: table[256 + v])
        out[3 * index + 2] = UInt8(truncatingIfNeeded: table[512 + v])
        index += step
      }
    case (3, _, true):
      for x in 0..<count {
        let v = Int(values[x])
        store32(12 * index, table[v])
        store32(12 * index + 4, table[256 + v])
        store32(12 * index + 8, table[512 + v])
        index += step
      }
    default:
      for x in 0..<count {
        let level =
          gray
          ? values[x] : LumaWeights.gray(values[3 * x], values[3 * x + 1], values[3 * x + 2])
        if elementSize == 1 {
          output.storeBytes(
            of: UInt8(truncatingIfNeeded: table[Int(level)]), toByteOffset: index, as: UInt8.self)
        } else {
          store32(4 * index, table[Int(level)])
        }
        index += step
      }
    }
  }

  @inline(__always)
  private func store32(_ offset: Int, _ bits: UInt32) {
    output.storeBytes(of: bits.littleEndian, toByteOffset: offset, as: UInt32.self)
  }
}
