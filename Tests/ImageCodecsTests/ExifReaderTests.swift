import Foundation
import ImageCodecs
import Inflate
import OcellusTestSupport
import Testing

/// `ExifReader`: every conformance file with an `exif_orientation` (the EXIF block found by a
/// marker/chunk walk written here, independent of the decoders), and hand-built TIFF
/// structures in both byte orders whose expected orientation is Pillow 13's
/// (`ImageOps.exif_transpose` semantics: `{1: 1, …, 8: 8}.get(PixelImage.Exif().load(tiff).get(0x0112), 1)`).
@Suite("EXIF orientation reader")
struct ExifReaderTests {
  /// (name, TIFF bytes as hex, Pillow's orientation).
  static let tiffCases: [(String, String, Int)] = [
    ("II: SHORT 6", "49492a0008000000010012010300010000000600000000000000", 6),
    (
      "II: SHORT 8 after other tags",
      "49492a000800000003000001040001000000800200000101040001000000e001000012010300010000000800000000000000",
      8
    ),
    (
      "II: LONG 3 (Pillow accepts any integer type)",
      "49492a0008000000010012010400010000000300000000000000", 3
    ),
    ("II: SSHORT 5", "49492a0008000000010012010800010000000500000000000000", 5),
    ("II: SLONG 7", "49492a0008000000010012010900010000000700000000000000", 7),
    ("II: SBYTE 2", "49492a0008000000010012010600010000000200000000000000", 2),
    ("II: BYTE 6 is bytes for Pillow", "49492a0008000000010012010100010000000600000000000000", 1),
    (
      "II: UNDEFINED 6 is bytes for Pillow", "49492a0008000000010012010700010000000600000000000000",
      1
    ),
    ("II: ASCII \"6\"", "49492a0008000000010012010200020000003600000000000000", 1),
    ("II: FLOAT 6.0", "49492a0008000000010012010b00010000000000c04000000000", 6),
    (
      "II: DOUBLE 7.0 at an offset",
      "49492a0008000000010012010c00010000001a000000000000000000000000001c40", 7
    ),
    (
      "II: RATIONAL 12/2", "49492a0008000000010012010500010000001a000000000000000c00000002000000", 6
    ),
    (
      "II: RATIONAL 13/2", "49492a0008000000010012010500010000001a000000000000000d00000002000000", 1
    ),
    ("II: RATIONAL 6/0", "49492a0008000000010012010500010000001a000000000000000600000000000000", 1),
    (
      "II: SRATIONAL -12/-2",
      "49492a0008000000010012010a00010000001a00000000000000f4fffffffeffffff", 6
    ),
    (
      "II: SHORT count 2: the first value counts",
      "49492a0008000000010012010300020000000600030000000000", 6
    ),
    (
      "II: LONG count 2 at an offset",
      "49492a0008000000010012010400020000001a000000000000000700000001000000", 7
    ),
    ("II: value 0", "49492a0008000000010012010300010000000000000000000000", 1),
    ("II: value 9", "49492a0008000000010012010300010000000900000000000000", 1),
    ("II: LONG 2^32-1", "49492a000800000001001201040001000000ffffffff00000000", 1),
    ("II: SSHORT -3", "49492a000800000001001201080001000000fdff000000000000", 1),
    ("II: no orientation tag", "49492a0008000000010000010300010000000600000000000000", 1),
    (
      "II: duplicate tag: the first wins",
      "49492a0008000000020012010300010000000600000012010300010000000300000000000000", 6
    ),
    (
      "II: unknown type first, then a valid entry",
      "49492a0008000000020012016300010000000600000012010300010000000300000000000000", 3
    ),
    (
      "II: count 0 first, then a valid entry",
      "49492a0008000000020012010300000000000600000012010300010000000300000000000000", 3
    ),
    (
      "II: bad data offset before the tag stops reading",
      "49492a000800000002000f010200140000009f86010012010300010000000600000000000000", 1
    ),
    (
      "II: data larger than the file is skipped",
      "49492a000800000002000f010200000000402600000012010300010000000600000000000000", 6
    ),
    (
      "II: huge SHORT count is skipped",
      "49492a0008000000020012010300000000401a00000012010300010000000400000000000000", 4
    ),
    (
      "II: duplicate of a tag with a bad offset is ignored",
      "49492a000800000003000f01020002000000410000000f010200140000009f86010012010300010000000500000000000000",
      5
    ),
    ("II: IFD offset past the end", "49492a00f4010000010012010300010000000600000000000000", 1),
    ("II: IFD offset 2^32-1", "49492a00ffffffff010012010300010000000600000000000000", 1),
    (
      "II: IFD at offset 0 (the header itself)",
      "49492a0000000000010012010300010000000600000000000000", 1
    ),
    (
      "II: next-IFD offset loops to itself", "49492a0008000000010012010300010000000200000008000000",
      2
    ),
    (
      "II: entry count 65535, cut short after the tag",
      "49492a0008000000ffff00010300010000000600000012010300010000000800000000000000", 8
    ),
    (
      "II: IFD cut inside the orientation entry",
      "49492a00080000000200000103000100000006000000120103000100", 1
    ),
    (
      "II: magic 42 in the other byte order",
      "4949002a08000000010012010300010000000500000000000000", 5
    ),
    ("MM: SHORT 6", "4d4d002a00000008000101120003000000010006000000000000", 6),
    (
      "MM: SHORT 8 after other tags",
      "4d4d002a0000000800030100000400000001000002800101000400000001000001e001120003000000010008000000000000",
      8
    ),
    (
      "MM: LONG 3 (Pillow accepts any integer type)",
      "4d4d002a00000008000101120004000000010000000300000000", 3
    ),
    ("MM: SSHORT 5", "4d4d002a00000008000101120008000000010005000000000000", 5),
    ("MM: SLONG 7", "4d4d002a00000008000101120009000000010000000700000000", 7),
    ("MM: SBYTE 2", "4d4d002a00000008000101120006000000010200000000000000", 2),
    ("MM: BYTE 6 is bytes for Pillow", "4d4d002a00000008000101120001000000010600000000000000", 1),
    (
      "MM: UNDEFINED 6 is bytes for Pillow", "4d4d002a00000008000101120007000000010600000000000000",
      1
    ),
    ("MM: ASCII \"6\"", "4d4d002a00000008000101120002000000023600000000000000", 1),
    ("MM: FLOAT 6.0", "4d4d002a0000000800010112000b0000000140c0000000000000", 6),
    (
      "MM: DOUBLE 7.0 at an offset",
      "4d4d002a0000000800010112000c000000010000001a00000000401c000000000000", 7
    ),
    (
      "MM: RATIONAL 12/2", "4d4d002a00000008000101120005000000010000001a000000000000000c00000002", 6
    ),
    (
      "MM: RATIONAL 13/2", "4d4d002a00000008000101120005000000010000001a000000000000000d00000002", 1
    ),
    ("MM: RATIONAL 6/0", "4d4d002a00000008000101120005000000010000001a000000000000000600000000", 1),
    (
      "MM: SRATIONAL -12/-2",
      "4d4d002a0000000800010112000a000000010000001a00000000fffffff4fffffffe", 6
    ),
    (
      "MM: SHORT count 2: the first value counts",
      "4d4d002a00000008000101120003000000020006000300000000", 6
    ),
    (
      "MM: LONG count 2 at an offset",
      "4d4d002a00000008000101120004000000020000001a000000000000000700000001", 7
    ),
    ("MM: value 0", "4d4d002a00000008000101120003000000010000000000000000", 1),
    ("MM: value 9", "4d4d002a00000008000101120003000000010009000000000000", 1),
    ("MM: LONG 2^32-1", "4d4d002a0000000800010112000400000001ffffffff00000000", 1),
    ("MM: SSHORT -3", "4d4d002a0000000800010112000800000001fffd000000000000", 1),
    ("MM: no orientation tag", "4d4d002a00000008000101000003000000010006000000000000", 1),
    (
      "MM: duplicate tag: the first wins",
      "4d4d002a00000008000201120003000000010006000001120003000000010003000000000000", 6
    ),
    (
      "MM: unknown type first, then a valid entry",
      "4d4d002a00000008000201120063000000010006000001120003000000010003000000000000", 3
    ),
    (
      "MM: count 0 first, then a valid entry",
      "4d4d002a00000008000201120003000000000006000001120003000000010003000000000000", 3
    ),
    (
      "MM: bad data offset before the tag stops reading",
      "4d4d002a000000080002010f0002000000140001869f01120003000000010006000000000000", 1
    ),
    (
      "MM: data larger than the file is skipped",
      "4d4d002a000000080002010f0002400000000000002601120003000000010006000000000000", 6
    ),
    (
      "MM: huge SHORT count is skipped",
      "4d4d002a00000008000201120003400000000000001a01120003000000010004000000000000", 4
    ),
    (
      "MM: duplicate of a tag with a bad offset is ignored",
      "4d4d002a000000080003010f00020000000241000000010f0002000000140001869f01120003000000010005000000000000",
      5
    ),
    ("MM: IFD offset past the end", "4d4d002a000001f4000101120003000000010006000000000000", 1),
    ("MM: IFD offset 2^32-1", "4d4d002affffffff000101120003000000010006000000000000", 1),
    (
      "MM: IFD at offset 0 (the header itself)",
      "4d4d002a00000000000101120003000000010006000000000000", 1
    ),
    (
      "MM: next-IFD offset loops to itself", "4d4d002a00000008000101120003000000010002000000000008",
      2
    ),
    (
      "MM: entry count 65535, cut short after the tag",
      "4d4d002a00000008ffff01000003000000010006000001120003000000010008000000000000", 8
    ),
    (
      "MM: IFD cut inside the orientation entry",
      "4d4d002a000000080002010000030000000100060000011200030000", 1
    ),
    (
      "MM: magic 42 in the other byte order",
      "4d4d2a0000000008000101120003000000010005000000000000", 5
    ),
    ("mixed byte-order mark IM", "494d2a0008000000010012010300010000000600000000000000", 1),
    ("7 bytes", "49492a00080000", 1),
    ("empty", "", 1),

  ]

  static func bytes(hex: String) -> [UInt8] {
    var out: [UInt8] = []
    var high: UInt8?
    for character in hex.utf8 {
      let value: UInt8 = character <= 57 ? character - 48 : character - 87
      if let first = high {
        out.append(first << 4 | value)
        high = nil
      } else {
        high = value
      }
    }
    return out
  }

  @Test("hand-built TIFF structures give Pillow's orientation")
  func tiffStructures() {
    for (name, hex, expected) in Self.tiffCases {
      let tiff = Self.bytes(hex: hex)
      #expect(ExifReader.orientation(tiff: tiff[...]) == expected, "\(name)")
      // The same bytes inside a larger buffer (a slice whose indices do not start at 0), and
      // behind an APP1 "Exif\0\0" header.
      let padded = [UInt8](repeating: 0xAA, count: 7) + tiff + [UInt8](repeating: 0xFF, count: 3)
      #expect(
        ExifReader.orientation(tiff: padded[7..<(7 + tiff.count)]) == expected, "\(name) (slice)")
      let app1 = Array("Exif".utf8) + [0, 0] + tiff
      #expect(ExifReader.orientation(app1Payload: app1[...]) == expected, "\(name) (APP1)")
    }
  }

  @Test("APP1 payloads: only \"Exif\\0\\0\" is EXIF; a doubled header is skipped as Pillow does")
  func app1Payloads() {
    let tiff = Self.bytes(hex: "4d4d002a00000008000101120003000000010006000000000000")
    #expect(ExifReader.orientation(tiff: tiff[...]) == 6)
    let exif = Array("Exif".utf8) + [0, 0]
    #expect(ExifReader.orientation(app1Payload: (exif + tiff)[...]) == 6)
    #expect(ExifReader.orientation(app1Payload: (exif + exif + tiff)[...]) == 6)
    #expect(
      ExifReader.orientation(app1Payload: (Array("Exif".utf8) + [0, 0xFF] + tiff)[...]) == nil)
    #expect(
      ExifReader.orientation(app1Payload: (Array("http://ns.adobe.com/xap/1.0/".utf8) + [0])[...])
        == nil)
    #expect(ExifReader.orientation(app1Payload: [][...]) == nil)
    #expect(ExifReader.orientation(app1Payload: exif[...]) == 1)
    #expect(ExifReader.orientation(app1Payload: (exif + tiff.prefix(5))[...]) == 1)
  }

  @Test(
    "every truncation and every single-byte corruption of a TIFF returns 1...8 without trapping")
  func truncationsAndCorruptions() {
    let tiff = Self.bytes(
      hex: "49492a000800000003000f01020014000000320000001201030001000000060000006987040001000000"
        + "46000000000000004f43454c4c555300000000000000000000000000000000000000000000000000")
    #expect(ExifReader.orientation(tiff: tiff[...]) == 6)
    for length in 0..<tiff.count {
      let value = ExifReader.orientation(tiff: tiff[..<length])
      #expect((1...8).contains(value))
    }
    for index in tiff.indices {
      for replacement: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF] {
        var copy = tiff
        copy[index] = replacement
        #expect((1...8).contains(ExifReader.orientation(tiff: copy[...])))
      }
    }
  }

  /// The EXIF TIFF block of a JPEG (first APP1 starting "Exif\0\0", found by walking markers up
  /// to SOS) or a PNG (`eXIf`, else a "Raw profile type exif" tEXt/zTXt chunk, hex-encoded,
  /// as ImageMagick writes and Pillow reads). `nil` when the file has none.
  static func exifBlock(_ file: [UInt8]) -> (payload: [UInt8], isAPP1: Bool)? {
    if file.starts(with: [0xFF, 0xD8]) {
      var position = 2
      while position + 4 <= file.count {
        guard file[position] == 0xFF else {
          position += 1
          continue
        }
        let marker = file[position + 1]
        if marker == 0xFF {
          position += 1
          continue
        }
        if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
          position += 2
          continue
        }
        if marker == 0xDA || marker == 0xD9 { return nil }
        let length = Int(file[position + 2]) << 8 | Int(file[position + 3])
        guard length >= 2, position + 2 + length <= file.count else { return nil }
        let payload = Array(file[(position + 4)..<(position + 2 + length)])
        if marker == 0xE1, payload.starts(with: Array("Exif".utf8) + [0, 0]) {
          return (payload, true)
        }
        position += 2 + length
      }
      return nil
    }
    var position = 8
    var raw: [UInt8]?
    while position + 12 <= file.count {
      let length = file[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: file[(position + 4)..<(position + 8)], as: UTF8.self)
      guard position + 12 + length <= file.count else { break }
      let data = Array(file[(position + 8)..<(position + 8 + length)])
      if type == "eXIf" { return (data, false) }
      let keyword = Array("Raw profile type exif".utf8) + [0]
      if raw == nil, type == "tEXt" || type == "zTXt", data.starts(with: keyword) {
        var text = Array(data.dropFirst(keyword.count))
        if type == "zTXt" {
          text = (try? Inflate.decompress(Array(text.dropFirst()), format: .zlib)) ?? []
        }
        // "\nexif\n  <length>\n<hex digits over lines>": the hex starts on the fourth line.
        let lines = text.split(separator: 0x0A, omittingEmptySubsequences: false)
        let hex = lines.dropFirst(3).flatMap { $0 }.filter { $0 != 0x20 }
        raw = Self.bytes(hex: String(decoding: hex, as: UTF8.self))
      }
      position += 12 + length
    }
    return raw.map { ($0, $0.starts(with: Array("Exif".utf8) + [0, 0])) }
  }

  @Test(
    "conformance files: the orientation matches the manifest (0 = absent → 1)",
    .enabled(if: SharedData.isAvailable),
    arguments: ConformanceManifest.entries { $0.exifOrientation != nil })
  func conformance(_ entry: ConformanceManifest.Entry) throws {
    let file = try SharedData.bytes("conformance/\(entry.file)")
    let expected = max(1, entry.exifOrientation ?? 1)
    let found: Int
    if let block = Self.exifBlock(file) {
      found =
        block.isAPP1
        ? (ExifReader.orientation(app1Payload: block.payload[...]) ?? 1)
        : ExifReader.orientation(tiff: block.payload[...])
    } else {
      found = 1
    }
    #expect(found == expected)
    if expected != 1 {
      #expect(Self.exifBlock(file) != nil, "a file with orientation \(expected) has an EXIF block")
    }
  }
}
