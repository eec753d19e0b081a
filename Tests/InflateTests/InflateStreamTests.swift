import Inflate
import Testing

@Suite("InflateStream: chunked input")
struct InflateStreamTests {
  /// Feeds `stream` in pieces of `size` bytes and returns the finished output.
  static func inflate(
    _ stream: [UInt8], format: InflateFormat, pieceSize size: Int,
    limits: InflateLimits = InflateLimits()
  ) throws(InflateError) -> [UInt8] {
    var inflater = try InflateStream(format: format, limits: limits)
    var start = 0
    while start < stream.count {
      let end = min(stream.count, start + size)
      try inflater.append(stream[start..<end])
      start = end
    }
    return try inflater.finish()
  }

  @Test(arguments: InflateFixtures.all)
  func fixtureSplitAtEveryFewBytes(_ fixture: InflateFixture) throws {
    let stream = TestSupport.base64(fixture.base64)
    let format: InflateFormat = fixture.isZlib ? .zlib : .raw
    let expected = try Inflate.decompress(stream, format: format)
    for size in [1, 2, 3, 5, 7, 13, 64, 1000] {
      #expect(
        try Self.inflate(stream, format: format, pieceSize: size) == expected, "pieces of \(size)")
    }
  }

  @Test func craftedStreamsInSingleBytes() throws {
    for fixture in InflateFixtures.validCrafted {
      #expect(
        try Self.inflate(fixture.bytes, format: .raw, pieceSize: 1) == fixture.output,
        "\(fixture.name)")
      #expect(
        try Self.inflate(fixture.bytes, format: .raw, pieceSize: 3) == fixture.output,
        "\(fixture.name)")
    }
  }

  @Test func everySplitPointOfAStream() throws {
    for name in ["textManyBlocks", "textFixed", "textLevel0", "overlapPeriods"] {
      let fixture = try #require(InflateFixtures.all.first { $0.name == name })
      let stream = TestSupport.base64(fixture.base64)
      let format: InflateFormat = fixture.isZlib ? .zlib : .raw
      let expected = try Inflate.decompress(stream, format: format)
      for split in 0...stream.count {
        var inflater = try InflateStream(format: format)
        try inflater.append(stream[0..<split])
        try inflater.append(stream[split...])
        #expect(inflater.isFinished)
        #expect(inflater.output.elementsEqual(expected))
        #expect(try inflater.finish() == expected, "\(name) split at \(split)")
      }
    }
  }

  @Test func realPNGStreamsInIDATSizedPieces() throws {
    for path in [
      "png-extra/image-png-bugfixes/gama-srgb-order-issue#304.png",
      "png-extra/image-png-bugfixes/F-exif-chunk-early.png", "pngsuite/basi2c16.png",
      "pngsuite/z09n2c08.png", "png-extra/image-png-bugfixes/x_consecutive_idat.png",
    ] {
      let png = PNGStreams(file: try TestSupport.read("conformance/" + path))
      let expected = try Inflate.decompress(png.zlibStream, format: .zlib)
      #expect(expected.count == png.rawSize)
      for size in [1, 4, 9, 100, 8192] where png.zlibStream.count / size < 200_000 {
        #expect(
          try Self.inflate(png.zlibStream, format: .zlib, pieceSize: size) == expected,
          "\(path) / \(size)")
      }
    }
  }

  @Test func truncatedStreamFailsAtFinish() throws {
    let fixture = try #require(InflateFixtures.all.first { $0.name == "textLevel6" })
    let stream = TestSupport.base64(fixture.base64)
    for length in [0, 1, 2, 3, stream.count / 2, stream.count - 1] {
      var inflater = try InflateStream(format: .zlib)
      try inflater.append(stream[0..<length])
      #expect(!inflater.isFinished)
      let error = TestSupport.inflateError { () throws(InflateError) in _ = try inflater.finish() }
      #expect(error == .unexpectedEndOfInput(byteOffset: length), "cut at \(length)")
    }
  }

  @Test func errorsCarryAbsoluteOffsetsAndPersist() throws {
    let hostile = try #require(
      InflateFixtures.hostile.first { $0.name == "distanceTooFarBackFastPath" })
    var inflater = try InflateStream(format: .raw)
    var thrown: InflateError?
    for byte in hostile.bytes where thrown == nil {
      thrown = TestSupport.inflateError { () throws(InflateError) in try inflater.append([byte]) }
    }
    #expect(thrown == hostile.error)
    let again = TestSupport.inflateError { () throws(InflateError) in try inflater.append([0]) }
    #expect(again == hostile.error)
  }

  @Test func limitsApplyToStreams() throws {
    let bomb = try #require(InflateFixtures.all.first { $0.name == "megabyteOfZeros" })
    let stream = TestSupport.base64(bomb.base64)
    let limited = TestSupport.inflateError { () throws(InflateError) in
      _ = try Self.inflate(
        stream, format: .zlib, pieceSize: 10, limits: InflateLimits(maxOutputBytes: 4096))
    }
    #expect(limited == .outputLimitExceeded(limit: 4096))
    let longer = TestSupport.inflateError { () throws(InflateError) in
      _ = try Self.inflate(
        stream, format: .zlib, pieceSize: 10, limits: InflateLimits(expectedOutputBytes: 4096))
    }
    #expect(longer == .outputLongerThanExpected(expected: 4096))
    let shorter = TestSupport.inflateError { () throws(InflateError) in
      _ = try Self.inflate(
        stream, format: .zlib, pieceSize: 10, limits: InflateLimits(expectedOutputBytes: 1 << 21))
    }
    #expect(shorter == .outputShorterThanExpected(expected: 1 << 21, actual: 1 << 20))
    #expect(
      try Self.inflate(
        stream, format: .zlib, pieceSize: 10, limits: InflateLimits(expectedOutputBytes: 1 << 20)
      ).count == 1 << 20)
  }

  @Test func trailingBytesAreCountedNotDecoded() throws {
    let fixture = try #require(InflateFixtures.all.first { $0.name == "helloZlib" })
    let stream = TestSupport.base64(fixture.base64)
    var inflater = try InflateStream(format: .zlib)
    try inflater.append(stream + [9, 9, 9])
    try inflater.append([7, 7])
    #expect(inflater.isFinished)
    #expect(inflater.trailingByteCount == 5)
    #expect(try inflater.finish() == Array("hello, hello, hello world".utf8))
  }
}
