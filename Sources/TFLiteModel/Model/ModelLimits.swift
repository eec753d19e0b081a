/// Explicit limits for loading a model, so hostile files cost bounded time and memory.
public struct ModelLimits: Sendable, Equatable {
  /// Largest model file read, in bytes (default 2 GiB).
  public var maxFileBytes: Int
  /// Limits for the model FlatBuffer and the metadata FlatBuffer inside it.
  public var flatBuffer: FlatBufferLimits
  /// Limits for the appended zip of associated files.
  public var zip: ZipLimits
  /// Most lines read from one label file.
  public var maxLabels: Int

  /// Creates limits; the defaults suit any real vision model.
  public init(
    maxFileBytes: Int = 2 << 30, flatBuffer: FlatBufferLimits = FlatBufferLimits(),
    zip: ZipLimits = ZipLimits(),
    maxLabels: Int = 1_000_000
  ) {
    self.maxFileBytes = maxFileBytes
    self.flatBuffer = flatBuffer
    self.zip = zip
    self.maxLabels = maxLabels
  }
}
