import Inflate
import Testing

/// ``InflateStream/discardOutput(before:)``: a consumer that drops the output it has used
/// gets the same bytes as one that keeps everything, with the stream's memory bounded, and
/// the exact-size checks still count every byte produced.
@Suite("InflateStream: discarding consumed output")
struct InflateStreamDiscardTests {
  /// About 1.2 MB of bytes with back-references at every distance up to the 32 KiB window:
  /// random literals, then copies of earlier stretches from random distances.
  static let data: [UInt8] = {
    var generator = SplitMix(seed: 7)
    var bytes: [UInt8] = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    while bytes.count < 1_200_000 {
      let distance = Int(generator.next() % UInt64(min(32_768, bytes.count))) + 1
      let length = Int(generator.next() % 300) + 3
      for _ in 0..<length { bytes.append(bytes[bytes.count - distance]) }
      bytes.append(UInt8(truncatingIfNeeded: generator.next()))
    }
    return bytes
  }()

  /// A small deterministic generator (SplitMix64).
  struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Inflates `stream` in `chunk`-byte pieces, collecting and discarding the output after
  /// each piece; returns every byte produced, the most bytes held at once, and the count
  /// discarded.
  static func inflateDiscarding(
    _ stream: [UInt8], format: InflateFormat, expected: Int?, chunk: Int
  ) throws -> (bytes: [UInt8], mostHeld: Int, discarded: Int) {
    var inflater = try InflateStream(
      format: format,
      limits: InflateLimits(maxOutputBytes: 1 << 30, expectedOutputBytes: expected))
    var collected: [UInt8] = []
    var mostHeld = 0
    func collect(_ inflater: InflateStream) {
      let held = inflater.output
      let start = collected.count - inflater.discardedByteCount
      collected += held[(held.startIndex + start)...]
      mostHeld = max(mostHeld, held.count)
    }
    var offset = 0
    while offset < stream.count {
      let end = min(stream.count, offset + chunk)
      try inflater.append(stream[offset..<end])
      collect(inflater)
      inflater.discardOutput(before: inflater.output.count)
      #expect(inflater.output.count >= min(InflateStream.windowSize, collected.count))
      offset = end
    }
    _ = try inflater.finish()
    collect(inflater)
    return (collected, mostHeld, inflater.discardedByteCount)
  }

  @Test("zlib: the same bytes with discarding, memory bounded by window + chunk output")
  func zlibSameBytes() throws {
    let compressed = DeflateEncoder.zlib(Self.data)
    for chunk in [1000, 65_536] {
      let result = try Self.inflateDiscarding(
        compressed, format: .zlib, expected: Self.data.count, chunk: chunk)
      #expect(result.bytes == Self.data, "chunk \(chunk)")
      #expect(result.discarded > Self.data.count / 2, "chunk \(chunk)")
      if chunk == 1000 {
        // 1000 input bytes inflate to far less than half the data.
        #expect(result.mostHeld < Self.data.count / 2)
      }
    }
  }

  @Test("raw DEFLATE: the same bytes with discarding")
  func rawSameBytes() throws {
    let zlib = DeflateEncoder.zlib(Self.data)
    let raw = Array(zlib[2..<(zlib.count - 4)])
    let result = try Self.inflateDiscarding(raw, format: .raw, expected: nil, chunk: 4096)
    #expect(result.bytes == Self.data)
    #expect(result.discarded > 0)
  }

  @Test("exact-size checks count the discarded bytes")
  func exactSize() throws {
    let compressed = DeflateEncoder.zlib(Self.data)
    let n = Self.data.count
    #expect(throws: InflateError.outputShorterThanExpected(expected: n + 1, actual: n)) {
      _ = try Self.inflateDiscarding(compressed, format: .zlib, expected: n + 1, chunk: 1000)
    }
    #expect(throws: InflateError.outputLongerThanExpected(expected: n - 1)) {
      _ = try Self.inflateDiscarding(compressed, format: .zlib, expected: n - 1, chunk: 1000)
    }
  }

  @Test("a corrupt Adler-32 is reported as without discarding")
  func checksum() throws {
    var compressed = DeflateEncoder.zlib(Self.data)
    compressed[compressed.count - 1] ^= 1
    var whole = try InflateStream(format: .zlib)
    let expected: InflateError
    do {
      try whole.append(compressed)
      _ = try whole.finish()
      Issue.record("the corrupt stream inflated")
      return
    } catch {
      expected = error
    }
    guard case .checksumMismatch = expected else {
      Issue.record("expected a checksum mismatch, got \(expected)")
      return
    }
    #expect(throws: expected) {
      _ = try Self.inflateDiscarding(compressed, format: .zlib, expected: nil, chunk: 8192)
    }
  }
}
