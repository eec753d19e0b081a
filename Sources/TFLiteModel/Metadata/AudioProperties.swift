/// What an audio tensor holds (`AudioProperties`, metadata 1.3.0).
public struct AudioProperties: Sendable, Equatable {
  /// Samples per second.
  public internal(set) var sampleRate, channels: Int

  /// Creates audio properties.
  public init(sampleRate: Int, channels: Int) {
    self.sampleRate = sampleRate
    self.channels = channels
  }

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    sampleRate = Int(try t.integer(0, "sample_rate", default: UInt32(0)))
    channels = Int(try t.integer(1, "channels", default: UInt32(0)))
  }
}
