/// One JPEG component as ``JPEGInspector`` reports it.
public struct JPEGComponentInfo: Sendable, Equatable, Hashable {
  /// The component identifier from the SOF.
  public var identifier: UInt8
  /// Horizontal sampling factor, 1...4.
  public var horizontalSampling: Int
  /// Vertical sampling factor, 1...4.
  public var verticalSampling: Int
  /// Blocks per row that carry image data: ceil(width × H / (8 × Hmax)).
  public var widthInBlocks: Int
  /// Block rows that carry image data: ceil(height × V / (8 × Vmax)).
  public var heightInBlocks: Int

  /// A component summary with every field given.
  public init(
    identifier: UInt8, horizontalSampling: Int, verticalSampling: Int, widthInBlocks: Int,
    heightInBlocks: Int
  ) {
    self.identifier = identifier
    self.horizontalSampling = horizontalSampling
    self.verticalSampling = verticalSampling
    self.widthInBlocks = widthInBlocks
    self.heightInBlocks = heightInBlocks
  }
}
