import Foundation
import Ocellus
import OcellusRemote
import OcellusTestSupport
import Testing

/// The streaming SHA-256 that verifies downloads: FIPS 180-4 vectors, every split of the
/// input, agreement with an independent implementation, and the real model files.
@Suite("SHA256Digest")
struct RemoteSHA256Tests {
  @Test("the FIPS 180-4 / NIST example vectors")
  func vectors() {
    #expect(
      SHA256Digest.hex(of: [])
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256Digest.hex(of: Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256Digest.hex(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      SHA256Digest.hex(of: Array("The quick brown fox jumps over the lazy dog".utf8))
        == "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592")
  }

  @Test("one million 'a' fed in uneven pieces")
  func millionA() {
    var digest = SHA256Digest()
    let piece = [UInt8](repeating: 0x61, count: 997)
    var fed = 0
    var size = 1
    while fed < 1_000_000 {
      let take = min(size, 1_000_000 - fed, piece.count)
      digest.update(Array(piece[0..<take]))
      fed += take
      size = size * 3 % 997 + 1
    }
    #expect(digest.count == 1_000_000)
    #expect(
      digest.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test("every length around the block boundaries, fed whole and byte by byte")
  func boundaries() {
    var generator = SplitMix64(seed: 0x5A17)
    for length in 0...200 {
      let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      let expected = OcellusTestSupport.SHA256.hex(bytes)
      #expect(SHA256Digest.hex(of: bytes) == expected, "length \(length)")
      var streamed = SHA256Digest()
      for byte in bytes { streamed.update([byte]) }
      #expect(streamed.hexDigest() == expected, "length \(length), byte by byte")
    }
  }

  @Test("finalize does not consume the state: more bytes can follow")
  func finalizeIsPure() {
    var digest = SHA256Digest()
    digest.update(Array("ab".utf8))
    _ = digest.finalize()
    digest.update(Array("c".utf8))
    #expect(digest.hexDigest() == SHA256Digest.hex(of: Array("abc".utf8)))
  }

  @Test(
    "the catalog pins equal the shared model files (sha256sum values)",
    .enabled(if: SharedData.isAvailable))
  func catalogPins() throws {
    for entry in ModelCatalog.standard.entries {
      let bytes = try SharedData.bytes("models/" + entry.fileName)
      #expect(bytes.count == entry.byteCount, "\(entry.name)")
      #expect(SHA256Digest.hex(of: bytes) == entry.sha256, "\(entry.name)")
      #expect(OcellusTestSupport.SHA256.hex(bytes) == entry.sha256, "\(entry.name)")
    }
    // Checked by hand with `sha256sum mobilenet_v1_0.25_224_quant.tflite`.
    #expect(
      ModelCatalog.standard.entry(named: "mobilenet-v1-0.25-quant")?.sha256
        == "e480eb15572f86d3d5f1be6e83e35b3c7d509ab2bcec353707d1f614e14edca2")
  }
}
