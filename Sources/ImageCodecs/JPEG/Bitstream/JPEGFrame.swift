/// The entropy-decoded content of a JPEG: quantized DCT coefficients per component, plus the
/// facts from the markers that the pixel stage needs.
struct JPEGFrame: Sendable {
  /// Image width in pixels, from the SOF (1...65,500).
  var width: Int
  /// Image height in pixels, from the SOF (DNL-defined heights are unsupported).
  var height: Int
  /// The components in SOF order (1, 3 or 4 of them).
  var components: [JPEGComponentPlane]
  /// The largest Hi over the components, 1...4.
  var maxHorizontalSampling: Int
  /// The largest Vi over the components, 1...4.
  var maxVerticalSampling: Int
  /// The color interpretation, decided as libjpeg's `default_decompress_parms` decides it.
  var colorTransform: JPEGColorTransform
  /// The EXIF orientation 1...8 from the first APP1 "Exif" segment (1 when none).
  var exifOrientation: Int
  /// True when an APP2 "ICC_PROFILE" segment was present before the first scan.
  var hasICCProfile: Bool
  /// True when the data ended early or was corrupt: entropy data ran out before a scan's last
  /// MCU, restart markers had to be resynchronized, or a multi-scan file ended before EOI. The
  /// missing coefficients were left zero, as libjpeg leaves them.
  var isIncomplete: Bool
  /// True for a progressive (SOF2) frame.
  var isProgressive: Bool
  /// The number of SOS markers in the file (those decoded plus, for single-scan sequential
  /// files, any after the first, which libjpeg ignores).
  var scanCount: Int
  /// The restart interval in MCUs from the last DRI segment seen (0 = none).
  var restartInterval: Int
  /// libjpeg's `last_good_iMCU_row` after the last scan: the last iMCU row (in units of
  /// 8·Vmax pixel rows) where an MCU of the last scan still had data. Block smoothing uses the
  /// previous coefficient bits below it.
  var lastGoodIMCURow: Int
}
