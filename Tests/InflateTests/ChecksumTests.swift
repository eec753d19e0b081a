import Inflate
import Testing

@Suite("CRC-32 and Adler-32")
struct ChecksumTests {
  private let check = Array("123456789".utf8)

  @Test func crc32CheckValue() {
    #expect(CRC32.checksum(check) == 0xCBF4_3926)
    #expect(CRC32.checksum([UInt8]()) == 0)
    #expect(CRC32().value == 0)
    #expect(
      CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
  }

  @Test func adler32CheckValue() {
    #expect(Adler32.checksum(check) == 0x091E_01DE)
    #expect(Adler32.checksum([UInt8]()) == 1)
    #expect(Adler32().value == 1)
    #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
  }

  @Test func largeBufferMatchesPython() {
    let bytes = TestSupport.lcgBytes(count: 3 << 20, seed: 12345)
    #expect(CRC32.checksum(bytes) == InflateFixtures.largeBufferCRC32)
    #expect(Adler32.checksum(bytes) == InflateFixtures.largeBufferAdler32)
    let slice = bytes[1000..<1_001_007]
    #expect(CRC32.checksum(slice) == InflateFixtures.sliceCRC32)
    #expect(Adler32.checksum(slice) == InflateFixtures.sliceAdler32)
    bytes.withUnsafeBytes { raw in
      #expect(CRC32.checksum(raw) == InflateFixtures.largeBufferCRC32)
      #expect(Adler32.checksum(raw) == InflateFixtures.largeBufferAdler32)
    }
  }

  @Test func incrementalUpdatesMatchOneShot() {
    let bytes = TestSupport.lcgBytes(count: 100_003, seed: 99)
    // Uneven piece sizes exercise the 8-byte loops, their tails and the 5552-byte blocks.
    for pieceSize in [1, 3, 7, 8, 9, 5551, 5552, 5553, 65536] {
      var crc = CRC32()
      var adler = Adler32()
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + pieceSize)
        crc.update(bytes[start..<end])
        adler.update(bytes[start..<end])
        start = end
      }
      #expect(crc.value == CRC32.checksum(bytes), "piece size \(pieceSize)")
      #expect(adler.value == Adler32.checksum(bytes), "piece size \(pieceSize)")
    }
  }

  @Test func nonContiguousCollectionsAreAccepted() {
    // A lazy map has no contiguous storage, so the copying fallback is used.
    let mapped = check.lazy.map { $0 }
    #expect(CRC32.checksum(mapped) == 0xCBF4_3926)
    #expect(Adler32.checksum(mapped) == 0x091E_01DE)
  }

  @Test func adlerSumsStayReducedOnWorstCaseInput() {
    // All 0xFF bytes maximise both sums; the result must still match the definition.
    let bytes = [UInt8](repeating: 0xFF, count: 100_000)
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    #expect(Adler32.checksum(bytes) == (b << 16) | a)
  }
}
