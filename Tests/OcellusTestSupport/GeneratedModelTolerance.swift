/// How far float32 outputs are from a reference, as the model tests measure it.
public enum GeneratedModelTolerance {
  /// The largest |actual − expected| over little-endian float32 data, divided by
  /// max(1, max |expected|); infinity when the sizes differ or a NaN or infinity does not match.
  public static func relativeError(_ actual: [UInt8], _ expected: [UInt8]) -> Double {
    guard actual.count == expected.count else { return .infinity }
    let a = floats(actual)
    let e = floats(expected)
    let scale = max(1, e.map { Double(abs($0)) }.filter(\.isFinite).max() ?? 1)
    var worst = 0.0
    for (x, y) in zip(a, e) {
      if x.isNaN || y.isNaN || x.isInfinite || y.isInfinite {
        if !(x.isNaN && y.isNaN) && x != y { return .infinity }
        continue
      }
      worst = max(worst, Double(abs(x - y)) / scale)
    }
    return worst
  }

  private static func floats(_ bytes: [UInt8]) -> [Float] {
    bytes.withUnsafeBytes { raw in
      (0..<(raw.count / 4)).map {
        Float(
          bitPattern: UInt32(
            littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)))
      }
    }
  }
}
