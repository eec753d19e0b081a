import Inflate
import Testing

@Suite("Inflate: Python zlib fixtures and crafted valid streams")
struct InflateFixtureTests {
  @Test(arguments: InflateFixtures.all)
  func fixtureInflatesToItsPayload(_ fixture: InflateFixture) throws {
    let compressed = TestSupport.base64(fixture.base64)
    try #require(!compressed.isEmpty || fixture.base64.isEmpty)
    let format: InflateFormat = fixture.isZlib ? .zlib : .raw
    let output = try Inflate.decompress(compressed, format: format)
    #expect(output.count == fixture.length)
    #expect(CRC32.checksum(output) == fixture.crc32)
    if let payload = fixture.payload {
      #expect(output == Array(payload.utf8))
    }
    // The exact size is accepted, and the slice and raw-pointer overloads agree.
    let exact = try Inflate.decompress(
      compressed[...], format: format, limits: InflateLimits(expectedOutputBytes: fixture.length))
    #expect(exact == output)
    let viaPointer = try compressed.withUnsafeBytes { raw in
      try Inflate.decompress(raw, format: format)
    }
    #expect(viaPointer == output)
  }

  @Test(arguments: InflateFixtures.validCrafted.map(\.name))
  func craftedValidStream(_ name: String) throws {
    let fixture = try #require(InflateFixtures.validCrafted.first { $0.name == name })
    #expect(try Inflate.decompress(fixture.bytes, format: .raw) == fixture.output)
  }

  @Test func zlibWrapperOfRawFixtureIsEquivalent() throws {
    // A zlib stream is the raw stream between a header and an Adler-32 trailer.
    let text = try #require(InflateFixtures.all.first { $0.name == "textRaw" })
    let raw = TestSupport.base64(text.base64)
    let output = try Inflate.decompress(raw, format: .raw)
    let adler = Adler32.checksum(output)
    let wrapped =
      [0x78, 0x9C] + raw + [
        UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF),
        UInt8(adler & 0xFF),
      ]
    #expect(try Inflate.decompress(wrapped, format: .zlib) == output)
  }

  @Test func storedBlocksBuiltByHand() throws {
    // Three stored blocks of 65535, 0 and 1000 bytes: the maximum block size, an empty
    // block, and a final block.
    let data = TestSupport.lcgBytes(count: 66535, seed: 5)
    var stream: [UInt8] = []
    func stored(_ bytes: ArraySlice<UInt8>, final: Bool) {
      let length = bytes.count
      stream += [final ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8)]
      stream += [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
      stream += bytes
    }
    stored(data[0..<65535], final: false)
    stored(data[65535..<65535], final: false)
    stored(data[65535...], final: true)
    #expect(try Inflate.decompress(stream, format: .raw) == data)
    // Trailing bytes after the final block are ignored, as zlib does.
    #expect(try Inflate.decompress(stream + [1, 2, 3], format: .raw) == data)
  }

  @Test func storedZlibStreamOfRealFile() throws {
    // A real label file wrapped in 4000-byte stored blocks with a zlib header and trailer.
    let labels = try TestSupport.read("models/imagenet_labels_1001.txt")
    var stream: [UInt8] = [0x78, 0x01]
    var start = 0
    while start < labels.count {
      let end = min(labels.count, start + 4000)
      let length = end - start
      stream += [end == labels.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8)]
      stream += [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
      stream += labels[start..<end]
      start = end
    }
    let adler = Adler32.checksum(labels)
    stream += [
      UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF),
      UInt8(adler & 0xFF),
    ]
    #expect(try Inflate.decompress(stream, format: .zlib) == labels)
  }
}
