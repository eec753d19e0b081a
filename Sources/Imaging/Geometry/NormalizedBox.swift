/// A box in coordinates normalized to a model's input (0...1 across its width and height), in
/// the `[ymin, xmin, ymax, xmax]` order SSD models use. When the image is stretched to the
/// model input, the same ratios apply to the (upright) image.
///
/// Values are as the model gave them: they may fall outside 0...1 or be inverted.
public struct NormalizedBox: Sendable, Equatable {
  /// Top edge, as a fraction of the height.
  public var ymin: Float
  /// Left edge, as a fraction of the width.
  public var xmin: Float
  /// Bottom edge, as a fraction of the height.
  public var ymax: Float
  /// Right edge, as a fraction of the width.
  public var xmax: Float

  /// Creates a box.
  public init(ymin: Float, xmin: Float, ymax: Float, xmax: Float) {
    self.ymin = ymin
    self.xmin = xmin
    self.ymax = ymax
    self.xmax = xmax
  }

  /// The box in whole pixels of an image `width` × `height`, exactly as the TFLite Task
  /// Library denormalizes detections: `x = Int(xmin * W)` and `y = Int(ymin * H)` truncated
  /// toward zero, `width = round(|xmax - xmin| * W)` and `height = round(|ymax - ymin| * H)`
  /// rounded half away from zero, all in `Float`. Every edge of the result is an integer.
  ///
  /// - Parameters:
  ///   - width: The image width `W` in pixels.
  ///   - height: The image height `H` in pixels.
  ///   - clamped: When true (the default; upstream never clamps), the result is then
  ///     intersected with the image `0..<W × 0..<H`: `x0 = clamp(x, 0, W)`,
  ///     `x1 = clamp(x + width, 0, W)`, `width = x1 - x0`, likewise vertically. Non-finite or
  ///     huge coordinates are clamped to ±2^30 before conversion, so nothing traps.
  public func rect(imageWidth width: Int, imageHeight height: Int, clamped: Bool = true)
    -> ImageRect
  {
    let w = Float(width)
    let h = Float(height)
    var x = Self.integer(xmin * w)
    var y = Self.integer(ymin * h)
    var boxWidth = Self.integer((abs(xmax - xmin) * w).rounded())
    var boxHeight = Self.integer((abs(ymax - ymin) * h).rounded())
    if clamped {
      let x0 = min(max(x, 0), max(width, 0))
      let x1 = min(max(x + boxWidth, 0), max(width, 0))
      let y0 = min(max(y, 0), max(height, 0))
      let y1 = min(max(y + boxHeight, 0), max(height, 0))
      (x, y, boxWidth, boxHeight) = (x0, y0, max(x1 - x0, 0), max(y1 - y0, 0))
    }
    return ImageRect(x: Double(x), y: Double(y), width: Double(boxWidth), height: Double(boxHeight))
  }

  /// `value` truncated toward zero, with NaN as 0 and magnitudes capped at 2^30.
  static func integer(_ value: Float) -> Int {
    guard !value.isNaN else { return 0 }
    let limit: Float = 1_073_741_824
    return Int(min(max(value, -limit), limit))
  }
}
