/// How 8-bit pixel values become a float model's input: channel `c` of pixel `p` becomes
/// `(p - mean[c]) / std[c]`, with `p` in 0...255.
///
/// Comes from the input tensor's `NormalizationOptions` metadata, or from the options
/// (`ClassifierModelOptions.normalization`) when the model lacks that metadata (BEHAVIOR.md G.1).
/// One value applies to all three channels.
public struct ImageNormalization: Sendable, Equatable {
  /// Per-channel means, in pixel units (0...255); 1 or 3 values.
  public var mean: [Float]
  /// Per-channel standard deviations, in pixel units; as many values as ``mean``, none with
  /// magnitude below `Float.ulpOfOne`.
  public var std: [Float]

  /// Creates a normalization; its values are checked when a model description is built.
  public init(mean: [Float], std: [Float]) {
    self.mean = mean
    self.std = std
  }

  /// One mean and one standard deviation for all channels, e.g. `(127.5, 127.5)` for inputs in
  /// [-1, 1].
  public init(mean: Float, std: Float) {
    self.init(mean: [mean], std: [std])
  }

  /// The mean of channel `channel` (0, 1 or 2): the single value when only one is given, 0
  /// when none is.
  public func mean(channel: Int) -> Float {
    guard !mean.isEmpty else { return 0 }
    return mean.count == 1 ? mean[0] : mean[min(max(channel, 0), mean.count - 1)]
  }

  /// The standard deviation of channel `channel`: the single value when only one is given, 1
  /// when none is.
  public func std(channel: Int) -> Float {
    guard !std.isEmpty else { return 1 }
    return std.count == 1 ? std[0] : std[min(max(channel, 0), std.count - 1)]
  }

  /// Why these values cannot normalize an RGB input, or nil when they can: the counts must
  /// be equal and 1 or 3, every value finite, and every `|std| >= Float.ulpOfOne`
  /// (upstream's FLT_EPSILON check).
  public var problem: String? {
    guard mean.count == std.count else {
      return
        "mean has \(mean.count) value(s) but std has \(std.count); they must have the same count"
    }
    guard mean.count == 1 || mean.count == 3 else {
      return "\(mean.count) values given; normalization needs 1 (all channels) or 3 (R, G, B)"
    }
    if let bad = (mean + std).first(where: { !$0.isFinite }) {
      return "the value \(bad) is not finite"
    }
    if let tiny = std.first(where: { abs($0) < Float.ulpOfOne }) {
      return "std \(tiny) is (nearly) zero; every |std| must be at least \(Float.ulpOfOne)"
    }
    return nil
  }
}
