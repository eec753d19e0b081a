import Foundation
import ImageCodecs
import Imaging
import OcellusTestSupport
import Testing

/// The fast camera-frame path, `TensorPacker.packFrame`: against its scalar reference (same
/// math), against the Pillow-exact `pack` on smooth pictures, and its fallbacks and errors.
@Suite("Camera-frame tensor packing")
struct FramePackingTests {
  /// A small deterministic generator (64-bit LCG, high bits).
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  }

  /// A YUV frame of random bytes (every plane, padding included).
  static func randomFrame(
    width: Int, height: Int, format: PixelFormat, padding: Int, seed: UInt64
  ) throws -> PixelImage {
    var g = Generator(state: seed)
    var y = [UInt8](repeating: 0, count: width * height)
    let cw = (width + 1) / 2
    let ch = (height + 1) / 2
    var cb = [UInt8](repeating: 0, count: cw * ch)
    var cr = [UInt8](repeating: 0, count: cw * ch)
    for i in y.indices { y[i] = g.byte() }
    for i in cb.indices {
      cb[i] = g.byte()
      cr[i] = g.byte()
    }
    return try PixelTestSupport.yuv(
      width: width, height: height, format: format, padding: padding,
      y: { x, r in y[r * width + x] }, cb: { x, r in cb[r * cw + x] },
      cr: { x, r in cr[r * cw + x] })
  }

  static let orientations: [ImageOrientation] = [
    .up, .upMirrored, .down, .downMirrored, .left, .leftMirrored, .right, .rightMirrored,
  ]

  /// The largest difference between two packed tensors: in steps for 8-bit elements, relative
  /// to max(1, |value|) for float32.
  static func maxDifference(_ a: [UInt8], _ b: [UInt8], type: TensorElementType) -> Double {
    guard a.count == b.count else { return .infinity }
    var worst = 0.0
    switch type {
    case .uint8:
      for i in a.indices { worst = max(worst, Double(abs(Int(a[i]) - Int(b[i])))) }
    case .int8:
      for i in a.indices {
        worst = max(worst, Double(abs(Int(Int8(bitPattern: a[i])) - Int(Int8(bitPattern: b[i])))))
      }
    case .float32:
      let x = floats(a)
      let y = floats(b)
      for i in x.indices {
        worst = max(worst, Double(abs(x[i] - y[i])) / max(1, Double(abs(y[i]))))
      }
    }
    return worst
  }

  static func floats(_ bytes: [UInt8]) -> [Float] {
    stride(from: 0, to: bytes.count - 3, by: 4).map { i in
      Float(
        bitPattern: UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16
          | UInt32(bytes[i + 3]) << 24)
    }
  }

  static func meanAbsoluteDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
    guard a.count == b.count, !a.isEmpty else { return .infinity }
    var total = 0
    for i in a.indices { total += abs(Int(a[i]) - Int(b[i])) }
    return Double(total) / Double(a.count)
  }

  // MARK: - Fast path against the scalar reference

  @Test(
    "packFrame equals packFrameReference: odd sizes, padded strides, 8 orientations, NV12/NV21/I420, crops, fits"
  )
  func fastMatchesReference() throws {
    let formats: [PixelFormat] = [
      .nv12(YUVColorSpace(matrix: .bt709, range: .video)),
      .nv21(YUVColorSpace(matrix: .bt601, range: .full)),
      .i420(YUVColorSpace(matrix: .bt601, range: .video)),
    ]
    let sizes = [(37, 29), (64, 33), (13, 70), (1, 1), (150, 91)]
    let fits: [ImageFit] = [.stretch, .aspectFill, .aspectFit]
    let filters: [ResamplingFilter] = [.area, .bilinear, .bilinearSampling]
    var cases = 0
    var g = Generator(state: 7)
    for (s, (width, height)) in sizes.enumerated() {
      for (f, format) in formats.enumerated() {
        let frame = try Self.randomFrame(
          width: width, height: height, format: format, padding: (s + f) % 3 * 5,
          seed: UInt64(100 * s + f))
        for (o, orientation) in Self.orientations.enumerated() {
          let (dw, dh) =
            [.left, .right, .leftMirrored, .rightMirrored].contains(orientation)
            ? (height, width) : (width, height)
          let fit = fits[(o + s) % 3]
          let filter = filters[(o + f) % 3]
          // Output sizes that shrink and enlarge, odd and even.
          let outW = [7, 24, 31, 3][(o + f) % 4]
          let outH = [9, 16, 5, 40][(o + s) % 4]
          var crop: TensorCrop? = nil
          if o % 2 == 1 && dw > 2 && dh > 2 {
            let x = g.below(dw / 2)
            let y = g.below(dh / 2)
            crop = TensorCrop(
              x: x, y: y, width: 1 + g.below(dw - x), height: 1 + g.below(dh - y),
              padding: o % 4 == 1 ? CropPadding(0.1) : .zero)
          }
          let types: [TensorElementType] = [.uint8, .int8, .float32]
          let type = types[(o + s + f) % 3]
          let channels = (o + s) % 5 == 0 ? 1 : 3
          let spec: TensorPackingSpec
          switch type {
          case .float32:
            spec = TensorPackingSpec(
              elementType: .float32, width: outW, height: outH, channels: channels,
              mean: channels == 3 ? [123.7, 116.3, 103.5] : [127.5],
              std: channels == 3 ? [58.4, 57.1, 57.4] : [127.5])
          case .int8:
            spec = TensorPackingSpec(
              elementType: .int8, width: outW, height: outH, channels: channels)
          case .uint8:
            spec = TensorPackingSpec(
              elementType: .uint8, width: outW, height: outH, channels: channels, mean: [127.5],
              std: [127.5], quantization: TensorQuantization(scale: 0.0078125, zeroPoint: 128))
          }
          let fast = try TensorPacker.packFrame(
            image: frame, orientation: orientation, crop: crop, fit: fit, spec: spec,
            filter: filter)
          let reference = try TensorPacker.packFrameReference(
            image: frame, orientation: orientation, crop: crop, fit: fit, spec: spec,
            filter: filter)
          #expect(fast.count == spec.byteCount)
          let difference = Self.maxDifference(fast, reference, type: type)
          let bound = type == .float32 ? 1e-5 : 1
          #expect(
            difference <= bound,
            "\(width)×\(height) \(format) \(orientation) \(fit) \(filter) crop \(String(describing: crop)) → \(outW)×\(outH)×\(channels) \(type): max difference \(difference)"
          )
          cases += 1
        }
      }
    }
    #expect(cases == sizes.count * formats.count * Self.orientations.count)
  }

  @Test("Full HD NV12 → 224×224 in every orientation and type equals the reference")
  func fullHDMatchesReference() throws {
    let frame = try Self.randomFrame(
      width: 1920, height: 1080, format: .nv12(YUVColorSpace(matrix: .bt709, range: .video)),
      padding: 64, seed: 42)
    for (o, orientation) in [ImageOrientation.up, .right, .leftMirrored].enumerated() {
      let type: TensorElementType = o == 1 ? .float32 : .uint8
      let spec = TensorPackingSpec(elementType: type, width: 224, height: 224)
      let fast = try TensorPacker.packFrame(image: frame, orientation: orientation, spec: spec)
      let reference = try TensorPacker.packFrameReference(
        image: frame, orientation: orientation, spec: spec)
      #expect(Self.maxDifference(fast, reference, type: type) <= (type == .float32 ? 1e-5 : 1))
    }
  }

  // MARK: - Against the Pillow-exact path

  /// A smooth synthetic YUV frame: slow gradients in every plane.
  static func smoothFrame(width: Int, height: Int, format: PixelFormat) throws -> PixelImage {
    try PixelTestSupport.yuv(
      width: width, height: height, format: format, padding: 3,
      y: { x, y in UInt8(40 + (120 * x) / width + (60 * y) / height) },
      cb: { x, y in UInt8(90 + (70 * y) / ((height + 1) / 2)) },
      cr: { x, y in UInt8(170 - (80 * x) / ((width + 1) / 2)) })
  }

  @Test("On a smooth frame, every orientation agrees with pack (so the raw mapping is right)")
  func smoothAgreesWithExact() throws {
    let frame = try Self.smoothFrame(
      width: 320, height: 180, format: .i420(YUVColorSpace(matrix: .bt601, range: .video)))
    let spec = TensorPackingSpec(elementType: .uint8, width: 64, height: 48)
    for orientation in Self.orientations {
      for fit in [ImageFit.stretch, .aspectFit, .aspectFill] {
        let crop = TensorCrop(x: 10, y: 20, width: 150, height: 140)
        let fast = try TensorPacker.packFrame(
          image: frame, orientation: orientation, crop: crop, fit: fit, spec: spec)
        let exact = try TensorPacker.pack(
          image: frame, orientation: orientation, crop: crop, fit: fit, spec: spec)
        let mad = Self.meanAbsoluteDifference(fast, exact)
        #expect(mad < 1.0, "\(orientation) \(fit): mean |fast − exact| = \(mad)")
      }
    }
    // A mapping error would show: the mirrored image is far from the upright one.
    let up = try TensorPacker.packFrame(image: frame, orientation: .up, spec: spec)
    let mirrored = try TensorPacker.pack(image: frame, orientation: .upMirrored, spec: spec)
    #expect(Self.meanAbsoluteDifference(up, mirrored) > 10)
  }

  /// RGBA → NV12 (BT.601 full range, the inverse of the library's YUV → RGB equations,
  /// chroma the rounded mean of each 2×2 block). The library has no RGB → YUV conversion, so
  /// the test makes its own frame.
  static func nv12(fromRGBA rgba: [UInt8], width: Int, height: Int) throws -> PixelImage {
    func luma(_ i: Int) -> Double {
      0.299 * Double(rgba[4 * i]) + 0.587 * Double(rgba[4 * i + 1])
        + 0.114 * Double(rgba[4 * i + 2])
    }
    func clamp(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
    let cw = (width + 1) / 2
    let ch = (height + 1) / 2
    var y = [UInt8](repeating: 0, count: width * height)
    var uv = [UInt8](repeating: 0, count: 2 * cw * ch)
    for i in 0..<(width * height) { y[i] = clamp(luma(i)) }
    for cy in 0..<ch {
      for cx in 0..<cw {
        var cb = 0.0
        var cr = 0.0
        var n = 0.0
        for dy in 0..<2 where 2 * cy + dy < height {
          for dx in 0..<2 where 2 * cx + dx < width {
            let i = (2 * cy + dy) * width + 2 * cx + dx
            let l = luma(i)
            cb += (Double(rgba[4 * i + 2]) - l) / 1.772
            cr += (Double(rgba[4 * i]) - l) / 1.402
            n += 1
          }
        }
        uv[2 * (cy * cw + cx)] = clamp(128 + cb / n)
        uv[2 * (cy * cw + cx) + 1] = clamp(128 + cr / n)
      }
    }
    return try PixelImage(
      width: width, height: height, format: .nv12(YUVColorSpace(matrix: .bt601, range: .full)),
      planes: [
        ImagePlane(bytes: y, bytesPerRow: width), ImagePlane(bytes: uv, bytesPerRow: 2 * cw),
      ])
  }

  @Test(
    "burger.jpg as NV12 → 224×224: the fast path is close to the Pillow-exact pack",
    .enabled(if: SharedData.isAvailable))
  func burgerAgainstExact() throws {
    let decoded = try ImageDecoder.decode(try SharedData.bytes("images/burger.jpg"))
    let rgba = try PixelImage(decoded: decoded).converted(to: .rgba8)
    let frame = try Self.nv12(
      fromRGBA: rgba.planes[0].bytes, width: rgba.width, height: rgba.height)
    let spec = TensorPackingSpec(elementType: .uint8, width: 224, height: 224)
    for orientation in [ImageOrientation.up, .right] {
      let exact = try TensorPacker.pack(image: frame, orientation: orientation, spec: spec)
      for filter in [ResamplingFilter.area, .bilinear] {
        let fast = try TensorPacker.packFrame(
          image: frame, orientation: orientation, spec: spec, filter: filter)
        let mad = Self.meanAbsoluteDifference(fast, exact)
        print("burger.jpg NV12 \(orientation) \(filter): mean |packFrame − pack| = \(mad)")
        #expect(mad < 2.0)
      }
    }
    // Float32 with normalization: the same agreement in pixel levels.
    let floatSpec = TensorPackingSpec(
      elementType: .float32, width: 224, height: 224, mean: [127.5], std: [127.5])
    let fast = Self.floats(try TensorPacker.packFrame(image: frame, spec: floatSpec))
    let exact = Self.floats(try TensorPacker.pack(image: frame, spec: floatSpec))
    let mad =
      zip(fast, exact).reduce(0.0) { $0 + Double(abs($1.0 - $1.1)) } * 127.5
      / Double(exact.count)
    print("burger.jpg NV12 float32: mean |packFrame − pack| = \(mad) levels")
    #expect(mad < 2.0)
  }

  // MARK: - Plain cases, fallbacks, errors

  @Test("A plain gray Full HD frame packs to 128 everywhere; the letterbox is black")
  func plainGray() throws {
    let space = YUVColorSpace(matrix: .bt709, range: .video)
    let frame = try PixelTestSupport.yuv(
      width: 1920, height: 1080, format: .nv12(space), y: { _, _ in 126 }, cb: { _, _ in 128 },
      cr: { _, _ in 128 })
    let spec = TensorPackingSpec(elementType: .uint8, width: 224, height: 224)
    let tensor = try TensorPacker.packFrame(image: frame, orientation: .right, spec: spec)
    #expect(tensor.count == 224 * 224 * 3)
    #expect(tensor.allSatisfy { $0 == 128 })
    // Landscape into a square with aspect fit: 126 content rows, 49 black rows above and below.
    let fitted = try TensorPacker.packFrame(image: frame, fit: .aspectFit, spec: spec)
    let rowBytes = 224 * 3
    #expect(fitted[0..<(49 * rowBytes)].allSatisfy { $0 == 0 })
    #expect(fitted[(49 * rowBytes)..<(175 * rowBytes)].allSatisfy { $0 == 128 })
    #expect(fitted[(175 * rowBytes)...].allSatisfy { $0 == 0 })
  }

  @Test("Packed formats fall back to pack")
  func packedFallsBack() throws {
    let image = try PixelTestSupport.packed(width: 31, height: 17, format: .bgra8, padding: 4) {
      x, y, c in UInt8(truncatingIfNeeded: x * 7 + y * 13 + c * 50)
    }
    let spec = TensorPackingSpec(elementType: .float32, width: 12, height: 10)
    let crop = TensorCrop(x: 2, y: 3, width: 10, height: 20)
    for filter in [ResamplingFilter.area, .bilinear] {
      #expect(
        try TensorPacker.packFrame(
          image: image, orientation: .left, crop: crop, spec: spec, filter: filter)
          == TensorPacker.pack(
            image: image, orientation: .left, crop: crop, spec: spec, filter: filter))
      #expect(
        try TensorPacker.packFrameReference(
          image: image, orientation: .left, crop: crop, spec: spec, filter: filter)
          == TensorPacker.packReference(
            image: image, orientation: .left, crop: crop, spec: spec, filter: filter))
    }
  }

  @Test("Bad specs and crops throw instead of trapping")
  func errors() throws {
    let frame = try Self.randomFrame(
      width: 9, height: 7, format: .nv21(YUVColorSpace(matrix: .bt601, range: .video)),
      padding: 0, seed: 1)
    let ok = TensorPackingSpec(elementType: .uint8, width: 4, height: 4)
    #expect(throws: ImageError.self) {
      try TensorPacker.packFrame(
        image: frame, spec: TensorPackingSpec(elementType: .uint8, width: 0, height: 4))
    }
    #expect(throws: ImageError.self) {
      try TensorPacker.packFrame(
        image: frame, spec: TensorPackingSpec(elementType: .uint8, width: 4, height: 4, channels: 2)
      )
    }
    #expect(throws: ImageError.self) {
      try TensorPacker.packFrame(
        image: frame, crop: TensorCrop(x: 50, y: 0, width: 3, height: 3), spec: ok)
    }
    #expect(throws: ImageError.self) {
      try TensorPacker.packFrame(
        image: frame, crop: TensorCrop(x: 0, y: 0, width: -1, height: 3), spec: ok)
    }
    #expect(throws: ImageError.self) {
      try TensorPacker.packFrame(image: frame, spec: ok, maxBytes: 10)
    }
    #expect(throws: ImageError.self) {
      try TensorPacker.packFrameReference(
        image: frame, crop: TensorCrop(x: 0, y: 9, width: 3, height: 3), spec: ok)
    }
  }
}
