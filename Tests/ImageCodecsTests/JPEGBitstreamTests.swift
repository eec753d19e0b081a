import Foundation
import ImageCodecs
import Testing

/// Hand-made cases for the JPEG bitstream decoder, through `JPEGInspector`.
@Suite("JPEG bitstream: hand-made cases")
struct JPEGBitstreamTests {
  /// Where each marker segment of `JPEGBitstreamFixtures.baselineWithRestarts` starts: APP0,
  /// DQT, DQT, SOF0, 4 × DHT, DRI, SOS, EOI (entropy data runs from 629 to 873, with RST0 at
  /// 702 and RST1 at 781).
  static let markerOffsets = [2, 20, 89, 158, 177, 210, 393, 426, 609, 615, 873]
  static let sofOffset = 158
  static let dcLuminanceCountsOffset = 182
  static let scanDataOffset = 629
  static let endOfImageOffset = 873

  /// The fixture with `bytes` written at `offset`.
  static func patched(_ offset: Int, _ bytes: [UInt8]) -> [UInt8] {
    var copy = JPEGBitstreamFixtures.baselineWithRestarts
    copy.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
    return copy
  }

  /// The fixture with `bytes` inserted at `offset`.
  static func inserted(_ offset: Int, _ bytes: [UInt8]) -> [UInt8] {
    var copy = JPEGBitstreamFixtures.baselineWithRestarts
    copy.insert(contentsOf: bytes, at: offset)
    return copy
  }

  /// The `feature` of an `.unsupported` error thrown by inspecting `bytes`, or nil.
  static func unsupportedFeature(_ bytes: [UInt8]) -> String? {
    do {
      _ = try JPEGInspector.inspect(bytes)
      return nil
    } catch {
      if case .unsupported(format: .jpeg, let feature) = error { return feature }
      return nil
    }
  }

  @Test("a baseline 4:2:0 file with restart markers gives libjpeg's coefficients")
  func baselineFixture() throws {
    let info = try JPEGInspector.inspect(JPEGBitstreamFixtures.baselineWithRestarts)
    #expect(info.width == 48)
    #expect(info.height == 16)
    #expect(info.components.map(\.horizontalSampling) == [2, 1, 1])
    #expect(info.components.map(\.verticalSampling) == [2, 1, 1])
    #expect(info.components.map(\.widthInBlocks) == [6, 3, 3])
    #expect(info.components.map(\.heightInBlocks) == [2, 1, 1])
    #expect(info.restartInterval == 1)
    #expect(!info.isProgressive)
    #expect(info.scanCount == 1)
    #expect(info.colorTransform == "ycbcr")
    #expect(info.exifOrientation == 1)
    #expect(!info.isIncomplete)
    #expect(info.coefficientChecksum == JPEGBitstreamFixtures.fixtureChecksum)
  }

  @Test("the same picture coded progressively (10 scans) gives the same coefficients")
  func progressiveFixture() throws {
    let info = try JPEGInspector.inspect(JPEGBitstreamFixtures.progressive)
    #expect(info.isProgressive)
    #expect(info.scanCount == 10)
    #expect(!info.isIncomplete)
    #expect(info.coefficientChecksum == JPEGBitstreamFixtures.fixtureChecksum)
  }

  @Test(
    "odd sampling factors (1×4, 2×3 with 2×1 chroma, 4×1, chroma above luma, gray 2×2) match libjpeg"
  )
  func oddSamplingFactors() throws {
    #expect(JPEGBitstreamSamplingFixtures.all.count == 5)
    for (name, bytes, expected) in JPEGBitstreamSamplingFixtures.all {
      let info = try JPEGInspector.inspect(bytes)
      #expect(info.width == 53, "\(name)")
      #expect(info.height == 37, "\(name)")
      #expect(!info.isIncomplete, "\(name)")
      #expect(info.coefficientChecksum == expected, "\(name)")
    }
    let odd = try JPEGInspector.inspect(JPEGBitstreamSamplingFixtures.h2v3Progressive)
    #expect(odd.isProgressive)
    #expect(odd.components.map(\.horizontalSampling) == [2, 1, 2])
    #expect(odd.components.map(\.verticalSampling) == [3, 1, 1])
    // ceil(53 × H / 16) and ceil(37 × V / 24) blocks.
    #expect(odd.components.map(\.widthInBlocks) == [7, 4, 7])
    #expect(odd.components.map(\.heightInBlocks) == [5, 2, 2])
  }

  @Test("cut at every marker boundary: throws before the scan data, decodes after it")
  func truncatedAtMarkerBoundaries() throws {
    let full = JPEGBitstreamFixtures.baselineWithRestarts
    for offset in Self.markerOffsets where offset < Self.scanDataOffset {
      #expect(throws: DecodeError.self, "cut at \(offset)") {
        try JPEGInspector.inspect(Array(full.prefix(offset)))
      }
    }
    // Without its EOI the file still holds every MCU: libjpeg decodes it in full.
    let withoutEOI = try JPEGInspector.inspect(Array(full.prefix(Self.endOfImageOffset)))
    #expect(withoutEOI.coefficientChecksum == JPEGBitstreamFixtures.fixtureChecksum)
    #expect(!withoutEOI.isIncomplete)
    // Cut right after the SOS header: every coefficient is zero, the frame is incomplete.
    let empty = try JPEGInspector.inspect(Array(full.prefix(Self.scanDataOffset)))
    #expect(empty.isIncomplete)
    #expect(empty.coefficientChecksum != JPEGBitstreamFixtures.fixtureChecksum)
  }

  @Test("cut anywhere inside the entropy data: a frame with libjpeg's zero-filled coefficients")
  func truncatedInsideScanData() throws {
    let full = JPEGBitstreamFixtures.baselineWithRestarts
    var incomplete = 0
    var compared = 0
    for offset in Self.scanDataOffset..<Self.endOfImageOffset {
      let info = try JPEGInspector.inspect(Array(full.prefix(offset)))
      if info.isIncomplete { incomplete += 1 }
      if let expected = JPEGBitstreamFixtures.truncatedChecksums[offset] {
        #expect(info.coefficientChecksum == expected, "cut at \(offset)")
        compared += 1
      }
    }
    #expect(compared == JPEGBitstreamFixtures.truncatedChecksums.count)
    // All but the last byte or two (which may hold only padding bits) leave MCUs without data.
    #expect(incomplete >= Self.endOfImageOffset - Self.scanDataOffset - 2)
  }

  @Test("a progressive file cut anywhere: a frame or an error, never a trap")
  func truncatedProgressive() {
    let full = JPEGBitstreamFixtures.progressive
    var frames = 0
    for offset in 0..<full.count {
      if let info = try? JPEGInspector.inspect(Array(full.prefix(offset))) {
        frames += 1
        #expect(info.isIncomplete || offset >= full.count - 2, "cut at \(offset)")
      }
    }
    #expect(frames > full.count / 2)
  }

  @Test("an over-subscribed Huffman table is rejected as libjpeg rejects it")
  func overSubscribedHuffmanTable() {
    // Two 1-bit codes use up every code, so the 1-bit code "1" is all ones: invalid.
    let bytes = Self.patched(Self.dcLuminanceCountsOffset, [2, 1, 3])
    #expect {
      try JPEGInspector.inspect(bytes)
    } throws: { error in
      guard case .invalid(format: .jpeg, _, let reason) = error as? DecodeError else {
        return false
      }
      return reason.contains("over-subscribe")
    }
  }

  @Test("a DC Huffman symbol above 15 and a table longer than its segment are rejected")
  func badHuffmanTables() {
    let badSymbol = Self.patched(Self.dcLuminanceCountsOffset + 16, [16])
    #expect(throws: DecodeError.self) { try JPEGInspector.inspect(badSymbol) }
    let tooManyCodes = Self.patched(
      Self.dcLuminanceCountsOffset, [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 200])
    #expect(throws: DecodeError.self) { try JPEGInspector.inspect(tooManyCodes) }
  }

  @Test("an SOF of 60000×60000 is refused before anything is allocated")
  func hugeFrame() {
    let bytes = Self.patched(Self.sofOffset + 5, [0xEA, 0x60, 0xEA, 0x60])
    #expect(
      throws: DecodeError.tooLarge(
        format: .jpeg, width: 60000, height: 60000, limit: .pixels(DecodeLimits.defaultMaxPixels))
    ) {
      try JPEGInspector.inspect(bytes)
    }
  }

  @Test("coefficient memory is bounded by maxDecodedBytes")
  func decodedBytesLimit() throws {
    let limits = DecodeLimits(maxDecodedBytes: 1000)
    #expect {
      try JPEGInspector.inspect(JPEGBitstreamFixtures.baselineWithRestarts, limits: limits)
    } throws: { error in
      if case .tooLarge(format: .jpeg, width: 48, height: 16, limit: .decodedBytes(1000)) =
        error as? DecodeError
      {
        return true
      }
      return false
    }
    // 12 luminance + 2 × 3 chroma blocks of 128 bytes fit in 2,304 bytes.
    _ = try JPEGInspector.inspect(
      JPEGBitstreamFixtures.baselineWithRestarts, limits: DecodeLimits(maxDecodedBytes: 2304))
  }

  @Test("unsupported coding processes and precisions name the feature")
  func unsupportedFeatures() {
    let sof = Self.sofOffset
    #expect(
      Self.unsupportedFeature(Self.patched(sof + 1, [0xC9]))?.contains("arithmetic coding (SOF9)")
        == true)
    #expect(Self.unsupportedFeature(Self.patched(sof + 1, [0xCA]))?.contains("SOF10") == true)
    #expect(
      Self.unsupportedFeature(Self.patched(sof + 1, [0xC3]))?.contains("lossless (SOF3)") == true)
    #expect(Self.unsupportedFeature(Self.patched(sof + 1, [0xCB]))?.contains("lossless") == true)
    #expect(
      Self.unsupportedFeature(Self.patched(sof + 1, [0xC5]))?.contains("hierarchical") == true)
    #expect(Self.unsupportedFeature(Self.patched(sof + 1, [0xC7]))?.contains("SOF7") == true)
    #expect(
      Self.unsupportedFeature(Self.patched(sof + 1, [0xC1, 0x00, 0x11, 12]))?.contains("12-bit")
        == true)
    #expect(
      Self.unsupportedFeature(Self.patched(sof + 1, [0xC1, 0x00, 0x11, 16]))?.contains("16-bit")
        == true)
    #expect(Self.unsupportedFeature(Self.patched(sof + 5, [0x00, 0x00]))?.contains("DNL") == true)
    #expect(
      Self.unsupportedFeature(Self.inserted(sof, [0xFF, 0xCC, 0x00, 0x04, 0x01, 0x12]))?.contains(
        "DAC") == true)
    // An 8-bit extended (SOF1) frame is supported and decodes like the baseline one.
    let extended = try? JPEGInspector.inspect(Self.patched(sof + 1, [0xC1]))
    #expect(extended?.coefficientChecksum == JPEGBitstreamFixtures.fixtureChecksum)
  }

  @Test("garbage and fill bytes before a marker are skipped, as libjpeg skips them")
  func garbageBeforeMarkers() throws {
    let garbage = Self.inserted(177, [0x00, 0x12, 0xFF, 0x00, 0x34, 0xFF, 0xFF])
    #expect(
      try JPEGInspector.inspect(garbage).coefficientChecksum
        == JPEGBitstreamFixtures.fixtureChecksum)
    let afterScan = Self.inserted(Self.endOfImageOffset, [0x55, 0xAA, 0xFF, 0xFF])
    #expect(
      try JPEGInspector.inspect(afterScan).coefficientChecksum
        == JPEGBitstreamFixtures.fixtureChecksum)
  }

  @Test("a restart marker that is missing or out of order is resynchronized, not fatal")
  func damagedRestartMarkers() throws {
    let full = JPEGBitstreamFixtures.baselineWithRestarts
    let restarts = (Self.scanDataOffset..<(Self.endOfImageOffset - 1)).filter {
      full[$0] == 0xFF && (0xD0...0xD7).contains(full[$0 + 1])
    }
    #expect(restarts == [702, 781])
    for offset in restarts {
      for replacement: UInt8 in [0xD7, 0xD5, 0x01, 0xC4] {
        var bytes = full
        bytes[offset + 1] = replacement
        let info = try JPEGInspector.inspect(bytes)
        #expect(info.isIncomplete, "byte \(offset + 1) → \(replacement)")
        if let expected = JPEGBitstreamFixtures.damagedRestartChecksums[offset]?[replacement] {
          #expect(info.coefficientChecksum == expected, "byte \(offset + 1) → \(replacement)")
        } else {
          // A valid non-RST marker (DHT) stops the scan: the rest stays zero.
          #expect(info.coefficientChecksum != JPEGBitstreamFixtures.fixtureChecksum)
        }
      }
    }
  }

  @Test("a marker inside the entropy data ends it: the rest of the interval stays zero")
  func markerInsideScanData() throws {
    let bytes = Self.inserted(Self.scanDataOffset + 4, [0xFF, 0xD9])
    let info = try JPEGInspector.inspect(bytes)
    #expect(info.isIncomplete)
    #expect(info.coefficientChecksum != JPEGBitstreamFixtures.fixtureChecksum)
  }

  @Test("a file with more than 1000 scans is refused quickly; 1000 are decoded")
  func scanLimit() throws {
    // After the progressive fixture's first scan (DC first, Al=1), repeat a DC refinement scan
    // (Ss=0 Se=0 Ah=1 Al=0) over the 3 components: 3 MCUs × 6 blocks = 18 bits of data.
    let full = JPEGBitstreamFixtures.progressive
    let sos = (0..<(full.count - 1)).filter { full[$0] == 0xFF && full[$0 + 1] == 0xDA }
    #expect(sos.count == 10)
    let refine: [UInt8] = [
      0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x00, 0x03, 0x00, 0x00, 0x00, 0x10, 0xA5,
      0x5A, 0x33,
    ]
    func withRefinements(_ count: Int) -> [UInt8] {
      var bytes = Array(full[..<sos[1]])
      for _ in 0..<count { bytes += refine }
      bytes += [0xFF, 0xD9]
      return bytes
    }
    let start = Date()
    let accepted = try JPEGInspector.inspect(withRefinements(999))
    #expect(accepted.scanCount == 1000)
    #expect(throws: DecodeError.self) { try JPEGInspector.inspect(withRefinements(1000)) }
    #expect(Date().timeIntervalSince(start) < 2)
  }

  @Test("the first APP1 Exif segment gives the orientation")
  func exifOrientation() throws {
    func exif(_ orientation: UInt8) -> [UInt8] {
      let tiff: [UInt8] = [
        0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01, 0x01, 0x12, 0x00, 0x03,
        0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      ]
      let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
      return [0xFF, 0xE1, 0x00, UInt8(payload.count + 2)] + payload
    }
    let one = try JPEGInspector.inspect(Self.inserted(20, exif(6)))
    #expect(one.exifOrientation == 6)
    let two = try JPEGInspector.inspect(Self.inserted(20, exif(3) + exif(8)))
    #expect(two.exifOrientation == 3)
    let iccPayload: [UInt8] = Array("ICC_PROFILE".utf8) + [0, 1, 1]
    let icc = try JPEGInspector.inspect(
      Self.inserted(20, [0xFF, 0xE2, 0x00, UInt8(iccPayload.count + 2)] + iccPayload))
    #expect(icc.hasICCProfile)
    #expect(try !JPEGInspector.inspect(JPEGBitstreamFixtures.baselineWithRestarts).hasICCProfile)
  }

  @Test("color transform: Adobe transform 0 means RGB, component ids R G B mean RGB")
  func colorTransforms() throws {
    // Drop the JFIF APP0 (bytes 2..<20) and add an Adobe APP14 with transform 0.
    var adobe = JPEGBitstreamFixtures.baselineWithRestarts
    adobe.replaceSubrange(
      2..<20, with: [0xFF, 0xEE, 0x00, 0x0E] + Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 0])
    #expect(try JPEGInspector.inspect(adobe).colorTransform == "rgb")
    var adobeYCC = adobe
    adobeYCC[2 + 4 + 11] = 1
    #expect(try JPEGInspector.inspect(adobeYCC).colorTransform == "ycbcr")
    // No JFIF or Adobe marker: component ids 'R' 'G' 'B' (the SOS must name them too).
    var rgb = JPEGBitstreamFixtures.baselineWithRestarts
    rgb.removeSubrange(2..<20)
    let sof = Self.sofOffset - 18
    let sos = 615 - 18
    for (i, id) in [UInt8(82), 71, 66].enumerated() {
      rgb[sof + 10 + 3 * i] = id
      rgb[sos + 5 + 2 * i] = id
    }
    #expect(try JPEGInspector.inspect(rgb).colorTransform == "rgb")
  }

  @Test("bad scan and frame headers are rejected")
  func badHeaders() {
    // SOS naming a component the frame does not have.
    #expect(throws: DecodeError.self) { try JPEGInspector.inspect(Self.patched(615 + 5, [0x09])) }
    // Sampling factor 5.
    #expect(throws: DecodeError.self) {
      try JPEGInspector.inspect(Self.patched(Self.sofOffset + 11, [0x51]))
    }
    // Quantization table slot 3 is not defined.
    #expect(throws: DecodeError.self) {
      try JPEGInspector.inspect(Self.patched(Self.sofOffset + 12, [0x03]))
    }
    // No SOI.
    #expect(throws: DecodeError.self) {
      try JPEGInspector.inspect(Array(JPEGBitstreamFixtures.baselineWithRestarts.dropFirst()))
    }
    // A second SOI.
    #expect(throws: DecodeError.self) {
      try JPEGInspector.inspect(Self.inserted(20, [0xFF, 0xD8]))
    }
    // Empty input.
    #expect(throws: DecodeError.self) { try JPEGInspector.inspect([]) }
  }
}
