import Foundation
import Imaging
import OcellusTestSupport

/// Helpers shared by the pixel, YUV, resize and packing tests.
enum PixelTestSupport {
  /// A packed image with `padding` extra bytes at the end of each row (filled with 0xEE so a
  /// reader that strays into it shows), pixel bytes from `pixel(x, y, channel)`.
  static func packed(
    width: Int, height: Int, format: PixelFormat, padding: Int = 0,
    _ pixel: (Int, Int, Int) -> UInt8
  ) throws -> PixelImage {
    let bpp: Int
    switch format {
    case .rgba8, .bgra8: bpp = 4
    case .rgb8: bpp = 3
    default: bpp = 1
    }
    let stride = width * bpp + padding
    var bytes = [UInt8](repeating: 0xEE, count: stride * height)
    for y in 0..<height {
      for x in 0..<width {
        for c in 0..<bpp { bytes[y * stride + x * bpp + c] = pixel(x, y, c) }
      }
    }
    return try PixelImage(
      width: width, height: height, format: format,
      planes: [ImagePlane(bytes: bytes, bytesPerRow: stride)])
  }

  /// A YUV 4:2:0 image from full-size Y and half-size Cb, Cr functions, with `padding`
  /// bytes after each row of every plane.
  static func yuv(
    width: Int, height: Int, format: PixelFormat, padding: Int = 0,
    y luma: (Int, Int) -> UInt8, cb: (Int, Int) -> UInt8, cr: (Int, Int) -> UInt8
  ) throws -> PixelImage {
    let cw = (width + 1) / 2
    let ch = (height + 1) / 2
    let yStride = width + padding
    var yPlane = [UInt8](repeating: 0xEE, count: yStride * height)
    for y in 0..<height { for x in 0..<width { yPlane[y * yStride + x] = luma(x, y) } }
    switch format {
    case .i420:
      let cStride = cw + padding
      var cbPlane = [UInt8](repeating: 0xEE, count: cStride * ch)
      var crPlane = [UInt8](repeating: 0xEE, count: cStride * ch)
      for y in 0..<ch {
        for x in 0..<cw {
          cbPlane[y * cStride + x] = cb(x, y)
          crPlane[y * cStride + x] = cr(x, y)
        }
      }
      return try PixelImage(
        width: width, height: height, format: format,
        planes: [
          ImagePlane(bytes: yPlane, bytesPerRow: yStride),
          ImagePlane(bytes: cbPlane, bytesPerRow: cStride),
          ImagePlane(bytes: crPlane, bytesPerRow: cStride),
        ])
    default:
      let nv21: Bool
      if case .nv21 = format { nv21 = true } else { nv21 = false }
      let cStride = cw * 2 + padding
      var cPlane = [UInt8](repeating: 0xEE, count: cStride * ch)
      for y in 0..<ch {
        for x in 0..<cw {
          cPlane[y * cStride + 2 * x + (nv21 ? 1 : 0)] = cb(x, y)
          cPlane[y * cStride + 2 * x + (nv21 ? 0 : 1)] = cr(x, y)
        }
      }
      return try PixelImage(
        width: width, height: height, format: format,
        planes: [
          ImagePlane(bytes: yPlane, bytesPerRow: yStride),
          ImagePlane(bytes: cPlane, bytesPerRow: cStride),
        ])
    }
  }

  /// YUV → RGB in double precision, independently of the library: the textbook equations
  /// from Kr, Kb, rounded half up and clamped.
  static func referenceRGB(y: Int, cb: Int, cr: Int, space: YUVColorSpace) -> [UInt8] {
    let (kr, kb) = space.matrix == .bt601 ? (0.299, 0.114) : (0.2126, 0.0722)
    let kg = 1 - kr - kb
    let video = space.range == .video
    let yy = video ? Double(y - 16) * 255 / 219 : Double(y)
    let u = video ? Double(cb - 128) * 255 / 224 : Double(cb - 128)
    let v = video ? Double(cr - 128) * 255 / 224 : Double(cr - 128)
    let r = yy + 2 * (1 - kr) * v
    let g = yy - 2 * kb * (1 - kb) / kg * u - 2 * kr * (1 - kr) / kg * v
    let b = yy + 2 * (1 - kb) * u
    return [r, g, b].map { UInt8(max(0, min(255, ($0 + 0.5).rounded(.down)))) }
  }

  /// The four color spaces.
  static let spaces: [YUVColorSpace] = [
    YUVColorSpace(matrix: .bt601, range: .video), YUVColorSpace(matrix: .bt601, range: .full),
    YUVColorSpace(matrix: .bt709, range: .video), YUVColorSpace(matrix: .bt709, range: .full),
  ]

  /// A NumPy `.npy` array: its dtype string, shape and raw little-endian data.
  struct NumPyArray {
    var dtype: String
    var shape: [Int]
    var data: [UInt8]

    var floats: [Float] {
      stride(from: 0, to: data.count - 3, by: 4).map { i in
        Float(
          bitPattern: UInt32(data[i]) | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2]) << 16
            | UInt32(data[i + 3]) << 24)
      }
    }
  }

  /// Reads a version 1/2/3 `.npy` file (C order assumed).
  static func readNumPy(_ bytes: [UInt8]) throws -> NumPyArray {
    struct BadNumPy: Error {}
    guard bytes.count > 10, bytes[0] == 0x93, Array(bytes[1...5]) == Array("NUMPY".utf8) else {
      throw BadNumPy()
    }
    let major = bytes[6]
    let headerLength: Int
    let start: Int
    if major == 1 {
      headerLength = Int(bytes[8]) | Int(bytes[9]) << 8
      start = 10
    } else {
      headerLength =
        Int(bytes[8]) | Int(bytes[9]) << 8 | Int(bytes[10]) << 16 | Int(bytes[11]) << 24
      start = 12
    }
    guard bytes.count >= start + headerLength else { throw BadNumPy() }
    let header = String(decoding: bytes[start..<(start + headerLength)], as: UTF8.self)
    guard let descr = header.range(of: "'descr': '"),
      let descrEnd = header[descr.upperBound...].firstIndex(of: "'"),
      let shape = header.range(of: "'shape': ("),
      let shapeEnd = header[shape.upperBound...].firstIndex(of: ")")
    else { throw BadNumPy() }
    let dims = header[shape.upperBound..<shapeEnd].split(separator: ",").compactMap {
      Int($0.trimmingCharacters(in: .whitespaces))
    }
    return NumPyArray(
      dtype: String(header[descr.upperBound..<descrEnd]), shape: dims,
      data: Array(bytes[(start + headerLength)...]))
  }
}
