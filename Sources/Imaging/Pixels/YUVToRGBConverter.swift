/// The fixed-point YUV→RGB equations of one ``YUVColorSpace`` (16 fractional bits).
///
/// With Kr, Kb the matrix constants (BT.601: Kr = 0.299, Kb = 0.114; BT.709: Kr = 0.2126,
/// Kb = 0.0722) and Kg = 1 − Kr − Kb, the real equations are
///
///     R = s·(Y − y0) + 2(1 − Kr)·c·(Cr − 128)
///     G = s·(Y − y0) − (2Kb(1 − Kb)/Kg)·c·(Cb − 128) − (2Kr(1 − Kr)/Kg)·c·(Cr − 128)
///     B = s·(Y − y0) + 2(1 − Kb)·c·(Cb − 128)
///
/// where full range has y0 = 0, s = 1, c = 1 and video range has y0 = 16, s = 255/219,
/// c = 255/224. Each of the five products' coefficients is rounded to the nearest multiple
/// of 1/65536; the sum is computed exactly in integers, then rounded half up
/// (`(sum + 32768) >> 16`, an arithmetic shift) and clamped to 0...255.
struct YUVToRGBConverter: Sendable {
  /// Luma scale s × 65536.
  let yScale: Int32
  /// Luma offset y0 (16 for video range, 0 for full range).
  let yOffset: Int32
  /// Cr → R coefficient × 65536.
  let crToR: Int32
  /// Cb → G coefficient × 65536 (subtracted).
  let cbToG: Int32
  /// Cr → G coefficient × 65536 (subtracted).
  let crToG: Int32
  /// Cb → B coefficient × 65536.
  let cbToB: Int32

  init(_ space: YUVColorSpace) {
    let kr: Double
    let kb: Double
    switch space.matrix {
    case .bt601: (kr, kb) = (0.299, 0.114)
    case .bt709: (kr, kb) = (0.2126, 0.0722)
    }
    let kg = 1 - kr - kb
    let s: Double
    let c: Double
    switch space.range {
    case .video: (s, c, yOffset) = (255.0 / 219.0, 255.0 / 224.0, 16)
    case .full: (s, c, yOffset) = (1, 1, 0)
    }
    func fixed(_ value: Double) -> Int32 { Int32((value * 65536).rounded()) }
    yScale = fixed(s)
    crToR = fixed(2 * (1 - kr) * c)
    cbToG = fixed(2 * kb * (1 - kb) / kg * c)
    crToG = fixed(2 * kr * (1 - kr) / kg * c)
    cbToB = fixed(2 * (1 - kb) * c)
  }

  /// R, G, B for one Y, Cb, Cr triple (each 0...255).
  @inline(__always)
  func rgb(y: UInt8, cb: UInt8, cr: UInt8) -> (UInt8, UInt8, UInt8) {
    let luma = yScale &* (Int32(y) &- yOffset) &+ 32768
    let u = Int32(cb) &- 128
    let v = Int32(cr) &- 128
    let r = (luma &+ crToR &* v) >> 16
    let g = (luma &- cbToG &* u &- crToG &* v) >> 16
    let b = (luma &+ cbToB &* u) >> 16
    return (Self.clamp(r), Self.clamp(g), Self.clamp(b))
  }

  @inline(__always)
  static func clamp(_ value: Int32) -> UInt8 {
    UInt8(truncatingIfNeeded: Swift.min(Swift.max(value, 0), 255))
  }
}
