import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// RESIZE_BILINEAR on uint8 (TFLite's float reference kernel) and int8/int16 (its
/// `ResizeBilinearInteger`), bit for bit.
@Suite("Quantized bilinear resize")
struct QuantizedResizeTests {
  typealias R = QuantizedOpReference
  typealias T = SingleOpModel.Tensor
  static let bilinear: Int32 = 23

  /// mode: 0 plain, 1 align_corners, 2 half_pixel_centers.
  static func run(
    _ type: Int8, shape: [Int], size: [Int32], mode: Int, data: [UInt8], threads: Int = 1
  ) throws -> (bytes: [UInt8], shape: [Int]) {
    try R.runShaped(
      bilinear, (15, .table([2: .bool(mode == 1), 3: .bool(mode == 2)])),
      inputs: [
        T("x", type: type, shape: shape, quantization: R.q(0.5, 0)), .int32("size", [2], size),
      ],
      output: T("y", type: type, shape: [], quantization: R.q(0.5, 0)), data: [data],
      threads: threads)
  }

  /// reference_ops::ResizeBilinear<uint8_t> (float) and ResizeBilinearInteger, loop for loop.
  static func reference(_ type: Int8, shape: [Int], size: [Int32], mode: Int, values: [Int32])
    -> [Int32]
  {
    let (batches, height, width, depth) = (shape[0], shape[1], shape[2], shape[3])
    let (outHeight, outWidth) = (Int(size[0]), Int(size[1]))
    var output: [Int32] = []
    if type == R.uint8 {
      var heightScale = Float(height) / Float(outHeight)
      var widthScale = Float(width) / Float(outWidth)
      if mode == 1 && outHeight > 1 { heightScale = Float(height - 1) / Float(outHeight - 1) }
      if mode == 1 && outWidth > 1 { widthScale = Float(width - 1) / Float(outWidth - 1) }
      func interpolation(_ value: Int, _ scale: Float, _ size: Int) -> (Float, Int, Int) {
        let scaled: Float = mode == 2 ? (Float(value) + 0.5) * scale - 0.5 : Float(value) * scale
        return (scaled, max(Int(scaled.rounded(.down)), 0), min(Int(scaled.rounded(.up)), size - 1))
      }
      for b in 0..<batches {
        for y in 0..<outHeight {
          let (inY, y0, y1) = interpolation(y, heightScale, height)
          for x in 0..<outWidth {
            let (inX, x0, x1) = interpolation(x, widthScale, width)
            for c in 0..<depth {
              func at(_ yy: Int, _ xx: Int) -> Float {
                Float(values[((b * height + yy) * width + xx) * depth + c])
              }
              let term1: Float = at(y0, x0) * (1 - (inY - Float(y0))) * (1 - (inX - Float(x0)))
              let term2: Float = at(y1, x0) * (inY - Float(y0)) * (1 - (inX - Float(x0)))
              let term3: Float = at(y0, x1) * (1 - (inY - Float(y0))) * (inX - Float(x0))
              let term4: Float = at(y1, x1) * (inY - Float(y0)) * (inX - Float(x0))
              let total: Float = term1 + term2 + term3 + term4 + 0.5
              output.append(Int32(total))
            }
          }
        }
      }
      return output
    }
    var heightScale10 = ((1 << 10) * height + outHeight / 2) / outHeight
    var widthScale10 = ((1 << 10) * width + outWidth / 2) / outWidth
    if mode == 1 && outHeight > 1 {
      heightScale10 = ((1 << 10) * (height - 1) + (outHeight - 1) / 2) / (outHeight - 1)
    }
    if mode == 1 && outWidth > 1 {
      widthScale10 = ((1 << 10) * (width - 1) + (outWidth - 1) / 2) / (outWidth - 1)
    }
    func interpolation(_ value: Int, _ scale: Int, _ size: Int) -> (Int, Int, Int) {
      let scaled = mode == 2 ? value * scale + scale / 2 - (1 << 9) : value * scale
      return (
        scaled, max(scaled / (1 << 10), 0), min((scaled + (1 << 10) - 1) / (1 << 10), size - 1)
      )
    }
    for b in 0..<batches {
      for y in 0..<outHeight {
        let (inY, y0, y1) = interpolation(y, heightScale10, height)
        for x in 0..<outWidth {
          let (inX, x0, x1) = interpolation(x, widthScale10, width)
          for c in 0..<depth {
            func at(_ yy: Int, _ xx: Int) -> Int64 {
              Int64(values[((b * height + yy) * width + xx) * depth + c])
            }
            let ll =
              at(y0, x0) * Int64((1 << 10) - (inY - (1 << 10) * y0))
              * Int64((1 << 10) - (inX - (1 << 10) * x0))
            let lu =
              at(y1, x0) * Int64(inY - (1 << 10) * y0) * Int64((1 << 10) - (inX - (1 << 10) * x0))
            let rl =
              at(y0, x1) * Int64((1 << 10) - (inY - (1 << 10) * y0)) * Int64(inX - (1 << 10) * x0)
            let ru = at(y1, x1) * Int64(inY - (1 << 10) * y0) * Int64(inX - (1 << 10) * x0)
            let sum = ll + lu + rl + ru
            let round: Int64 = sum > 0 ? 1 << 19 : -(1 << 19)
            output.append(Int32(truncatingIfNeeded: (sum + round) / (1 << 20)))
          }
        }
      }
    }
    return output
  }

  @Test("matches LiteRT 2.3.0 BUILTIN_REF outputs for fixed cases")
  func liteRTGoldens() throws {
    let unsigned = try Self.run(
      R.uint8, shape: [1, 2, 2, 1], size: [3, 5], mode: 2, data: R.u8([0, 255, 100, 37]))
    #expect(unsigned.bytes == [0, 26, 128, 230, 255, 50, 60, 98, 136, 146, 100, 94, 69, 43, 37])
    #expect(unsigned.shape == [1, 3, 5, 1])
    let corners = try Self.run(
      R.int8, shape: [1, 2, 3, 1], size: [3, 4], mode: 1, data: R.i8([-128, 127, 0, 5, -5, 100]))
    #expect(corners.bytes == [128, 42, 85, 0, 194, 20, 57, 50, 5, 254, 30, 100])
    let halfPixel = try Self.run(
      R.int8, shape: [1, 2, 3, 1], size: [5, 2], mode: 2, data: R.i8([-128, 127, 0, 5, -5, 100]))
    #expect(halfPixel.bytes == [192, 32, 198, 36, 225, 53, 252, 70, 3, 74])
  }

  @Test("same-size resizes return the input; 2× align_corners midpoints are rounded means")
  func handChecked() throws {
    let data = R.u8([0, 255, 100, 37, 1, 2])
    for mode in 0...2 {
      #expect(
        try Self.run(R.uint8, shape: [1, 2, 3, 1], size: [2, 3], mode: mode, data: data).bytes
          == data)
      #expect(
        try Self.run(R.int8, shape: [1, 2, 3, 1], size: [2, 3], mode: mode, data: data).bytes
          == data)
    }
    // [10, 21] → 3 wide with align_corners: the midpoint 15.5 rounds half up (uint8: +0.5 and
    // truncate) and half away from zero (int8: ±2^19 at 2^20): 16; and −15.5 → −16.
    #expect(
      try Self.run(R.uint8, shape: [1, 1, 2, 1], size: [1, 3], mode: 1, data: R.u8([10, 21])).bytes
        == [10, 16, 21])
    #expect(
      R.decode(
        try Self.run(R.int8, shape: [1, 1, 2, 1], size: [1, 3], mode: 1, data: R.i8([-10, -21]))
          .bytes, R.int8) == [-10, -16, -21])
  }

  @Test("random shapes, sizes and modes match the reference loops on uint8, int8 and int16")
  func randomCases() throws {
    var rng = SplitMix64(seed: 0x2E51)
    for round in 0..<120 {
      let type = [R.uint8, R.int8, R.int16][round % 3]
      let shape = [
        Int.random(in: 1...2, using: &rng), Int.random(in: 1...6, using: &rng),
        Int.random(in: 1...6, using: &rng), Int.random(in: 1...21, using: &rng),
      ]
      let size = [Int32.random(in: 1...13, using: &rng), Int32.random(in: 1...13, using: &rng)]
      let mode = round % 3 == 0 ? 2 : Int.random(in: 0...2, using: &rng)
      let data = R.randomBytes(shape.reduce(1, *), type, &rng)
      let got = try Self.run(
        type, shape: shape, size: size, mode: mode, data: data, threads: 1 + round % 3)
      let expected = Self.reference(
        type, shape: shape, size: size, mode: mode, values: R.decode(data, type))
      #expect(got.shape == [shape[0], Int(size[0]), Int(size[1]), shape[3]])
      #expect(
        R.decode(got.bytes, type) == expected, "round \(round): \(shape) → \(size) mode \(mode)")
    }
  }

  @Test("both align_corners and half_pixel_centers, and int32 data, fail at load")
  func rejections() throws {
    let both = try R.loadError(
      Self.bilinear, (15, .table([2: .bool(true), 3: .bool(true)])),
      inputs: [
        T("x", type: R.int8, shape: [1, 2, 2, 1], quantization: R.q(1, 0)),
        .int32("size", [2], [3, 3]),
      ],
      output: T("y", type: R.int8, shape: [], quantization: R.q(1, 0)))
    #expect("\(both)".contains("align_corners"))
    let wide = try R.loadError(
      Self.bilinear, nil,
      inputs: [T("x", type: R.int32, shape: [1, 2, 2, 1]), .int32("size", [2], [3, 3])],
      output: T("y", type: R.int32, shape: []))
    #expect("\(wide)".contains("int32"))
  }
}
