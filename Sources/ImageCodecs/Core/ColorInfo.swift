/// Color metadata an image file carries. Reported only: decoders never apply it.
public struct ColorInfo: Sendable, Equatable, Hashable {
  /// PNG `gAMA`: the file gamma × 100,000 (45455 for 1/2.2), or nil when absent.
  public var gamma: UInt32?
  /// The embedded ICC profile's name (PNG `iCCP`), or nil.
  public var iccProfileName: String?
  /// True when the file embeds an ICC profile (PNG `iCCP`, JPEG APP2 `ICC_PROFILE`).
  public var hasICCProfile: Bool
  /// PNG `sRGB` rendering intent (0...3), or nil when absent.
  public var sRGBIntent: UInt8?

  public init(
    gamma: UInt32? = nil, iccProfileName: String? = nil, hasICCProfile: Bool = false,
    sRGBIntent: UInt8? = nil
  ) {
    self.gamma = gamma
    self.iccProfileName = iccProfileName
    self.hasICCProfile = hasICCProfile
    self.sRGBIntent = sRGBIntent
  }
}
