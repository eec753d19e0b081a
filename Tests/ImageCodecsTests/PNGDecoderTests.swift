import Foundation
import ImageCodecs
import Inflate
import OcellusTestSupport
import Testing

/// Hand-made PNG cases: damaged and hostile files, chunk rules, metadata, the shared photos.
@Suite("PNG decoder")
struct PNGDecoderTests {
  typealias Files = PNGTestFiles

  /// A 3×2 RGB image, rows filtered None and Sub.
  static let smallRGB: [UInt8] = Files.file(
    width: 3, height: 2, colorType: 2,
    rows: [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 1, 5, 6, 7, 1, 1, 1, 2, 2, 2])

  static let smallRGBExpected: [UInt8] = [
    10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255, 5, 6, 7, 255, 6, 7, 8, 255, 8, 9, 10, 255,
  ]

  @Test("a hand-made RGB file decodes, with the Sub filter applied")
  func smallFile() throws {
    let image = try PNGDecoder.decode(Self.smallRGB)
    #expect(image.width == 3 && image.height == 2)
    #expect(image.rgba == Self.smallRGBExpected)
    #expect(image.exifOrientation == 1)
    #expect(image.colorInfo == ColorInfo())
    let wide = try PNGDecoder.decodeRGBA16(Self.smallRGB)
    #expect(wide.rgba == Self.smallRGBExpected.map { UInt16($0) * 257 })
  }

  @Test("truncation at every chunk boundary is .truncated; every other cut throws a DecodeError")
  func truncation() throws {
    // A file with several chunks, including three IDAT chunks.
    var rows: [UInt8] = []
    for row in 0..<8 {
      rows.append(UInt8(row % 5))
      for index in 0..<24 { rows.append(UInt8((index * 7 + row) & 0xFF)) }
    }
    let stream = Files.zlibStored(rows)
    let third = stream.count / 3
    var file = Files.signature + Files.ihdr(width: 8, height: 8, bitDepth: 8, colorType: 2)
    file += Files.chunk("gAMA", Files.bigEndian(45455))
    file += Files.chunk("IDAT", Array(stream[0..<third]))
    file += Files.chunk("IDAT", Array(stream[third..<(2 * third)]))
    file += Files.chunk("IDAT", Array(stream[(2 * third)...]))
    file += Files.chunk("tEXt", Array("Comment\0hello".utf8))
    file += Files.chunk("IEND", [])
    let whole = try PNGDecoder.decode(file)
    #expect(whole.width == 8 && whole.colorInfo.gamma == 45455)
    let boundaries = Files.chunkBoundaries(file)
    #expect(boundaries.count == 8)
    #expect(boundaries.last == file.count)
    for cut in [0, 4] + boundaries.dropLast() {
      #expect {
        try PNGDecoder.decode(Array(file[0..<cut]))
      } throws: { error in
        guard case .truncated(.png, let offset, _) = error as? DecodeError else { return false }
        return offset == cut
      }
    }
    for cut in 0..<file.count {
      #expect(throws: DecodeError.self) { try PNGDecoder.decode(Array(file[0..<cut])) }
    }
  }

  @Test("a bad CRC names the chunk and its offset")
  func badCRC() throws {
    let boundaries = Files.chunkBoundaries(Self.smallRGB)
    let idatOffset = boundaries[1]
    var damaged = Self.smallRGB
    damaged[idatOffset + 10] ^= 0x01  // a byte of the IDAT data
    #expect {
      try PNGDecoder.decode(damaged)
    } throws: { error in
      guard
        case .checksumMismatch(.png, let offset, let what, let stored, let computed) = error
          as? DecodeError
      else { return false }
      return offset == idatOffset && what == "IDAT chunk CRC" && stored != computed
        && "\(error)".contains("IDAT") && "\(error)".contains("byte \(idatOffset)")
    }
    // Ancillary chunks are checked too.
    let smallRows: [UInt8] = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 1, 5, 6, 7, 1, 1, 1, 2, 2, 2]
    let withText = Files.file(
      width: 3, height: 2, colorType: 2, rows: smallRows,
      before: [Files.chunk("tEXt", Array("Title\0x".utf8))])
    var damagedText = withText
    damagedText[41 + 4] ^= 0x20  // "Title" → "TitlE"
    #expect(
      throws: DecodeError.checksumMismatch(
        format: .png, offset: 33, what: "tEXt chunk CRC",
        stored: CRC32.checksum(Array("tEXtTitle\0x".utf8)),
        computed: CRC32.checksum(Array("tEXtTitlE\0x".utf8)))
    ) {
      try PNGDecoder.decode(damagedText)
    }
  }

  @Test("a header claiming 100000×100000 is .tooLarge before anything is allocated")
  func tooLarge() throws {
    // Only the IHDR: any allocation by the header would be followed by a truncation error.
    let file =
      Files.signature + Files.ihdr(width: 100_000, height: 100_000, bitDepth: 8, colorType: 6)
    #expect(
      throws: DecodeError.tooLarge(
        format: .png, width: 100_000, height: 100_000, limit: .dimension(1 << 16))
    ) {
      try PNGDecoder.decode(file)
    }
    let wide =
      Files.signature + Files.ihdr(width: 60_000, height: 60_000, bitDepth: 16, colorType: 6)
    #expect(
      throws: DecodeError.tooLarge(
        format: .png, width: 60_000, height: 60_000, limit: .pixels(100_000_000))
    ) {
      try PNGDecoder.decodeRGBA16(wide)
    }
    // The decoded-bytes budget: 3×2 RGBA8 (24 bytes) plus 20 filtered bytes exceed 40 bytes.
    #expect {
      try PNGDecoder.decode(Self.smallRGB, limits: DecodeLimits(maxDecodedBytes: 40))
    } throws: { error in
      guard case .tooLarge(.png, 3, 2, .decodedBytes(40)) = error as? DecodeError else {
        return false
      }
      return true
    }
    #expect(
      try PNGDecoder.decode(Self.smallRGB, limits: DecodeLimits(maxDecodedBytes: 44)).width == 3)
    #expect(throws: DecodeError.self) {
      try PNGDecoder.decode(Self.smallRGB, limits: DecodeLimits(maxPixels: 5))
    }
  }

  @Test("header values outside the specification are .invalid")
  func invalidHeaders() throws {
    let cases: [(width: UInt32, height: UInt32, depth: UInt8, color: UInt8)] = [
      (0, 2, 8, 2), (3, 0, 8, 2), (0x8000_0000, 2, 8, 2), (3, 2, 8, 1), (3, 2, 8, 7), (3, 2, 4, 2),
      (3, 2, 16, 3),
      (3, 2, 3, 0), (3, 2, 0, 0), (3, 2, 32, 6),
    ]
    for entry in cases {
      let file =
        Files.signature
        + Files.ihdr(
          width: entry.width, height: entry.height, bitDepth: entry.depth, colorType: entry.color)
        + Files.chunk("IDAT", Files.zlibStored([0])) + Files.chunk("IEND", [])
      #expect {
        try PNGDecoder.decode(file)
      } throws: { error in
        guard case .invalid(.png, 8, _) = error as? DecodeError else { return false }
        return true
      }
    }
    var badInterlace = Self.smallRGB
    badInterlace[28] = 2
    let crc = CRC32.checksum(Array(badInterlace[12..<29]))
    badInterlace.replaceSubrange(29..<33, with: Files.bigEndian(crc))
    #expect(
      throws: DecodeError.invalid(
        format: .png, offset: 8, reason: "interlace method 2 does not exist")
    ) {
      try PNGDecoder.decode(badInterlace)
    }
  }

  @Test("critical chunk rules: IHDR first, PLTE placement, IDAT present, unknown critical chunks")
  func chunkRules() throws {
    let rows: [UInt8] = [0, 0, 1, 0, 1, 0]  // 2×2 palette image, 8-bit indices
    let plte = Files.chunk("PLTE", [255, 0, 0, 0, 255, 0])
    let good = Files.file(width: 2, height: 2, colorType: 3, rows: rows, before: [plte])
    let image = try PNGDecoder.decode(good)
    #expect(image.rgba == [255, 0, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 255, 0, 0, 255])

    func expectInvalid(_ file: [UInt8], _ comment: Comment) {
      #expect(
        comment, performing: { try PNGDecoder.decode(file) },
        throws: { error in
          guard case .invalid(.png, _, _) = error as? DecodeError else { return false }
          return true
        })
    }
    let idat = Files.chunk("IDAT", Files.zlibStored(rows))
    let iend = Files.chunk("IEND", [])
    let header = Files.ihdr(width: 2, height: 2, bitDepth: 8, colorType: 3)
    expectInvalid(Files.signature + idat + header + plte + idat + iend, "IDAT before IHDR")
    expectInvalid(Files.signature + header + plte + idat + plte + iend, "PLTE after IDAT")
    expectInvalid(Files.signature + header + idat + iend, "palette image without PLTE")
    expectInvalid(Files.signature + header + plte + plte + idat + iend, "two PLTE chunks")
    expectInvalid(Files.signature + header + plte + iend, "no IDAT")
    expectInvalid(Files.signature + header + header + plte + idat + iend, "two IHDR chunks")
    expectInvalid(
      Files.signature + header + Files.chunk("PLTE", [1, 2, 3, 4]) + idat + iend, "PLTE length")
    expectInvalid(
      Files.file(width: 2, height: 2, colorType: 0, rows: rows, before: [plte]),
      "PLTE in a grayscale image")
    var badSignature = good
    badSignature[1] = 0x51
    #expect(
      throws: DecodeError.invalid(
        format: .png, offset: 1, reason: "the file does not start with the PNG signature")
    ) {
      try PNGDecoder.decode(badSignature)
    }

    // An unknown critical chunk is unsupported; an unknown ancillary chunk is skipped.
    let critical = Files.signature + header + plte + Files.chunk("ABCD", [1, 2]) + idat + iend
    #expect {
      try PNGDecoder.decode(critical)
    } throws: { error in
      guard case .unsupported(.png, let feature) = error as? DecodeError else { return false }
      return feature.contains("ABCD")
    }
    let ancillary =
      Files.signature + header + Files.chunk("abCd", [9, 9, 9]) + plte + idat
      + Files.chunk("zzZz", []) + iend
    #expect(try PNGDecoder.decode(ancillary).rgba == image.rgba)
    // IDAT chunks separated by an ancillary chunk are joined (as pypng does).
    let stream = Files.zlibStored(rows)
    let split =
      Files.signature + header + plte + Files.chunk("IDAT", Array(stream[0..<5]))
      + Files.chunk("tIME", [7, 234, 1, 1, 0, 0, 0]) + Files.chunk("IDAT", Array(stream[5...]))
      + iend
    #expect(try PNGDecoder.decode(split).rgba == image.rgba)
    // Bytes after IEND are ignored.
    #expect(try PNGDecoder.decode(good + [1, 2, 3]).rgba == image.rgba)
  }

  @Test("pixel data: bad filter type, too little data, extra data, corrupt zlib")
  func pixelData() throws {
    let badFilter = Files.file(width: 1, height: 2, colorType: 0, rows: [0, 7, 5, 9])
    #expect {
      try PNGDecoder.decode(badFilter)
    } throws: { error in
      guard case .invalid(.png, nil, let reason) = error as? DecodeError else { return false }
      return reason.contains("filter type 5") && reason.contains("row 1")
    }
    let short = Files.file(width: 2, height: 2, colorType: 0, rows: [0, 7, 8, 0, 9])
    #expect(
      throws: DecodeError.compressedData(
        format: .png, offset: 41, .outputShorterThanExpected(expected: 6, actual: 5))
    ) {
      try PNGDecoder.decode(short)
    }
    // Rows past the image (libpng: "Too much image data", benign) are ignored.
    let extra = Files.file(
      width: 2, height: 2, colorType: 0, rows: [0, 7, 8, 2, 1, 1, 0, 99, 99, 0, 1])
    #expect(
      try PNGDecoder.decode(extra).rgba == [7, 7, 7, 255, 8, 8, 8, 255, 8, 8, 8, 255, 9, 9, 9, 255])
    var corrupt = Files.file(width: 2, height: 2, colorType: 0, rows: [0, 7, 8, 2, 1, 1])
    corrupt[41] = 0x79  // the zlib header's CM/CINFO byte, now failing its check
    let crc = CRC32.checksum(Array(corrupt[37..<(41 + 17)]))
    corrupt.replaceSubrange((41 + 17)..<(41 + 21), with: Files.bigEndian(crc))
    #expect {
      try PNGDecoder.decode(corrupt)
    } throws: { error in
      guard case .compressedData(.png, 41, _) = error as? DecodeError else { return false }
      return true
    }
    // An empty IDAT then IEND: the stream never ends.
    let empty =
      Files.signature + Files.ihdr(width: 1, height: 1, bitDepth: 8, colorType: 0)
      + Files.chunk("IDAT", []) + Files.chunk("IEND", [])
    #expect(
      throws: DecodeError.compressedData(
        format: .png, offset: 41, .unexpectedEndOfInput(byteOffset: 0))
    ) {
      try PNGDecoder.decode(empty)
    }
  }

  @Test("sub-byte gray, palette with tRNS, gray and RGB tRNS, 16-bit samples")
  func pixelFormats() throws {
    // 4×1 gray, 2 bits: 0, 1, 2, 3 → 0, 85, 170, 255; tRNS makes value 2 transparent.
    let gray2 = Files.file(
      width: 4, height: 1, bitDepth: 2, colorType: 0, rows: [0, 0b00_01_10_11],
      before: [Files.chunk("tRNS", [0, 2])])
    #expect(
      try PNGDecoder.decode(gray2).rgba == [
        0, 0, 0, 255, 85, 85, 85, 255, 170, 170, 170, 0, 255, 255, 255, 255,
      ])
    // 3×1 palette, 1 bit... 4-bit indices 0, 1, 2 with a 2-entry tRNS and an index past the palette.
    let palette4 = Files.file(
      width: 3, height: 1, bitDepth: 4, colorType: 3, rows: [0, 0x01, 0x50],
      before: [Files.chunk("PLTE", [10, 20, 30, 40, 50, 60]), Files.chunk("tRNS", [128])])
    #expect(
      try PNGDecoder.decode(palette4).rgba == [10, 20, 30, 128, 40, 50, 60, 255, 0, 0, 0, 255])
    // 16-bit RGB with tRNS: the key is compared at full precision.
    let rgb16 = Files.file(
      width: 2, height: 1, bitDepth: 16, colorType: 2,
      rows: [0, 0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0x12, 0x34, 0x56, 0x78, 0x9A, 0xBD],
      before: [Files.chunk("tRNS", [0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC])])
    #expect(try PNGDecoder.decode(rgb16).rgba == [0x12, 0x56, 0x9A, 0, 0x12, 0x56, 0x9A, 255])
    #expect(
      try PNGDecoder.decodeRGBA16(rgb16).rgba == [
        0x1234, 0x5678, 0x9ABC, 0, 0x1234, 0x5678, 0x9ABD, 0xFFFF,
      ])
  }

  @Test("gAMA, sRGB and iCCP are reported; an iCCP zip bomb is bounded and ignored")
  func colorMetadata() throws {
    let profile = [UInt8](repeating: 7, count: 200)
    let iccp = Files.chunk("iCCP", Array("Test profile".utf8) + [0, 0] + Files.zlibStored(profile))
    let file = Files.file(
      width: 3, height: 2, colorType: 2,
      rows: [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 1, 5, 6, 7, 1, 1, 1, 2, 2, 2],
      before: [Files.chunk("gAMA", Files.bigEndian(45455)), Files.chunk("sRGB", [1]), iccp])
    let image = try PNGDecoder.decode(file)
    #expect(image.rgba == Self.smallRGBExpected)
    #expect(
      image.colorInfo
        == ColorInfo(
          gamma: 45455, iccProfileName: "Test profile", hasICCProfile: true, sRGBIntent: 1))

    // 64 MiB of zeros behind 400 KB: the inflate stops at maxMetadataBytes.
    let bomb = Files.chunk("iCCP", Array("bomb".utf8) + [0, 0] + Files.zlibBomb(megabytes: 64))
    let bombed = Files.file(
      width: 3, height: 2, colorType: 2,
      rows: [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 1, 5, 6, 7, 1, 1, 1, 2, 2, 2],
      before: [bomb])
    let start = ContinuousClock.now
    let survivor = try PNGDecoder.decode(bombed, limits: DecodeLimits(maxMetadataBytes: 1 << 20))
    #expect(ContinuousClock.now - start < .seconds(1))
    #expect(survivor.rgba == Self.smallRGBExpected)
    #expect(survivor.colorInfo.hasICCProfile == false)
    #expect(survivor.colorInfo.iccProfileName == nil)
    // The stream is really a bomb: 1 MiB of zeros from about 6.6 KB.
    let small = Files.zlibBomb(megabytes: 1)
    let inflated = try Inflate.decompress(small, format: .zlib, limits: InflateLimits())
    #expect(small.count < 7_000)
    #expect(inflated.count == 1 + 258 * ((1 << 20) / 258) && inflated.allSatisfy { $0 == 0 })
  }

  @Test("EXIF orientation from a zTXt raw profile and from eXIf")
  func exifOrientation() throws {
    let tiff: [UInt8] = [
      0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0, 0, 0, 0, 0,
    ]
    let hex = (Array("Exif".utf8) + [0, 0] + tiff).map { byte in
      let digits = String(byte, radix: 16)
      return byte < 16 ? "0" + digits : digits
    }.joined()
    let text = Array("\nexif\n      32\n\(hex)\n".utf8)
    let ztxt = Files.chunk(
      "zTXt", Array("Raw profile type exif".utf8) + [0, 0] + Files.zlibStored(text))
    let rows: [UInt8] = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 1, 5, 6, 7, 1, 1, 1, 2, 2, 2]
    let file = Files.file(width: 3, height: 2, colorType: 2, rows: rows, after: [ztxt])
    #expect(try PNGDecoder.decode(file).exifOrientation == 8)
    let exif = Files.chunk("eXIf", tiff.enumerated().map { $0.offset == 19 ? 5 : $0.element })
    let both = Files.file(
      width: 3, height: 2, colorType: 2, rows: rows, before: [exif], after: [ztxt])
    #expect(try PNGDecoder.decode(both).exifOrientation == 5)
    #expect(try PNGDecoder.decodeRGBA16(both).exifOrientation == 5)
    // A damaged raw profile is ignored.
    let damaged = Files.chunk(
      "tEXt", Array("Raw profile type exif".utf8) + [0] + Array("\nexif\n  32\nzz".utf8))
    #expect(
      try PNGDecoder.decode(
        Files.file(width: 3, height: 2, colorType: 2, rows: rows, after: [damaged])
      ).exifOrientation == 1)
  }

  @Test("metadata of real files: gAMA + sRGB, iCCP names", .enabled(if: SharedData.isAvailable))
  func realMetadata() throws {
    let gamma = try PNGDecoder.decode(
      SharedData.bytes("conformance/png-extra/image-png-bugfixes/gama-srgb-order-issue#304.png"))
    #expect(gamma.colorInfo == ColorInfo(gamma: 45455, sRGBIntent: 1))
    let early = try PNGDecoder.decode(
      SharedData.bytes("conformance/png-extra/image-png-bugfixes/F-exif-chunk-early.png"))
    #expect(early.colorInfo == ColorInfo(iccProfileName: "ICC profile", hasICCProfile: true))
    #expect(early.exifOrientation == 6)
    let two = try PNGDecoder.decode(
      SharedData.bytes("conformance/png-extra/image-png-bugfixes/issue#1825.png"))
    #expect(two.colorInfo.iccProfileName == "Photoshop ICC profile")
  }

  @Test("the shared photos decode as Pillow 13 decodes them", .enabled(if: SharedData.isAvailable))
  func photos() throws {
    // Facts from Pillow 13.0.0: Image.open(...).convert("RGBA").
    let sparrow = try PNGDecoder.decode(SharedData.bytes("images/sparrow.png"))
    #expect(sparrow.width == 1280 && sparrow.height == 851)
    #expect(
      SHA256.hex(sparrow.rgba) == "f003fe4144c3faa641b4709dec01f7c02893258d67e2ecd7ea33511e0c323ecc"
    )
    #expect(sparrow.colorInfo == ColorInfo(sRGBIntent: 0))
    #expect(sparrow.rgba.reduce(0) { $0 + Int($1) } == 45_776_293)
    #expect(Self.pixel(sparrow, 640, 425) == [159, 141, 130, 255])
    #expect(Self.pixel(sparrow, 540, 209) == [0, 0, 0, 1])
    #expect(Self.pixel(sparrow, 0, 0) == [0, 0, 0, 0])
    #expect(
      stride(from: 3, to: sparrow.rgba.count, by: 4).filter { sparrow.rgba[$0] == 255 }.count
        == 64_436)

    let burger = try PNGDecoder.decode(SharedData.bytes("images/burger-224.png"))
    #expect(burger.width == 224 && burger.height == 224)
    #expect(
      SHA256.hex(burger.rgba) == "d017afd7c8b72b0d3eed5917337756ef6b1acad610ef3b74505f6be19efb6525")
    #expect(Self.pixel(burger, 0, 0) == [230, 189, 158, 255])
    #expect(Self.pixel(burger, 223, 0) == [152, 109, 46, 255])
    #expect(Self.pixel(burger, 0, 223) == [249, 203, 140, 255])
    #expect(Self.pixel(burger, 223, 223) == [106, 68, 62, 255])
    #expect(Self.pixel(burger, 112, 112) == [142, 172, 45, 255])
    #expect(Self.pixel(burger, 74, 44) == [253, 218, 183, 255])
  }

  static func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> [UInt8] {
    Array(image.rgba[(4 * (y * image.width + x))..<(4 * (y * image.width + x) + 4)])
  }
}
