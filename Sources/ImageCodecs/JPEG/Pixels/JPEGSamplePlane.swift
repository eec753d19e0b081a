/// One component's decoded samples at its own (downsampled) resolution: the input of the
/// upsampling and color conversion stages.
package struct JPEGSamplePlane: Sendable, Equatable {
  /// Horizontal sampling factor, 1...4.
  package var horizontalSampling: Int
  /// Vertical sampling factor, 1...4.
  package var verticalSampling: Int
  /// Width in samples: ceil(image width × horizontalSampling / max horizontal sampling).
  package var width: Int
  /// Height in samples: ceil(image height × verticalSampling / max vertical sampling).
  package var height: Int
  /// `width × height` samples, row-major.
  package var samples: [UInt8]

  /// A plane with the given sampling factors, size and samples (checked when rendered).
  package init(
    horizontalSampling: Int, verticalSampling: Int, width: Int, height: Int, samples: [UInt8]
  ) {
    self.horizontalSampling = horizontalSampling
    self.verticalSampling = verticalSampling
    self.width = width
    self.height = height
    self.samples = samples
  }

  /// Throws `.invalid` unless the plane (component `index`) is `width` × `height` with at
  /// least that many samples.
  func check(index: Int, width: Int, height: Int) throws(DecodeError) {
    guard self.width == width, self.height == height, samples.count >= width * height else {
      throw .invalid(
        format: .jpeg, offset: nil,
        reason:
          "component \(index) plane is \(self.width)×\(self.height) with \(samples.count) samples, expected \(width)×\(height)"
      )
    }
  }
}
