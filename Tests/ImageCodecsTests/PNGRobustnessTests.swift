import ImageCodecs
import Inflate
import OcellusTestSupport
import Testing

/// Damaged files whose CRCs are repaired, so the damage reaches the chunk parsers, the
/// inflater and the row decoder: every decode returns or throws a ``DecodeError``.
@Suite("PNG decoder robustness")
struct PNGRobustnessTests {
  /// Recomputes every chunk CRC of `file` (as far as its chunk lengths can be followed).
  static func repairCRCs(_ file: inout [UInt8]) {
    var offset = 8
    while offset + 12 <= file.count {
      let length =
        Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8
        | Int(file[offset + 3])
      guard length <= file.count - offset - 12 else { return }
      let crc = CRC32.checksum(Array(file[(offset + 4)..<(offset + 8 + length)]))
      file.replaceSubrange(
        (offset + 8 + length)..<(offset + 12 + length), with: PNGTestFiles.bigEndian(crc))
      offset += 12 + length
    }
  }

  @Test(
    "mutated conformance files never crash", .enabled(if: SharedData.isAvailable),
    arguments: [
      "pngsuite/basn0g01.png", "pngsuite/basi3p02.png", "pngsuite/basn2c16.png",
      "pngsuite/basi6a08.png",
      "pngsuite/tbrn2c08.png", "pngsuite/f04n2c08.png", "pngsuite/s09i3p02.png",
      "exif/pillow/exif.png",
    ])
  func mutations(_ name: String) throws {
    let original = try SharedData.bytes("conformance/" + name)
    var random = SplitMix64(seed: UInt64(original.count))
    var outcomes = (decoded: 0, failed: 0)
    for round in 0..<300 {
      var file = original
      for _ in 0...(round % 4) {
        let index = Int.random(in: 8..<file.count, using: &random)
        file[index] =
          round % 3 == 0
          ? UInt8.random(in: 0...255, using: &random) : file[index] ^ (1 << UInt8(round % 8))
      }
      Self.repairCRCs(&file)
      do {
        let image = try PNGDecoder.decode(file)
        #expect(image.rgba.count == image.width * image.height * 4)
        outcomes.decoded += 1
      } catch {
        outcomes.failed += 1
      }
      _ = try? PNGDecoder.decodeRGBA16(file)
    }
    #expect(outcomes.decoded + outcomes.failed == 300)
    #expect(outcomes.failed > 0)
  }
}
