/// What an image input tensor looks like: NHWC (batch 1), its element type, and how pixels
/// become elements.
///
/// Element for pixel value p (0...255) of channel c, with `mean[c]`, `std[c]` (one value
/// applies to every channel):
/// - `float32`: `(Float(p) − mean[c]) / std[c]` in `Float` arithmetic (as NumPy's float32);
///   `Float(p)` without normalization. Quantization is ignored.
/// - `uint8`: the raw byte p when there is no normalization, no quantization, or the
///   quantization is a clean inverse of the normalization (``usesRawBytes``; what the Task
///   Library does). Otherwise `q = clamp(round(((p − mean)/std)/scale + zeroPoint), 0, 255)`
///   in `Float`, rounding half away from zero (BEHAVIOR.md G.9).
/// - `int8`: `p − 128` without normalization or quantization, or when the quantization is a
///   clean inverse (the real value the model sees for `p − 128` is the normalized value);
///   otherwise the same formula clamped to −128...127.
public struct TensorPackingSpec: Sendable, Equatable, Hashable {
  /// Element type.
  public var elementType: TensorElementType
  /// Tensor width (W of NHWC), 1...``PixelImage/maxDimension``.
  public var width: Int
  /// Tensor height (H of NHWC), 1...``PixelImage/maxDimension``.
  public var height: Int
  /// 3 (R, G, B) or 1 (gray, Pillow's luma weights).
  public var channels: Int
  /// Per-channel means: none, one for all channels, or one per channel.
  public var mean: [Float]
  /// Per-channel standard deviations, as many as `mean`, each finite and non-zero.
  public var std: [Float]
  /// The input tensor's quantization (8-bit types only; ignored for float32).
  public var quantization: TensorQuantization?

  /// A spec; nothing is checked until ``validate(maxBytes:)`` (which packing calls).
  public init(
    elementType: TensorElementType, width: Int, height: Int, channels: Int = 3,
    mean: [Float] = [], std: [Float] = [], quantization: TensorQuantization? = nil
  ) {
    self.elementType = elementType
    self.width = width
    self.height = height
    self.channels = channels
    self.mean = mean
    self.std = std
    self.quantization = quantization
  }

  /// Bytes of the packed tensor: `height × width × channels × element size` (`Int.max` if
  /// that overflows, or 0 for a negative field).
  public var byteCount: Int {
    guard width >= 0, height >= 0, channels >= 0 else { return 0 }
    var total = elementType.byteCount
    for factor in [width, height, channels] {
      let (product, overflow) = total.multipliedReportingOverflow(by: factor)
      if overflow { return Int.max }
      total = product
    }
    return total
  }

  /// Checks sizes, channel count, normalization and quantization.
  /// - Parameter maxBytes: the largest tensor accepted, in bytes.
  /// - Throws: ``ImageError/invalidArgument(_:)`` naming the offending field.
  public func validate(maxBytes: Int = 1 << 28) throws(ImageError) {
    guard (1...PixelImage.maxDimension).contains(width),
      (1...PixelImage.maxDimension).contains(height)
    else {
      throw .invalidArgument(
        "tensor size \(width)×\(height): each side must be 1...\(PixelImage.maxDimension)")
    }
    guard channels == 1 || channels == 3 else {
      throw .invalidArgument("tensor channels \(channels): only 1 or 3 are supported")
    }
    guard byteCount <= maxBytes else {
      throw .invalidArgument("a tensor of \(byteCount) bytes exceeds the limit of \(maxBytes)")
    }
    guard mean.count == std.count, mean.isEmpty || mean.count == 1 || mean.count == channels else {
      throw .invalidArgument(
        "normalization with \(mean.count) mean and \(std.count) std values for \(channels) channel(s)"
      )
    }
    for m in mean where !m.isFinite {
      throw .invalidArgument("normalization mean \(m) is not finite")
    }
    for s in std where !(s.isFinite && s != 0) {
      throw .invalidArgument("normalization std \(s) must be finite and non-zero")
    }
    if let q = quantization, elementType != .float32 {
      guard q.scale.isFinite, q.scale > 0 else {
        throw .invalidArgument("input quantization scale \(q.scale) must be finite and > 0")
      }
      let range = elementType == .uint8 ? 0...255 : -128...127
      guard range.contains(q.zeroPoint) else {
        throw .invalidArgument("input zero point \(q.zeroPoint) is outside \(range)")
      }
    }
  }

  /// True when 8-bit elements are the raw pixel bytes (uint8: p; int8: p − 128).
  ///
  /// So when there is no normalization or no quantization, or when for every channel the
  /// quantized normalization `((p − mean)/std)/scale + zeroPoint` stays within one step
  /// (plus 0.001) of the raw value at p = 0 and p = 255 (it is affine, so everywhere):
  /// e.g. mean 127.5, std 127.5, scale 1/128, zero point 128.
  public var usesRawBytes: Bool {
    guard elementType != .float32 else { return false }
    guard let q = quantization, !mean.isEmpty else { return true }
    let offset: Float = elementType == .uint8 ? 0 : 128
    for c in 0..<channels {
      for p: Float in [0, 255] {
        let value = ((p - mean(c)) / std(c)) / q.scale + Float(q.zeroPoint)
        guard abs(value - (p - offset)) <= 1.001 else { return false }
      }
    }
    return true
  }

  /// The element for pixel value `pixel` of channel `channel` (0..<channels), as its
  /// little-endian bit pattern (8-bit types in the low byte). Call on a validated spec (an
  /// invalid one gives defined but meaningless values).
  public func element(pixel: UInt8, channel: Int) -> UInt32 {
    element(pixel: pixel, channel: channel, raw: usesRawBytes)
  }

  /// The elements of every pixel value, channel by channel: `3 × 256` bit patterns (only
  /// the first `channels × 256` meaningful).
  func elementTable() -> [UInt32] {
    let raw = usesRawBytes
    var table = [UInt32](repeating: 0, count: 3 * 256)
    for c in 0..<min(max(channels, 1), 3) {
      for p in 0..<256 { table[c * 256 + p] = element(pixel: UInt8(p), channel: c, raw: raw) }
    }
    return table
  }

  private func element(pixel: UInt8, channel: Int, raw useRaw: Bool) -> UInt32 {
    let p = Float(pixel)
    switch elementType {
    case .float32:
      let value = mean.isEmpty ? p : (p - mean(channel)) / std(channel)
      return value.bitPattern
    case .uint8, .int8:
      let (low, high): (Float, Float) = elementType == .uint8 ? (0, 255) : (-128, 127)
      let raw = elementType == .uint8 ? Int(pixel) : Int(pixel) - 128
      guard !useRaw, let q = quantization else {
        return UInt32(truncatingIfNeeded: UInt8(truncatingIfNeeded: raw))
      }
      let real = (p - mean(channel)) / std(channel)
      let scaled = (real / q.scale + Float(q.zeroPoint)).rounded()
      let value = scaled.isNaN ? low : min(max(scaled, low), high)
      return UInt32(truncatingIfNeeded: UInt8(truncatingIfNeeded: Int(value)))
    }
  }

  private func mean(_ channel: Int) -> Float {
    mean.isEmpty ? 0 : (mean.indices.contains(channel) ? mean[channel] : mean[0])
  }
  private func std(_ channel: Int) -> Float {
    std.isEmpty ? 1 : (std.indices.contains(channel) ? std[channel] : std[0])
  }
}
