/// How an object looks, for re-identifying it when it comes back (BEHAVIOR.md D.3): a color
/// histogram of the middle of its box.
///
/// The box's central 80 % (10 % trimmed on each side, to leave out background) is sampled on
/// a 16 × 16 grid of upright RGB pixels; each sample falls in one of 64 bins (4 levels each of
/// R, G, B: values 0–63, 64–127, 128–191, 192–255). Two signatures compare by histogram
/// intersection, which is 1 for identical color distributions and 0 for disjoint ones.
public struct AppearanceSignature: Sendable, Equatable {
  /// The fraction of samples in each bin (R level × 16 + G level × 4 + B level); sums to 1.
  public let histogram: [Float]
  /// Whether the box touched an edge of the image (the object may be partly outside it).
  public let isPartial: Bool

  /// The samples per side of the grid.
  public static let gridSide = 16
  /// The number of histogram bins.
  public static let binCount = 64

  /// A signature with `histogram` (``binCount`` fractions).
  public init(histogram: [Float], isPartial: Bool) {
    self.histogram = histogram
    self.isPartial = isPartial
  }

  /// A signature of `pixels`: R, G, B bytes of the grid, row by row.
  init(rgb pixels: [UInt8], isPartial: Bool) {
    var counts = [Float](repeating: 0, count: Self.binCount)
    var samples = 0
    var position = 0
    while position + 2 < pixels.count {
      let bin =
        Int(pixels[position] >> 6) << 4 | Int(pixels[position + 1] >> 6) << 2
        | Int(pixels[position + 2] >> 6)
      counts[bin] += 1
      samples += 1
      position += 3
    }
    let scale = samples > 0 ? 1 / Float(samples) : 0
    self.init(histogram: counts.map { $0 * scale }, isPartial: isPartial)
  }

  /// Histogram intersection with `other`, in [0, 1]: the sum over bins of the smaller
  /// fraction.
  public func similarity(to other: AppearanceSignature) -> Double {
    var total: Float = 0
    for (a, b) in zip(histogram, other.histogram) { total += min(a, b) }
    return Double(min(max(total, 0), 1))
  }

  /// The signature a track keeps after seeing `newer`: the average of the two histograms,
  /// except that a partial view never replaces a complete one and a complete view replaces a
  /// partial one outright.
  func updated(with newer: AppearanceSignature) -> AppearanceSignature {
    if newer.isPartial && !isPartial { return self }
    if isPartial && !newer.isPartial { return newer }
    let mean = zip(histogram, newer.histogram).map { ($0 + $1) * 0.5 }
    return AppearanceSignature(histogram: mean, isPartial: newer.isPartial)
  }
}
