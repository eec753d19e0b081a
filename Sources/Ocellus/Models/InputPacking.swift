import Imaging

/// How 8-bit RGB pixels (0...255, interleaved R, G, B) become the model's input tensor values.
///
/// Derived by ``ImageInputDescription/packing``; the imaging layer follows it literally.
public enum InputPacking: Sendable, Equatable {
  /// Copy the pixel bytes unchanged (uint8 inputs, as the Task Library and ML Kit do: the
  /// input quantization is taken to undo any normalization, and NormalizationOptions are
  /// ignored).
  case rawBytes
  /// Store `p - 128` as int8 (int8 inputs whose quantization is the int8 form of raw bytes,
  /// or whose normalization is unknown).
  case shiftedBytes
  /// Store `(p - mean[c]) / std[c]` as float32.
  case normalizedFloats(ImageNormalization)
  /// Store `clamp(round(((p - mean[c]) / std[c]) / scale + zeroPoint))` in the input's
  /// integer type (uint8 or int8; rounding half away from zero), BEHAVIOR.md G.9.
  case quantized(ImageNormalization, TensorQuantization)
}
