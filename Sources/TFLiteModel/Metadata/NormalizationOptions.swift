/// Input normalization (`NormalizationOptions`): a pixel `p` of channel `c` becomes
/// `(p - mean[c]) / std[c]`. One value applies to every channel.
public struct NormalizationOptions: Sendable, Equatable {
  /// Per-channel means, in the input's value units (0...255 for 8-bit pixels).
  public internal(set) var mean: [Float]
  /// Per-channel standard deviations, same units.
  public internal(set) var std: [Float]

  /// Creates normalization options.
  public init(mean: [Float], std: [Float]) {
    self.mean = mean
    self.std = std
  }

  init(_ t: FlatBufferTable?) throws(FlatBufferError) {
    mean = try t?.floats(0, "mean") ?? []
    std = try t?.floats(1, "std") ?? []
  }
}
