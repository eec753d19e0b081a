/// Turns unfiltered PNG rows (packed samples of any color type and bit depth) into RGBA.
///
/// 8-bit output keeps the high byte of 16-bit samples and scales 1/2/4-bit gray to 0...255
/// (×255, ×85, ×17); 16-bit output scales every sample exactly to 0...65535. Palette indices
/// past the end of `PLTE` give opaque black (as libpng and Pillow do). `tRNS` makes matching
/// gray or RGB samples (compared at full precision) or palette entries transparent; `sBIT`
/// is ignored.
struct PNGPixelConverter: Sendable {
  let colorType: PNGColorType
  let bitDepth: Int
  /// The 256 palette entries as RGBA8 packed little-endian (R in the low byte).
  let palette8: [UInt32]
  /// The 256 palette entries as RGBA16.
  let palette16: [SIMD4<UInt16>]
  /// The `tRNS` gray sample (raw value), or -1.
  let transparentGray: Int
  /// The `tRNS` RGB samples (raw values), or nil.
  let transparentRGB: SIMD3<Int32>?

  /// Creates a converter; `palette` holds `PLTE` as R, G, B triples, `transparency` the raw
  /// `tRNS` data (already checked against the color type by the caller, or empty).
  init(header: PNGHeader, palette: [UInt8], transparency: [UInt8]) {
    colorType = header.colorType
    bitDepth = header.bitDepth
    var palette8 = [UInt32](repeating: 0xFF00_0000, count: 256)
    var palette16 = [SIMD4<UInt16>](repeating: SIMD4(0, 0, 0, 0xFFFF), count: 256)
    if header.colorType == .palette {
      for index in 0..<min(256, palette.count / 3) {
        let red = palette[3 * index]
        let green = palette[3 * index + 1]
        let blue = palette[3 * index + 2]
        let alpha = index < transparency.count ? transparency[index] : 255
        palette8[index] =
          UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
        palette16[index] =
          SIMD4<UInt16>(UInt16(red), UInt16(green), UInt16(blue), UInt16(alpha)) &* 257
      }
    }
    self.palette8 = palette8
    self.palette16 = palette16
    if header.colorType == .gray, transparency.count >= 2 {
      transparentGray = Int(transparency[0]) << 8 | Int(transparency[1])
    } else {
      transparentGray = -1
    }
    if header.colorType == .rgb, transparency.count >= 6 {
      transparentRGB = SIMD3<Int32>(
        Int32(transparency[0]) << 8 | Int32(transparency[1]),
        Int32(transparency[2]) << 8 | Int32(transparency[3]),
        Int32(transparency[4]) << 8 | Int32(transparency[5]))
    } else {
      transparentRGB = nil
    }
  }

  /// The raw sample number `index` (counting samples, not pixels) of `row`.
  @inline(__always)
  private func sample(_ row: UnsafePointer<UInt8>, _ index: Int) -> Int {
    switch bitDepth {
    case 8:
      return Int(row[index])
    case 16:
      return Int(row[2 * index]) << 8 | Int(row[2 * index + 1])
    default:
      let bit = index * bitDepth
      let shift = 8 - bitDepth - (bit & 7)
      return (Int(row[bit >> 3]) >> shift) & ((1 << bitDepth) - 1)
    }
  }

  /// Scales a raw sample to 16 bits exactly.
  @inline(__always)
  private func wide(_ value: Int) -> UInt16 {
    switch bitDepth {
    case 16: return UInt16(truncatingIfNeeded: value)
    case 8: return UInt16(truncatingIfNeeded: value &* 257)
    case 4: return UInt16(truncatingIfNeeded: value &* 0x1111)
    case 2: return UInt16(truncatingIfNeeded: value &* 0x5555)
    default: return UInt16(truncatingIfNeeded: value &* 0xFFFF)
    }
  }

  /// Pixel `index` of `row` as RGBA16 (the general, any-layout path).
  @inline(__always)
  private func pixel16(_ row: UnsafePointer<UInt8>, _ index: Int) -> SIMD4<UInt16> {
    switch colorType {
    case .gray:
      let value = sample(row, index)
      let gray = wide(value)
      return SIMD4(gray, gray, gray, value == transparentGray ? 0 : 0xFFFF)
    case .rgb:
      let red = sample(row, 3 * index)
      let green = sample(row, 3 * index + 1)
      let blue = sample(row, 3 * index + 2)
      var alpha: UInt16 = 0xFFFF
      if let key = transparentRGB, key == SIMD3(Int32(red), Int32(green), Int32(blue)) { alpha = 0 }
      return SIMD4(wide(red), wide(green), wide(blue), alpha)
    case .palette:
      return palette16[sample(row, index) & 0xFF]
    case .grayAlpha:
      let gray = wide(sample(row, 2 * index))
      return SIMD4(gray, gray, gray, wide(sample(row, 2 * index + 1)))
    case .rgba:
      return SIMD4(
        wide(sample(row, 4 * index)), wide(sample(row, 4 * index + 1)),
        wide(sample(row, 4 * index + 2)),
        wide(sample(row, 4 * index + 3)))
    }
  }

  /// Converts `count` pixels of `row` to RGBA16, writing pixel `i` at `output + 4 * (x0 + i * dx)`.
  func convert16(
    _ row: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt16>, x0: Int,
    dx: Int
  ) {
    for index in 0..<count {
      let pixel = pixel16(row, index)
      let target = output + 4 * (x0 + index * dx)
      target[0] = pixel[0]
      target[1] = pixel[1]
      target[2] = pixel[2]
      target[3] = pixel[3]
    }
  }

  /// Converts `count` pixels of `row` to RGBA8, writing pixel `i` at `output + 4 * (x0 + i * dx)`.
  ///
  /// `row` must be readable for 4 bytes past its last sample (the caller pads its row buffers).
  func convert8(
    _ row: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>, x0: Int,
    dx: Int
  ) {
    if dx == 1 && x0 == 0 {
      let raw = UnsafeRawPointer(row)
      let target = UnsafeMutableRawPointer(output)
      switch (colorType, bitDepth) {
      case (.rgb, 8) where transparentRGB == nil:
        for index in 0..<count {
          let word = raw.loadUnaligned(fromByteOffset: 3 * index, as: UInt32.self)
          target.storeBytes(
            of: (UInt32(littleEndian: word) | 0xFF00_0000).littleEndian, toByteOffset: 4 * index,
            as: UInt32.self)
        }
        return
      case (.rgba, 8):
        output.update(from: row, count: 4 * count)
        return
      case (.gray, 8) where transparentGray < 0:
        for index in 0..<count {
          let gray = UInt32(row[index])
          target.storeBytes(
            of: (gray &* 0x0001_0101 | 0xFF00_0000).littleEndian, toByteOffset: 4 * index,
            as: UInt32.self)
        }
        return
      case (.grayAlpha, 8):
        for index in 0..<count {
          let gray = UInt32(row[2 * index])
          let alpha = UInt32(row[2 * index + 1])
          target.storeBytes(
            of: (gray &* 0x0001_0101 | alpha << 24).littleEndian, toByteOffset: 4 * index,
            as: UInt32.self)
        }
        return
      case (.palette, 8):
        palette8.withUnsafeBufferPointer { lut in
          for index in 0..<count {
            target.storeBytes(
              of: lut[Int(row[index])].littleEndian, toByteOffset: 4 * index, as: UInt32.self)
          }
        }
        return
      default:
        break
      }
    }
    for index in 0..<count {
      let pixel = pixel16(row, index)
      let target = output + 4 * (x0 + index * dx)
      target[0] = UInt8(truncatingIfNeeded: pixel[0] &>> 8)
      target[1] = UInt8(truncatingIfNeeded: pixel[1] &>> 8)
      target[2] = UInt8(truncatingIfNeeded: pixel[2] &>> 8)
      target[3] = UInt8(truncatingIfNeeded: pixel[3] &>> 8)
    }
  }
}
