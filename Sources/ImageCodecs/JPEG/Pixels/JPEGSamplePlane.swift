/// One component's decoded samples at its own (downsampled) resolution: the input of the
/// upsampling and color conversion stages.
public struct JPEGSamplePlane: Sendable, Equatable {
  /// Horizontal sampling factor, 1...4.
  public var horizontalSampling: Int
  /// Vertical sampling factor, 1...4.
  public var verticalSampling: Int
  /// Width in samples: ceil(image width × horizontalSampling / max horizontal sampling).
  public var width: Int
  /// Height in samples: ceil(image height × verticalSampling / max vertical sampling).
  public var height: Int
  /// `width × height` samples, row-major.
  public var samples: [UInt8]

  /// A plane with the given sampling factors, size and samples (checked when rendered).
  public init(
    horizontalSampling: Int, verticalSampling: Int, width: Int, height: Int, samples: [UInt8]
  ) {
    self.horizontalSampling = horizontalSampling
    self.verticalSampling = verticalSampling
    self.width = width
    self.height = height
    self.samples = samples
  }
}
