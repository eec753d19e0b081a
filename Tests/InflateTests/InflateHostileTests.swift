import Inflate
import Testing

@Suite("Inflate: hostile and corrupt input")
struct InflateHostileTests {
  private static func fixture(_ name: String) -> [UInt8] {
    TestSupport.base64(InflateFixtures.all.first { $0.name == name }?.base64 ?? "")
  }

  @Test(arguments: InflateFixtures.hostile)
  func handMadeStreamFailsWithItsError(_ stream: HostileStream) {
    let error = TestSupport.inflateError { () throws(InflateError) in
      _ = try Inflate.decompress(stream.bytes, format: .raw)
    }
    #expect(error == stream.error)
    #expect(error?.description.isEmpty == false)
  }

  @Test func truncationAtEveryByteIsReportedWhereInputEnds() throws {
    for name in [
      "textLevel6", "textLevel0", "textFixed", "textManyBlocks", "oneByteZlib", "emptyZlib",
    ] {
      let stream = Self.fixture(name)
      try #require(!stream.isEmpty)
      for length in 0..<stream.count {
        let error = TestSupport.inflateError { () throws(InflateError) in
          _ = try Inflate.decompress(stream[0..<length], format: .zlib)
        }
        #expect(error == .unexpectedEndOfInput(byteOffset: length), "\(name) cut at \(length)")
      }
    }
    let raw = Self.fixture("textRaw")
    for length in 0..<raw.count {
      let error = TestSupport.inflateError { () throws(InflateError) in
        _ = try Inflate.decompress(raw[0..<length], format: .raw)
      }
      #expect(error == .unexpectedEndOfInput(byteOffset: length), "textRaw cut at \(length)")
    }
  }

  @Test func emptyInputIsTruncated() {
    for format in [InflateFormat.raw, .zlib] {
      let error = TestSupport.inflateError { () throws(InflateError) in
        _ = try Inflate.decompress([UInt8](), format: format)
      }
      #expect(error == .unexpectedEndOfInput(byteOffset: 0))
    }
  }

  @Test func outputLimitStopsAZipBomb() throws {
    let bomb = Self.fixture("megabyteOfZeros")
    try #require(bomb.count < 2000)
    for limit in [0, 1, 1000, 65536, (1 << 20) - 1] {
      let error = TestSupport.inflateError { () throws(InflateError) in
        _ = try Inflate.decompress(
          bomb, format: .zlib, limits: InflateLimits(maxOutputBytes: limit))
      }
      #expect(error == .outputLimitExceeded(limit: limit))
    }
    let exactLimit = try Inflate.decompress(
      bomb, format: .zlib, limits: InflateLimits(maxOutputBytes: 1 << 20))
    #expect(exactLimit.count == 1 << 20)
    #expect(exactLimit.allSatisfy { $0 == 0 })
  }

  @Test func expectedSizeMustMatchExactly() throws {
    let bomb = Self.fixture("megabyteOfZeros")
    let longer = TestSupport.inflateError { () throws(InflateError) in
      _ = try Inflate.decompress(
        bomb, format: .zlib, limits: InflateLimits(expectedOutputBytes: 5000))
    }
    #expect(longer == .outputLongerThanExpected(expected: 5000))
    let shorter = TestSupport.inflateError { () throws(InflateError) in
      _ = try Inflate.decompress(
        bomb, format: .zlib, limits: InflateLimits(expectedOutputBytes: (1 << 20) + 1))
    }
    #expect(shorter == .outputShorterThanExpected(expected: (1 << 20) + 1, actual: 1 << 20))
    let aboveCap = TestSupport.inflateError { () throws(InflateError) in
      _ = try Inflate.decompress(
        bomb, format: .zlib, limits: InflateLimits(maxOutputBytes: 100, expectedOutputBytes: 101))
    }
    #expect(aboveCap == .outputLimitExceeded(limit: 100))
    // Stored data is limited the same way.
    let stored = Self.fixture("textLevel0")
    let storedError = TestSupport.inflateError { () throws(InflateError) in
      _ = try Inflate.decompress(
        stored, format: .zlib, limits: InflateLimits(expectedOutputBytes: 2999))
    }
    #expect(storedError == .outputLongerThanExpected(expected: 2999))
    // A declared size the input cannot possibly reach (DEFLATE expands at most 1032:1)
    // fails as short, after allocating only what the input could produce.
    let hello = Self.fixture("helloZlib")
    let impossible = TestSupport.inflateError { () throws(InflateError) in
      _ = try Inflate.decompress(
        hello, format: .zlib, limits: InflateLimits(expectedOutputBytes: 200 << 20))
    }
    #expect(impossible == .outputShorterThanExpected(expected: 200 << 20, actual: 25))
    let empty = Self.fixture("emptyZlib")
    #expect(
      try Inflate.decompress(empty, format: .zlib, limits: InflateLimits(expectedOutputBytes: 0))
        == [])
    #expect(
      try Inflate.decompress(empty, format: .zlib, limits: InflateLimits(maxOutputBytes: 0)) == [])
  }

  @Test func wrongAdler32IsReported() throws {
    var stream = Self.fixture("textLevel6")
    let output = try Inflate.decompress(stream, format: .zlib)
    stream[stream.count - 1] ^= 0x01
    let error = TestSupport.inflateError { () throws(InflateError) in
      _ = try Inflate.decompress(stream, format: .zlib)
    }
    let good = Adler32.checksum(output)
    #expect(
      error == .checksumMismatch(expected: good ^ 1, computed: good, byteOffset: stream.count - 4))
    // The same bytes as a raw stream ignore the trailer (and the header makes no sense).
    #expect(try Inflate.decompress(stream[2...], format: .raw) == output)
  }

  @Test func wrongZlibHeadersAreReported() {
    let body = Self.fixture("textLevel6")[2...]
    func error(_ header: [UInt8]) -> InflateError? {
      TestSupport.inflateError { () throws(InflateError) in
        _ = try Inflate.decompress(header + body, format: .zlib)
      }
    }
    #expect(error([0x78, 0x9D]) == .zlibHeaderCheckFailed(cmf: 0x78, flg: 0x9D))
    #expect(error([0x77, 0x85]) == .unsupportedZlibMethod(method: 7))
    #expect(error([0x88, 0x98]) == .invalidZlibWindowSize(cinfo: 8))
    #expect(error([0x78, 0xBB]) == .presetDictionaryUnsupported)
    // Every valid window size and compression level is accepted.
    for cinfo: UInt8 in 0...7 {
      for level: UInt8 in 0...3 {
        let cmf = cinfo << 4 | 8
        var flg = level << 6
        flg += UInt8(31 - (Int(cmf) * 256 + Int(flg)) % 31) % 31
        #expect(error([cmf, flg]) == nil, "header \(cmf) \(flg)")
      }
    }
  }

  @Test func garbageAndBitFlipsNeverCrashOrHang() throws {
    // Random bytes: must fail or succeed within the limit, never trap.
    for seed in 0..<300 {
      let bytes = TestSupport.lcgBytes(count: 1 + seed % 200, seed: UInt64(seed))
      for format in [InflateFormat.raw, .zlib] {
        if let output = try? Inflate.decompress(
          bytes, format: format, limits: InflateLimits(maxOutputBytes: 1 << 16))
        {
          #expect(output.count <= 1 << 16)
        }
      }
    }
    // Single bit flips in a real multi-block stream.
    let stream = Self.fixture("textManyBlocks")
    let original = try Inflate.decompress(stream, format: .zlib)
    var failures = 0
    for bit in 0..<(stream.count * 8) {
      var corrupted = stream
      corrupted[bit / 8] ^= 1 << UInt8(bit % 8)
      do {
        let output = try Inflate.decompress(
          corrupted, format: .zlib, limits: InflateLimits(maxOutputBytes: 10000))
        // A flip that survives must still produce the checksummed output.
        #expect(output == original, "bit \(bit)")
      } catch {
        failures += 1
      }
    }
    #expect(failures > stream.count * 8 * 9 / 10)
  }
}
