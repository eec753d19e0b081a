import ImageCodecs
import OcellusTestSupport
import Testing

/// Single-scan sequential JPEGs are decoded one iMCU row at a time (``JPEGDecoder/decode``);
/// these tests hold that path to the whole-frame path (every coefficient stored before the
/// pixel pass) on every sampling layout, restart intervals, odd sizes, and truncated or
/// damaged data: same pixels, same `isIncomplete`, same errors.
@Suite("JPEG decoder: streamed single-scan path")
struct JPEGStreamedDecodeTests {
  /// Single-scan sequential files: 4:4:4 (odd height, restarts), 4:2:2, 4:2:0 (odd size),
  /// grayscale 1×1 and 2×2 sampled, RGB, YCCK with restarts, one-pixel-wide and -high.
  static let files = [
    "images/burger.jpg", "images/pets.jpg", "images/DandelionFlower.jpg",
    "conformance/jpeg/jpeg-decoder-reftest/restarts.jpg",
    "conformance/jpeg/jpeg-decoder-reftest/mjpeg.jpg",
    "conformance/jpeg/libjpeg-turbo/testorig.jpg",
    "conformance/jpeg/libjpeg-turbo/testimgint.jpg",
    "conformance/jpeg/jpeg-decoder-reftest/grayscale_square.jpg",
    "conformance/jpeg/jpeg-decoder-reftest/grayscale_16x24_sampling2x2.jpg",
    "conformance/jpeg/jpeg-decoder-reftest/grayscale_24x16_sampling2x2.jpg",
    "conformance/jpeg/jpeg-decoder-reftest/grayscale_large.jpg",
    "conformance/jpeg/jpeg-decoder-reftest/grayscale_long.jpg",
    "conformance/jpeg/jpeg-decoder-reftest/rgb.jpg",
    "conformance/jpeg/jpeg-decoder-reftest/ycck.jpg",
    "conformance/jpeg/jpeg-decoder-reftest/extraneous-data.jpg",
    "conformance/jpeg/jpeg-decoder-crashtest/multiple-0xff-before-eoi.jpg",
    "conformance/jpeg/jpeg-decoder-crashtest/dc-predictor-overflow.jpg",
  ]

  /// Decodes `bytes` both ways and expects the same image, or the same error.
  static func expectSame(_ bytes: [UInt8], _ what: String) {
    let whole: DecodedImage
    do throws(DecodeError) {
      whole = try JPEGDecoder.decodeWholeFrame(bytes)
    } catch {
      #expect(throws: error, "\(what)") { try JPEGDecoder.decode(bytes) }
      return
    }
    do throws(DecodeError) {
      let streamed = try JPEGDecoder.decode(bytes)
      #expect(streamed.isIncomplete == whole.isIncomplete, "\(what)")
      // Compared as a Bool so that a failure does not print two whole images.
      let same = streamed == whole
      #expect(same, "\(what)")
    } catch {
      Issue.record("\(what): the streamed path throws \(error)")
    }
  }

  @Test("the files are single-scan sequential", .enabled(if: SharedData.isAvailable))
  func singleScan() throws {
    for file in Self.files {
      let info = try JPEGInspector.inspect(try SharedData.bytes(file))
      #expect(!info.isProgressive && info.scanCount == 1, "\(file)")
    }
  }

  @Test(
    "streamed == whole frame on every sampling layout", .enabled(if: SharedData.isAvailable),
    arguments: files)
  func sameImage(_ file: String) throws {
    Self.expectSame(try SharedData.bytes(file), file)
  }

  @Test(
    "streamed == whole frame on truncated data (isIncomplete too)",
    .enabled(if: SharedData.isAvailable),
    arguments: [
      "images/pets.jpg", "images/burger.jpg",
      "conformance/jpeg/jpeg-decoder-reftest/restarts.jpg",
      "conformance/jpeg/libjpeg-turbo/testorig.jpg",
      "conformance/jpeg/jpeg-decoder-reftest/grayscale_16x24_sampling2x2.jpg",
    ])
  func truncated(_ file: String) throws {
    let bytes = try SharedData.bytes(file)
    var incomplete = 0
    for step in 1..<12 {
      let cut = bytes.count * step / 12
      Self.expectSame(Array(bytes.prefix(cut)), "\(file) cut at \(cut)")
      if (try? JPEGDecoder.decode(Array(bytes.prefix(cut))))?.isIncomplete == true {
        incomplete += 1
      }
    }
    #expect(incomplete > 0)
  }

  @Test(
    "streamed == whole frame when restart markers are missing or out of order",
    .enabled(if: SharedData.isAvailable),
    arguments: [
      "conformance/jpeg/jpeg-decoder-reftest/restarts.jpg",
      "conformance/jpeg/jpeg-decoder-reftest/mjpeg.jpg",
      "conformance/jpeg/jpeg-decoder-reftest/ycck.jpg",
    ])
  func damagedRestarts(_ file: String) throws {
    let bytes = try SharedData.bytes(file)
    // The RST markers in the entropy data (after the last SOS; thumbnails come before).
    let scan = try #require(
      bytes.indices.dropLast().last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
    let restarts = (scan..<(bytes.count - 1)).filter {
      bytes[$0] == 0xFF && (0xD0...0xD7).contains(bytes[$0 + 1])
    }
    try #require(restarts.count >= 4)
    var damaged = 0
    for index in stride(from: 0, to: restarts.count, by: max(1, restarts.count / 6)).map({
      restarts[$0]
    }) {
      var renumbered = bytes
      renumbered[index + 1] = 0xD0 + (renumbered[index + 1] &+ 3) & 7
      Self.expectSame(renumbered, "\(file) RST at \(index) renumbered")
      var removed = bytes
      removed.removeSubrange(index..<(index + 2))
      Self.expectSame(removed, "\(file) RST at \(index) removed")
      var flipped = bytes
      flipped[index - 3] ^= 0x5A
      Self.expectSame(flipped, "\(file) byte before the RST at \(index) flipped")
      if (try? JPEGDecoder.decode(renumbered))?.isIncomplete == true { damaged += 1 }
    }
    #expect(damaged > 0)
  }
}
