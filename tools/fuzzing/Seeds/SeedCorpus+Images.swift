import Foundation

extension SeedCorpus {
  /// The big-endian 32-bit integer at `offset`.
  private func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> Int {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
  }

  /// The chunks (type, data) of a PNG file, as far as its lengths hold.
  func pngChunks(_ bytes: [UInt8]) -> [(type: String, data: ArraySlice<UInt8>)] {
    var chunks: [(String, ArraySlice<UInt8>)] = []
    var position = 8
    while position + 12 <= bytes.count {
      let length = bigEndian32(bytes, position)
      guard position + 12 + length <= bytes.count else { break }
      let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
      chunks.append((type, bytes[(position + 8)..<(position + 8 + length)]))
      position += 12 + length
    }
    return chunks
  }

  /// The payloads of a JPEG file's segments with `marker` (before the first scan).
  func jpegSegments(_ bytes: [UInt8], marker: UInt8) -> [ArraySlice<UInt8>] {
    var segments: [ArraySlice<UInt8>] = []
    var position = 2
    while position + 4 <= bytes.count, bytes[position] == 0xFF, bytes[position + 1] != 0xDA {
      let end = position + 2 + (Int(bytes[position + 2]) << 8 | Int(bytes[position + 3]))
      guard end <= bytes.count else { break }
      if bytes[position + 1] == marker { segments.append(bytes[(position + 4)..<end]) }
      position = end
    }
    return segments
  }

  /// The zlib streams of the PNG suite (IDAT data joined; control byte 1) and the same as
  /// raw DEFLATE (header and Adler-32 cut off; control byte 0), see the inflate target.
  mutating func addInflateSeeds() {
    for file in files(in: shared, under: "conformance/pngsuite", suffix: ".png") {
      guard let bytes = contents(file) else { continue }
      let stream = pngChunks(bytes).filter { $0.type == "IDAT" }.flatMap(\.data)
      guard stream.count > 6 else { continue }
      add([1] + stream, maxBytes: 4096)
      add([0] + stream[2..<(stream.count - 4)], maxBytes: 4096)
    }
  }

  /// EXIF payloads: JPEG APP1 segments and PNG `eXIf` chunks of the EXIF conformance files.
  mutating func addExifSeeds() {
    for file in files(in: shared, under: "conformance/exif", suffix: ".jpg") {
      guard let bytes = contents(file) else { continue }
      for segment in jpegSegments(bytes, marker: 0xE1) { add(segment.prefix(4096)) }
    }
    for file in files(in: shared, under: "conformance/exif", suffix: ".png") {
      guard let bytes = contents(file) else { continue }
      for chunk in pngChunks(bytes) where chunk.type == "eXIf" { add(chunk.data.prefix(4096)) }
    }
  }

  /// Tiny synthetic BMPs of every layout the decoder reads (see ``TinyBMP``).
  mutating func addBMPSeeds() {
    for bytes in TinyBMP.all { add(bytes) }
  }
}
