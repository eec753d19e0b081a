/// A parsed SOF segment: the image size, precision and components, checked as libjpeg's
/// `get_sof` and `initial_setup` (jdinput.c) check them.
struct JPEGFrameHeader: Sendable {
  /// One SOF component specification.
  struct Component: Sendable {
    var identifier: UInt8
    var horizontalSampling, verticalSampling, quantizationTableIndex: Int
  }

  /// True for SOF2.
  var isProgressive: Bool
  var width, height: Int
  var components: [Component]
  var maxHorizontalSampling, maxVerticalSampling: Int

  /// libjpeg's `JPEG_MAX_DIMENSION`: larger images are refused.
  static let maxDimension = 65_500

  /// Parses the SOF payload (after the length field) at `payload` in `bytes`.
  static func parse(_ bytes: [UInt8], payload: Range<Int>, marker: JPEGMarker)
    throws(DecodeError)
    -> JPEGFrameHeader
  {
    let name = marker.name
    guard payload.count >= 6 else {
      throw .invalid(
        format: .jpeg, offset: payload.lowerBound,
        reason: "the \(name) segment is \(payload.count + 2) bytes long")
    }
    let base = payload.lowerBound
    let precision = Int(bytes[base])
    let height = Int(bytes[base + 1]) << 8 | Int(bytes[base + 2])
    let width = Int(bytes[base + 3]) << 8 | Int(bytes[base + 4])
    let count = Int(bytes[base + 5])
    if height == 0 && width > 0 && count > 0 {
      throw .unsupported(
        format: .jpeg, feature: "an image height defined by a DNL marker (\(name) height 0)")
    }
    guard width > 0, height > 0, count > 0 else {
      throw .invalid(
        format: .jpeg, offset: base,
        reason: "the \(name) describes an empty image (\(width)×\(height), \(count) components)")
    }
    guard payload.count == 6 + 3 * count else {
      throw .invalid(
        format: .jpeg, offset: base,
        reason: "the \(name) segment is \(payload.count + 2) bytes long; \(count) components need "
          + "\(8 + 3 * count)")
    }
    guard width <= maxDimension, height <= maxDimension else {
      throw .invalid(
        format: .jpeg, offset: base + 1,
        reason: "the image is \(width)×\(height) pixels; libjpeg accepts at most 65,500 a side")
    }
    if precision == 12 || precision == 16 {
      throw .unsupported(format: .jpeg, feature: "\(precision)-bit precision (\(name))")
    }
    guard precision == 8 else {
      throw .invalid(
        format: .jpeg, offset: base,
        reason: "the \(name) gives a sample precision of \(precision) bits")
    }
    guard count <= 10 else {
      throw .invalid(
        format: .jpeg, offset: base + 5,
        reason: "the \(name) lists \(count) components (at most 10 are allowed)")
    }
    guard count == 1 || count == 3 || count == 4 else {
      throw .unsupported(format: .jpeg, feature: "\(count)-component images")
    }
    let components = try parseComponents(bytes, at: base + 6, count: count)
    return JPEGFrameHeader(
      isProgressive: marker == .sof2, width: width, height: height, components: components,
      maxHorizontalSampling: components.map(\.horizontalSampling).max() ?? 1,
      maxVerticalSampling: components.map(\.verticalSampling).max() ?? 1)
  }

  /// The `count` 3-byte component specifications at `start` in `bytes`.
  private static func parseComponents(_ bytes: [UInt8], at start: Int, count: Int)
    throws(DecodeError) -> [Component]
  {
    var components: [Component] = []
    components.reserveCapacity(count)
    for index in 0..<count {
      let offset = start + 3 * index
      let sampling = bytes[offset + 1]
      let h = Int(sampling >> 4)
      let v = Int(sampling & 15)
      guard (1...4).contains(h), (1...4).contains(v) else {
        throw .invalid(
          format: .jpeg, offset: offset + 1,
          reason: "component \(index) has sampling factors \(h)×\(v) (each must be 1...4)")
      }
      components.append(
        Component(
          identifier: bytes[offset], horizontalSampling: h, verticalSampling: v,
          quantizationTableIndex: Int(bytes[offset + 2])))
    }
    return components
  }
}
