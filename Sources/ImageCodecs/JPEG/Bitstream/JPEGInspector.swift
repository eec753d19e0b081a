/// Entropy-decodes a JPEG without producing pixels and summarizes it: for tools, and for tests
/// that check the bitstream decoder against facts about files.
public enum JPEGInspector {
  /// Decodes `bytes` down to DCT coefficients and reports their structure and a checksum.
  ///
  /// Throws what ``JPEGDecoder`` throws for the same bytes: `.invalid` / `.truncated` for broken
  /// headers, `.unsupported` for arithmetic coding, 12/16-bit, lossless and hierarchical
  /// files, `.tooLarge` past `limits`.
  public static func inspect(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits())
    throws(DecodeError) -> JPEGInfo
  {
    let frame = try JPEGBitstreamDecoder.decode(bytes, limits: limits)
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    var components: [JPEGComponentInfo] = []
    for plane in frame.components {
      let wide = plane.widthInBlocks
      let high = plane.heightInBlocks
      components.append(
        JPEGComponentInfo(
          identifier: plane.identifier, horizontalSampling: plane.horizontalSampling,
          verticalSampling: plane.verticalSampling, widthInBlocks: wide, heightInBlocks: high))
      plane.coefficients.withUnsafeBufferPointer { coefficients in
        guard let base = coefficients.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        for row in 0..<min(high, plane.blocksPerColumn) {
          let start = row * plane.blocksPerLine * 64
          let count = min(wide, plane.blocksPerLine) * 64
          // Four coefficients (8 bytes, little-endian) per step; blocks hold 64.
          for index in stride(from: start, to: start + count, by: 4) {
            let word = UInt64(
              littleEndian: raw.loadUnaligned(fromByteOffset: 2 * index, as: UInt64.self))
            hash = (hash ^ word) &* 0x100_0000_01B3
          }
        }
      }
    }
    return JPEGInfo(
      width: frame.width, height: frame.height, components: components,
      isProgressive: frame.isProgressive,
      scanCount: frame.scanCount, restartInterval: frame.restartInterval,
      colorTransform: frame.colorTransform.name,
      exifOrientation: frame.exifOrientation, hasICCProfile: frame.hasICCProfile,
      isIncomplete: frame.isIncomplete,
      coefficientChecksum: hash)
  }
}
