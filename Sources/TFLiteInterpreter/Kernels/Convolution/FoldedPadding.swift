/// Zero padding taken over from an explicit PAD before a VALID convolution (``PadFolding``):
/// pixels added before and after the input along its height and width. The convolution reads
/// its unpadded input, and taps in the padding read zero (the input zero point when
/// quantized), as they read the PAD's fill.
struct FoldedPadding: Equatable, Sendable {
  var top, bottom, left, right: Int
}
