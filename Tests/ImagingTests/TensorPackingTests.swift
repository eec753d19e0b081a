import Foundation
import ImageCodecs
import Imaging
import OcellusTestSupport
import Testing

@Suite("Tensor packing")
struct TensorPackingTests {
  static let exifToOrientation: [Int: ImageOrientation] = [
    1: .up, 2: .upMirrored, 3: .down, 4: .downMirrored, 5: .leftMirrored, 6: .right,
    7: .rightMirrored, 8: .left,
  ]

  /// (width, height, EXIF orientation, the stored pixel index of each display pixel),
  /// computed with Pillow 13's `ImageOps.exif_transpose` (as in ExifOrientationTransformTests).
  static let pillowOrientation: [(Int, Int, Int, [Int])] = [
    (3, 2, 1, [0, 1, 2, 3, 4, 5]), (3, 2, 2, [2, 1, 0, 5, 4, 3]),
    (3, 2, 3, [5, 4, 3, 2, 1, 0]), (3, 2, 4, [3, 4, 5, 0, 1, 2]),
    (3, 2, 5, [0, 3, 1, 4, 2, 5]), (3, 2, 6, [3, 0, 4, 1, 5, 2]),
    (3, 2, 7, [5, 2, 4, 1, 3, 0]), (3, 2, 8, [2, 5, 1, 4, 0, 3]),
    (5, 4, 5, [0, 5, 10, 15, 1, 6, 11, 16, 2, 7, 12, 17, 3, 8, 13, 18, 4, 9, 14, 19]),
    (5, 4, 6, [15, 10, 5, 0, 16, 11, 6, 1, 17, 12, 7, 2, 18, 13, 8, 3, 19, 14, 9, 4]),
    (5, 4, 7, [19, 14, 9, 4, 18, 13, 8, 3, 17, 12, 7, 2, 16, 11, 6, 1, 15, 10, 5, 0]),
    (5, 4, 8, [4, 9, 14, 19, 3, 8, 13, 18, 2, 7, 12, 17, 1, 6, 11, 16, 0, 5, 10, 15]),
  ]

  @Test("Orientation: the display image equals Pillow's exif_transpose, pixel for pixel")
  func orientationMatchesPillow() throws {
    for (width, height, exif, expected) in Self.pillowOrientation {
      let orientation = try #require(Self.exifToOrientation[exif])
      let image = try PixelTestSupport.packed(
        width: width, height: height, format: .bgra8, padding: 3
      ) { x, y, c in
        [UInt8(y * width + x), 9, 7, 255][c]  // B = index, G = 9, R = 7
      }
      let swaps = exif >= 5
      let spec = TensorPackingSpec(
        elementType: .uint8, width: swaps ? height : width, height: swaps ? width : height)
      let tensor = try TensorPacker.pack(image: image, orientation: orientation, spec: spec)
      #expect(tensor == expected.flatMap { [7, 9, UInt8($0)] }, "EXIF \(exif) \(width)×\(height)")
    }
  }

  @Test("A display-space crop picks the upright pixels (.right, 4×3 stored)")
  func cropInDisplaySpace() throws {
    // Stored 4×3, gray value 10y + x. Upright (.right) is 3×4: display(u, v) = stored(v, 2 − u).
    let image = try PixelTestSupport.packed(width: 4, height: 3, format: .gray8) { x, y, _ in
      UInt8(10 * y + x)
    }
    let spec = TensorPackingSpec(elementType: .uint8, width: 2, height: 2, channels: 1)
    let tensor = try TensorPacker.pack(
      image: image, orientation: .right, crop: TensorCrop(x: 1, y: 2, width: 2, height: 2),
      spec: spec)
    // display (1,2) = stored(2, 1) = 12; (2,2) = stored(2, 0) = 2; (1,3) = 13; (2,3) = 3.
    #expect(tensor == [12, 2, 13, 3])
  }

  static let packedFormats: [PixelFormat] = [.rgba8, .bgra8, .rgb8, .gray8]

  /// Fused and step-by-step paths give identical bytes for packed inputs into 3 channels
  /// (and gray into 1): all orientations, fits, filters, crops, element types.
  @Test("Fused path equals the reference path exactly (packed formats)", arguments: packedFormats)
  func fusedEqualsReference(format: PixelFormat) throws {
    var rng = SplitMix64(seed: 42)
    let image = try PixelTestSupport.packed(width: 23, height: 17, format: format, padding: 5) {
      _, _, _ in
      UInt8(truncatingIfNeeded: rng.next())
    }
    let specs =
      [
        TensorPackingSpec(elementType: .uint8, width: 9, height: 7),
        TensorPackingSpec(
          elementType: .float32, width: 31, height: 12, mean: [127.5], std: [127.5]),
        TensorPackingSpec(
          elementType: .int8, width: 4, height: 4, mean: [120, 110, 100], std: [50, 60, 70],
          quantization: TensorQuantization(scale: 0.02, zeroPoint: -3)),
      ]
      + (format == .gray8
        ? [TensorPackingSpec(elementType: .uint8, width: 6, height: 5, channels: 1)] : [])
    let crops: [TensorCrop?] = [
      nil, TensorCrop(x: 3, y: 2, width: 11, height: 9, padding: CropPadding(0.2)),
    ]
    for orientation in ImageOrientation.allCases {
      for spec in specs {
        for fit in [ImageFit.stretch, .aspectFill, .aspectFit] {
          for filter in [ResamplingFilter.bilinear, .bilinearSampling, .area] {
            for crop in crops {
              let fused = try TensorPacker.pack(
                image: image, orientation: orientation, crop: crop, fit: fit, spec: spec,
                filter: filter)
              let reference = try TensorPacker.packReference(
                image: image, orientation: orientation, crop: crop, fit: fit, spec: spec,
                filter: filter)
              #expect(fused.count == spec.byteCount)
              #expect(
                fused == reference,
                "\(format) \(orientation) \(spec.elementType) \(fit) \(filter) \(String(describing: crop))"
              )
            }
          }
        }
      }
    }
  }

  /// The fused path converts each needed YUV row to RGB before filtering, as the reference
  /// path converts the whole image first: identical bytes, with and without resampling, in
  /// every orientation, with a crop, for all filters, into RGB and gray tensors.
  @Test(
    "Fused YUV path equals convert-then-resize exactly", arguments: PixelTestSupport.spaces)
  func yuvAgainstReference(space: YUVColorSpace) throws {
    var rng = SplitMix64(seed: 5)
    for format in [PixelFormat.nv12(space), .nv21(space), .i420(space)] {
      // Random planes: out-of-gamut YUV (clamped by the conversion) included.
      let image = try PixelTestSupport.yuv(
        width: 27, height: 15, format: format, padding: 3,
        y: { _, _ in UInt8(truncatingIfNeeded: rng.next()) },
        cb: { _, _ in UInt8(truncatingIfNeeded: rng.next()) },
        cr: { _, _ in UInt8(truncatingIfNeeded: rng.next()) })
      for orientation in ImageOrientation.allCases {
        let swaps = [.left, .right, .leftMirrored, .rightMirrored].contains(orientation)
        let same = TensorPackingSpec(
          elementType: .uint8, width: swaps ? 15 : 27, height: swaps ? 27 : 15)
        let exact = try TensorPacker.pack(image: image, orientation: orientation, spec: same)
        #expect(
          exact
            == (try TensorPacker.packReference(image: image, orientation: orientation, spec: same)))
        for filter in [ResamplingFilter.bilinear, .bilinearSampling, .area] {
          for spec in [
            TensorPackingSpec(elementType: .uint8, width: 10, height: 6),
            TensorPackingSpec(elementType: .uint8, width: 5, height: 13, channels: 1),
          ] {
            let crop = TensorCrop(x: 2, y: 1, width: 12, height: 9)
            let fused = try TensorPacker.pack(
              image: image, orientation: orientation, crop: crop, spec: spec, filter: filter)
            let reference = try TensorPacker.packReference(
              image: image, orientation: orientation, crop: crop, spec: spec, filter: filter)
            #expect(fused == reference, "\(format) \(orientation) \(filter) \(spec.channels)")
          }
        }
      }
    }
  }

  /// Larger frames reach the vector paths (8 pixels a row upright, blocks of 8 stored
  /// columns when rotated, odd crop offsets, partial blocks): still identical bytes.
  @Test("Fused YUV path on a larger frame: vector paths equal the reference")
  func yuvVectorPaths() throws {
    var rng = SplitMix64(seed: 11)
    let space = YUVColorSpace(matrix: .bt709, range: .video)
    for format in [PixelFormat.nv12(space), .nv21(space), .i420(space)] {
      let image = try PixelTestSupport.yuv(
        width: 71, height: 45, format: format, padding: 5,
        y: { _, _ in UInt8(truncatingIfNeeded: rng.next()) },
        cb: { _, _ in UInt8(truncatingIfNeeded: rng.next()) },
        cr: { _, _ in UInt8(truncatingIfNeeded: rng.next()) })
      for orientation in ImageOrientation.allCases {
        for crop in [nil, TensorCrop(x: 3, y: 5, width: 37, height: 29)] {
          for spec in [
            TensorPackingSpec(elementType: .uint8, width: 17, height: 11),
            TensorPackingSpec(elementType: .uint8, width: 90, height: 50),
          ] {
            let fused = try TensorPacker.pack(
              image: image, orientation: orientation, crop: crop, spec: spec)
            let reference = try TensorPacker.packReference(
              image: image, orientation: orientation, crop: crop, spec: spec)
            #expect(fused == reference, "\(format) \(orientation) \(String(describing: crop))")
          }
        }
      }
    }
  }

  @Test("RGB into a gray tensor: equal to convert-then-resize")
  func grayFromRGB() throws {
    var rng = SplitMix64(seed: 7)
    let image = try PixelTestSupport.packed(width: 19, height: 13, format: .rgba8) { _, _, _ in
      UInt8(truncatingIfNeeded: rng.next())
    }
    for orientation in ImageOrientation.allCases {
      let swaps = [.left, .right, .leftMirrored, .rightMirrored].contains(orientation)
      let same = TensorPackingSpec(
        elementType: .uint8, width: swaps ? 13 : 19, height: swaps ? 19 : 13, channels: 1)
      for spec in [TensorPackingSpec(elementType: .uint8, width: 7, height: 5, channels: 1), same] {
        for fit in [ImageFit.stretch, .aspectFit] {
          #expect(
            try TensorPacker.pack(image: image, orientation: orientation, fit: fit, spec: spec)
              == TensorPacker.packReference(
                image: image, orientation: orientation, fit: fit, spec: spec))
        }
      }
    }
  }

  @Test("Normalization: float mean/std, per channel, int8, quantized uint8, letterbox value")
  func normalization() throws {
    let image = try PixelImage(
      width: 2, height: 1, format: .rgb8, bytes: [0, 128, 255, 10, 20, 30])
    func floats(_ bytes: [UInt8]) -> [Float] {
      stride(from: 0, to: bytes.count, by: 4).map { i in
        Float(
          bitPattern: UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16
            | UInt32(bytes[i + 3]) << 24)
      }
    }
    let float = TensorPackingSpec(
      elementType: .float32, width: 2, height: 1, mean: [127.5], std: [127.5])
    #expect(
      floats(try TensorPacker.pack(image: image, spec: float))
        == [0, 128, 255, 10, 20, 30].map {
          (Float($0) - 127.5) / 127.5
        })
    let perChannel = TensorPackingSpec(
      elementType: .float32, width: 2, height: 1, mean: [1, 2, 3], std: [2, 4, 8])
    #expect(
      floats(try TensorPacker.pack(image: image, spec: perChannel)) == [
        -0.5, 31.5, 31.5, 4.5, 4.5, 3.375,
      ])
    let plain = TensorPackingSpec(elementType: .float32, width: 2, height: 1)
    #expect(floats(try TensorPacker.pack(image: image, spec: plain)) == [0, 128, 255, 10, 20, 30])
    // int8 without normalization: p − 128.
    let int8 = TensorPackingSpec(elementType: .int8, width: 2, height: 1)
    #expect(
      try TensorPacker.pack(image: image, spec: int8).map { Int(Int8(bitPattern: $0)) } == [
        -128, 0, 127, -118, -108, -98,
      ])
    // uint8 with a clean inverse: raw bytes.
    let clean = TensorPackingSpec(
      elementType: .uint8, width: 2, height: 1, mean: [127.5], std: [127.5],
      quantization: TensorQuantization(scale: 1 / 128, zeroPoint: 128))
    #expect(clean.usesRawBytes)
    #expect(try TensorPacker.pack(image: image, spec: clean) == [0, 128, 255, 10, 20, 30])
    // uint8 whose quantization is not the inverse: q = clamp(round(((p − 0)/1)/2 + 10)).
    let halved = TensorPackingSpec(
      elementType: .uint8, width: 2, height: 1, mean: [0], std: [1],
      quantization: TensorQuantization(scale: 2, zeroPoint: 10))
    #expect(!halved.usesRawBytes)
    #expect(try TensorPacker.pack(image: image, spec: halved) == [10, 74, 138, 15, 20, 25])
    // int8 per the quantization: ((p − 127.5)/127.5)/0.01 − 5, clamped to −128...127.
    let int8q = TensorPackingSpec(
      elementType: .int8, width: 2, height: 1, mean: [127.5], std: [127.5],
      quantization: TensorQuantization(scale: 0.01, zeroPoint: -5))
    #expect(
      try TensorPacker.pack(image: image, spec: int8q).map { Int(Int8(bitPattern: $0)) } == [
        -105, -5, 95, -97, -89, -81,
      ])
    // Letterbox border: pixel value 0, normalized.
    let box = TensorPackingSpec(
      elementType: .float32, width: 2, height: 2, mean: [127.5], std: [127.5])
    let boxed = floats(try TensorPacker.pack(image: image, fit: .aspectFit, spec: box))
    #expect(boxed.suffix(6) == [-1, -1, -1, -1, -1, -1])
  }

  @Test("Invalid specs and crops are refused with typed errors")
  func errors() throws {
    let image = try PixelImage(width: 2, height: 2, format: .gray8, bytes: [1, 2, 3, 4])
    let bad: [TensorPackingSpec] = [
      TensorPackingSpec(elementType: .uint8, width: 0, height: 4),
      TensorPackingSpec(elementType: .uint8, width: 4, height: 4, channels: 2),
      TensorPackingSpec(elementType: .float32, width: 4, height: 4, mean: [1, 2], std: [1, 2]),
      TensorPackingSpec(elementType: .float32, width: 4, height: 4, mean: [1], std: [0]),
      TensorPackingSpec(elementType: .float32, width: 4, height: 4, mean: [.nan], std: [1]),
      TensorPackingSpec(elementType: .float32, width: 4, height: 4, mean: [1], std: []),
      TensorPackingSpec(
        elementType: .uint8, width: 4, height: 4,
        quantization: TensorQuantization(scale: 0, zeroPoint: 0)),
      TensorPackingSpec(
        elementType: .int8, width: 4, height: 4,
        quantization: TensorQuantization(scale: 1, zeroPoint: 200)),
      TensorPackingSpec(elementType: .float32, width: 60000, height: 60000),
    ]
    for spec in bad {
      #expect(throws: ImageError.self) { try TensorPacker.pack(image: image, spec: spec) }
      #expect(throws: ImageError.self) { try TensorPacker.packReference(image: image, spec: spec) }
    }
    let ok = TensorPackingSpec(elementType: .uint8, width: 4, height: 4)
    #expect(throws: ImageError.self) {
      try TensorPacker.pack(
        image: image, crop: TensorCrop(x: 5, y: 0, width: 2, height: 2), spec: ok)
    }
    #expect(throws: ImageError.self) {
      try TensorPacker.pack(
        image: image, crop: TensorCrop(x: 0, y: 0, width: -1, height: 2), spec: ok)
    }
    #expect(throws: ImageError.self) { try TensorPacker.pack(image: image, spec: ok, maxBytes: 10) }
  }

  @Test("Full HD NV12 frame in portrait (.right) → 224×224: size and a plain-gray check")
  func fullHD() throws {
    let space = YUVColorSpace(matrix: .bt709, range: .video)
    let frame = try PixelTestSupport.yuv(
      width: 1920, height: 1080, format: .nv12(space), y: { _, _ in 126 }, cb: { _, _ in 128 },
      cr: { _, _ in 128 })
    let spec = TensorPackingSpec(elementType: .uint8, width: 224, height: 224)
    let tensor = try TensorPacker.pack(image: frame, orientation: .right, spec: spec)
    #expect(tensor.count == 224 * 224 * 3)
    // (126 − 16) · 255/219 = 128.08 → 128 everywhere.
    #expect(tensor.allSatisfy { $0 == 128 })
  }

  // MARK: - Against the LiteRT reference inputs (PIL decode + BILINEAR resize)

  static func burger() throws -> PixelImage {
    let bytes = try SharedData.bytes("images/burger.jpg")
    return try PixelImage(decoded: try ImageDecoder.decode(bytes))
  }

  static func meanAbsoluteDifference(_ a: [Float], _ b: [Float]) -> Double {
    zip(a, b).reduce(0.0) { $0 + Double(abs($1.0 - $1.1)) } / Double(max(a.count, 1))
  }

  @Test(
    "burger.jpg → 224×224 uint8 is close to the reference .input.npy",
    .enabled(if: SharedData.isAvailable))
  func burgerUInt8() throws {
    let image = try Self.burger()
    for model in [
      "coral_mobilenet_v2_1.0_224_quant", "mlkit_object_labeler", "automl_flowers_mlkit",
    ] {
      let npy = try PixelTestSupport.readNumPy(
        try SharedData.bytes("reference/\(model)/burger.input.npy"))
      #expect(npy.dtype == "|u1" && npy.shape == [1, 224, 224, 3])
      let spec = TensorPackingSpec(
        elementType: .uint8, width: 224, height: 224, mean: [127.5], std: [127.5],
        quantization: TensorQuantization(scale: 0.0078125, zeroPoint: 128))
      let tensor = try TensorPacker.pack(image: image, spec: spec)
      let mad = Self.meanAbsoluteDifference(tensor.map { Float($0) }, npy.data.map { Float($0) })
      print("burger.jpg uint8 \(model): mean |tensor − .input.npy| = \(mad)")
      #expect(mad < 1.0)
      // Plain bilinear sampling aliases and is visibly further from Pillow.
      let aliased = try TensorPacker.pack(image: image, spec: spec, filter: .bilinearSampling)
      #expect(
        Self.meanAbsoluteDifference(aliased.map { Float($0) }, npy.data.map { Float($0) }) > mad)
    }
  }

  @Test(
    "burger.jpg → 224×224 float (mean 127.5, std 127.5) is close to the reference",
    .enabled(if: SharedData.isAvailable))
  func burgerFloat() throws {
    let image = try Self.burger()
    let npy = try PixelTestSupport.readNumPy(
      try SharedData.bytes("reference/mobilenet_v1_0.25_224_1_default_1/burger.input.npy"))
    #expect(npy.dtype == "<f4" && npy.shape == [1, 224, 224, 3])
    let spec = TensorPackingSpec(
      elementType: .float32, width: 224, height: 224, mean: [127.5], std: [127.5])
    let tensor = try TensorPacker.pack(image: image, spec: spec)
    let values = stride(from: 0, to: tensor.count, by: 4).map { i in
      Float(
        bitPattern: UInt32(tensor[i]) | UInt32(tensor[i + 1]) << 8 | UInt32(tensor[i + 2]) << 16
          | UInt32(tensor[i + 3]) << 24)
    }
    // In pixel levels (× 127.5).
    let mad = Self.meanAbsoluteDifference(values, npy.floats) * 127.5
    print("burger.jpg float32 mobilenet_v1_0.25_224: mean |tensor − .input.npy| = \(mad) levels")
    #expect(mad < 1.0)
  }
}
