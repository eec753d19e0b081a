import Inflate
import Testing

@Suite("Deflate compressor")
struct DeflateEncoderTests {
  /// Compresses `input` and inflates it back, checking the zlib framing on the way.
  private func roundTrip(_ input: [UInt8]) throws -> [UInt8] {
    let compressed = DeflateEncoder.zlib(input)
    #expect(compressed.prefix(2) == [0x78, 0x9C])
    return try Inflate.decompress(compressed, format: .zlib)
  }

  @Test func emptyInput() throws {
    #expect(try roundTrip([]) == [])
  }

  @Test func textAndRunsCompressAndRoundTrip() throws {
    let text = Array(
      String(repeating: "the quick brown fox jumps over the lazy dog. ", count: 500).utf8)
    let compressed = DeflateEncoder.zlib(text)
    #expect(compressed.count < text.count / 10)
    #expect(try roundTrip(text) == text)
    let run = [UInt8](repeating: 7, count: 100_000)
    #expect(try roundTrip(run) == run)
  }

  @Test func randomBytesRoundTripAsStoredBlocks() throws {
    // Incompressible: stored blocks, no bigger than the input plus framing.
    let noise = TestSupport.lcgBytes(count: 200_000, seed: 7)
    let compressed = DeflateEncoder.zlib(noise)
    #expect(compressed.count <= noise.count + 64)
    #expect(try roundTrip(noise) == noise)
  }

  @Test func manyBlocksAndLongMatchesRoundTrip() throws {
    // More than one 32,768-symbol block, with matches near the window's far end.
    var input: [UInt8] = []
    let chunk = TestSupport.lcgBytes(count: 30_000, seed: 3)
    for round in 0..<6 {
      input += chunk
      input += TestSupport.lcgBytes(count: 5_000 + round, seed: UInt64(round))
    }
    #expect(try roundTrip(input) == input)
  }
}
