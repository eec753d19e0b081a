/// Read access to the class predictions of one run, without dequantizing them all: float32
/// values as they are, or 8-bit values through their dequantization table.
///
/// For quantized scores whose table is non-decreasing in the integer order (any scale ≥ 0),
/// the best score of a row is found on the raw bytes with SIMD, then looked up once.
struct DetectionScores {
  /// Float32 scores, or nil when quantized.
  let floats: UnsafePointer<Float>?
  /// Quantized scores (uint8, or int8 bit patterns), or nil for float32.
  let bytes: UnsafePointer<UInt8>?
  /// The dequantization table, indexed by the raw byte.
  let table: UnsafePointer<Float>
  /// XOR-ing a raw byte with this gives an unsigned key in the integers' order (0x80 for int8).
  let flip: UInt8
  /// True when the table is non-decreasing in key order, so a larger key is never a smaller score.
  let monotone: Bool

  /// Score `index` (row-major over anchors × columns).
  @inline(__always)
  subscript(index: Int) -> Float {
    if let floats { return floats[index] }
    return table[Int(bytes.unsafelyUnwrapped[index])]
  }

  /// The best of `count` scores from `start`, for the score threshold and the order of anchors
  /// in fast NMS: the largest number (NaN is skipped; -infinity when there is none), or NaN when
  /// `nanFirstWins` and the first score is NaN (upstream's first-maximum scan starts there).
  /// Equal to upstream's `box_scores[class_indices[0]]` under every comparison it takes part in.
  @inline(__always)
  func rowMaximum(_ start: Int, _ count: Int, nanFirstWins: Bool) -> Float {
    if let floats {
      let row = floats + start
      if nanFirstWins && row[0].isNaN { return .nan }
      return Self.maximum(row, count)
    }
    let row = bytes.unsafelyUnwrapped + start
    if monotone { return table[Int(Self.maximumKey(row, count, flip: flip) ^ flip)] }
    var best = table[Int(row[0])]
    for index in 1..<count where table[Int(row[index])] > best { best = table[Int(row[index])] }
    return best
  }

  /// The largest non-NaN value of `row[0..<count]`, -infinity when there is none.
  @inline(__always)
  static func maximum(_ row: UnsafePointer<Float>, _ count: Int) -> Float {
    let raw = UnsafeRawPointer(row)
    var lanes = SIMD8<Float>(repeating: -.infinity)
    var index = 0
    while index + 8 <= count {
      let values = raw.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<Float>.self)
      lanes.replace(with: values, where: values .> lanes)
      index += 8
    }
    var best = lanes.max()
    while index < count {
      if row[index] > best { best = row[index] }
      index += 1
    }
    return best
  }

  /// The largest `byte ^ flip` of `row[0..<count]`.
  @inline(__always)
  static func maximumKey(_ row: UnsafePointer<UInt8>, _ count: Int, flip: UInt8) -> UInt8 {
    let raw = UnsafeRawPointer(row)
    let mask = SIMD16<UInt8>(repeating: flip)
    var lanes = SIMD16<UInt8>(repeating: 0)
    var index = 0
    while index + 16 <= count {
      lanes = pointwiseMax(
        lanes, raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) ^ mask)
      index += 16
    }
    var best = lanes.max()
    while index < count {
      best = max(best, row[index] ^ flip)
      index += 1
    }
    return best
  }
}
