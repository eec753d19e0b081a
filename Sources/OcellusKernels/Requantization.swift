/// The integer side of the quantized kernels: 8-bit values to integer-valued floats, and exact
/// integer sums back to 8-bit outputs (``RequantizationTable``), bit for bit as TFLite computes
/// them, vectorized eight columns at a time.
///
/// The float kernels sum integer-valued products starting from ``magic`` (1.5 · 2^23) rather
/// than from 0: while the running sum `s` of a chunk stays below 2^22 in magnitude, the float
/// `magic + s` is exact and its bit pattern minus ``magicBits`` is `s` as an Int32, so turning
/// float sums back into integers costs one integer subtraction.
public enum Requantization {
  /// The float every exact sum starts from: 1.5 · 2^23, whose unit in the last place is 1.
  public static let magic: Float = 12_582_912
  /// The bit pattern of ``magic``.
  static let magicBits: Int32 = 0x4B40_0000
  /// Exact sums must stay strictly below this magnitude (2^22).
  public static let sumLimit = 1 << 22

  /// Writes `Float(source[i] − zeroPoint)` for `i < count`, reading the bytes as `Int8` when
  /// `signed` (int8 tensors) and as `UInt8` otherwise.
  @inline(never)
  static func widen(
    _ source: UnsafePointer<UInt8>, count: Int, signed: Bool, zeroPoint: Int32,
    into destination: UnsafeMutablePointer<Float>
  ) {
    guard count > 0 else { return }
    if signed {
      widen(source, count, zeroPoint, destination, as: Int8.self)
    } else {
      widen(source, count, zeroPoint, destination, as: UInt8.self)
    }
  }

  /// ``widen(_:count:signed:zeroPoint:into:)`` reading the bytes as `Byte`.
  @inline(__always)
  static func widen<Byte: FixedWidthInteger & SIMDScalar>(
    _ source: UnsafePointer<UInt8>, _ count: Int, _ zeroPoint: Int32,
    _ destination: UnsafeMutablePointer<Float>, as _: Byte.Type
  ) {
    let raw = UnsafeRawPointer(source)
    var i = 0
    while i &+ 16 <= count {
      let bytes = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<Byte>.self)
      var values = SIMD16<Float>()
      for lane in 0..<16 {
        values[lane] = Float(Int32(truncatingIfNeeded: bytes[lane]) &- zeroPoint)
      }
      UnsafeMutableRawPointer(destination + i).storeBytes(of: values, as: SIMD16<Float>.self)
      i &+= 16
    }
    while i < count {
      let byte = raw.load(fromByteOffset: i, as: Byte.self)
      destination[i] = Float(Int32(truncatingIfNeeded: byte) &- zeroPoint)
      i &+= 1
    }
  }

  /// Requantizes a run of `count` magic-biased float sums laid out as pixels of `channels`
  /// columns each (column `i % channels` for element `i`), storing the bytes to `output`.
  @inline(__always)
  static func pixels(
    sums: UnsafePointer<Float>, count: Int, channels: Int, _ t: RequantizationTable,
    _ output: UnsafeMutablePointer<UInt8>
  ) {
    if t.scale == nil && channels & 15 == 0 {
      blockPixels(sums: sums, count: count, channels: channels, t, output)
    } else if t.scale == nil && channels & 7 == 0 {
      if t.uniform {
        uniformPixels(sums: sums, count: count, channels: channels, t, output)
      } else {
        channelPixels(sums: sums, count: count, channels: channels, t, output)
      }
    } else {
      unevenPixels(sums: sums, count: count, channels: channels, t, output)
    }
  }

  /// ``pixels(sums:count:channels:_:_:)`` in the fixed-point modes for `channels` a multiple
  /// of 16: 16 columns at a time, each block's parameters loaded once for the whole run.
  @inline(never)
  static func blockPixels(
    sums: UnsafePointer<Float>, count: Int, channels: Int, _ t: RequantizationTable,
    _ output: UnsafeMutablePointer<UInt8>
  ) {
    let magic = SIMD16<Int32>(repeating: magicBits)
    var column = 0
    while column < channels {
      let block = ChannelBlock(t, column: column)
      var i = column
      while i &+ 16 <= count {
        let bits = loadInt32x16(sums + i)
        block.store(bits &- magic, to: output + i)
        i &+= channels
      }
      column &+= 16
    }
  }

  /// ``pixels(sums:count:channels:_:_:)`` for a per-tensor table and whole vectors per pixel.
  @inline(never)
  static func uniformPixels(
    sums: UnsafePointer<Float>, count: Int, channels: Int, _ t: RequantizationTable,
    _ output: UnsafeMutablePointer<UInt8>
  ) {
    let u = Uniform(t)
    vectorPixels(sums: sums, count: count, channels: channels, output) { acc, column in
      u.vector(acc, bias: load(t.bias + column))
    }
  }

  /// ``pixels(sums:count:channels:_:_:)`` for a per-channel table and whole vectors per pixel.
  @inline(never)
  static func channelPixels(
    sums: UnsafePointer<Float>, count: Int, channels: Int, _ t: RequantizationTable,
    _ output: UnsafeMutablePointer<UInt8>
  ) {
    vectorPixels(sums: sums, count: count, channels: channels, output) { acc, column in
      vector(acc, column: column, t)
    }
  }

  /// Requantizes magic-biased float sums eight at a time (`channels` a multiple of 8) with
  /// `requantize(sums, column)`, which gives the eight outputs of columns `column ..< column + 8`.
  @inline(__always)
  static func vectorPixels(
    sums: UnsafePointer<Float>, count: Int, channels: Int, _ output: UnsafeMutablePointer<UInt8>,
    _ requantize: (_ acc: SIMD8<Int32>, _ column: Int) -> SIMD8<Int32>
  ) {
    var i = 0
    var column = 0
    while i &+ 8 <= count {
      let bits = UnsafeRawPointer(sums + i).loadUnaligned(as: SIMD8<Int32>.self)
      store(requantize(bits &- magicBits, column), output + i)
      i &+= 8
      column &+= 8
      if column == channels { column = 0 }
    }
  }

  /// ``pixels(sums:count:channels:_:_:)`` for any channel count, either mode: in the
  /// fixed-point modes each pixel's whole groups of eight channels in vectors, the other
  /// channels (all of them in the float mode) one at a time.
  @inline(never)
  static func unevenPixels(
    sums: UnsafePointer<Float>, count: Int, channels: Int, _ t: RequantizationTable,
    _ output: UnsafeMutablePointer<UInt8>
  ) {
    let vectorEnd = t.scale == nil ? channels & ~7 : 0
    var pixel = 0
    while pixel < count {
      var j = 0
      while j < vectorEnd {
        let bits = UnsafeRawPointer(sums + (pixel &+ j)).loadUnaligned(as: SIMD8<Int32>.self)
        store(vector(bits &- magicBits, column: j, t), output + (pixel &+ j))
        j &+= 8
      }
      while j < channels {
        let bits = Int32(bitPattern: sums[pixel &+ j].bitPattern)
        output[pixel &+ j] = scalar(bits &- magicBits, column: j, t)
        j &+= 1
      }
      pixel &+= channels
    }
  }

  /// Requantizes `rows` rows of `count` Int32 accumulators (row `r` at
  /// `accumulators + r * stride`, columns `column ..< column + count`) into `output` (row `r`
  /// at `output + r * ldc`).
  @inline(never)
  static func rows(
    _ accumulators: UnsafePointer<Int32>, stride: Int, rows: Int, count: Int, column: Int,
    _ t: RequantizationTable, _ output: UnsafeMutablePointer<UInt8>, ldc: Int
  ) {
    if t.scale == nil && count == 16 {
      blockRows(accumulators, stride: stride, rows: rows, column: column, t, output, ldc: ldc)
    } else if t.scale != nil || count & 7 != 0 {
      for r in 0..<rows {
        unevenRow(accumulators + r &* stride, count: count, column: column, t, output + r &* ldc)
      }
    } else if t.uniform {
      uniformRows(
        accumulators, stride: stride, rows: rows, count: count, column: column, t, output,
        ldc: ldc)
    } else {
      channelRows(
        accumulators, stride: stride, rows: rows, count: count, column: column, t, output,
        ldc: ldc)
    }
  }

  /// ``rows(_:stride:rows:count:column:_:_:ldc:)`` for 16 columns in the fixed-point modes:
  /// the block's parameters loaded once for every row.
  @inline(never)
  static func blockRows(
    _ accumulators: UnsafePointer<Int32>, stride: Int, rows: Int, column: Int,
    _ t: RequantizationTable, _ output: UnsafeMutablePointer<UInt8>, ldc: Int
  ) {
    let block = ChannelBlock(t, column: column)
    for r in 0..<rows {
      let acc = loadInt32x16(accumulators + r &* stride)
      block.store(acc, to: output + r &* ldc)
    }
  }

  /// ``rows(_:stride:rows:count:column:_:_:ldc:)`` for a per-tensor table, `count` a multiple
  /// of 8.
  @inline(never)
  static func uniformRows(
    _ accumulators: UnsafePointer<Int32>, stride: Int, rows: Int, count: Int, column: Int,
    _ t: RequantizationTable, _ output: UnsafeMutablePointer<UInt8>, ldc: Int
  ) {
    let u = Uniform(t)
    vectorRows(accumulators, stride: stride, rows: rows, count: count, output, ldc: ldc) {
      acc, j in u.vector(acc, bias: load(t.bias + (column &+ j)))
    }
  }

  /// ``rows(_:stride:rows:count:column:_:_:ldc:)`` for a per-channel table, `count` a multiple
  /// of 8.
  @inline(never)
  static func channelRows(
    _ accumulators: UnsafePointer<Int32>, stride: Int, rows: Int, count: Int, column: Int,
    _ t: RequantizationTable, _ output: UnsafeMutablePointer<UInt8>, ldc: Int
  ) {
    vectorRows(accumulators, stride: stride, rows: rows, count: count, output, ldc: ldc) {
      acc, j in vector(acc, column: column &+ j, t)
    }
  }

  /// Requantizes rows of Int32 accumulators eight at a time (`count` a multiple of 8) with
  /// `requantize(acc, j)`, which gives the outputs of the row's entries `j ..< j + 8`.
  @inline(__always)
  static func vectorRows(
    _ accumulators: UnsafePointer<Int32>, stride: Int, rows: Int, count: Int,
    _ output: UnsafeMutablePointer<UInt8>, ldc: Int,
    _ requantize: (_ acc: SIMD8<Int32>, _ j: Int) -> SIMD8<Int32>
  ) {
    for r in 0..<rows {
      let from = accumulators + r &* stride
      let to = output + r &* ldc
      var j = 0
      while j < count {
        store(requantize(load(from + j), j), to + j)
        j &+= 8
      }
    }
  }

  /// One row of any count, either mode: in the fixed-point modes whole groups of eight
  /// columns in vectors, the rest (all of them in the float mode) one column at a time.
  @inline(never)
  static func unevenRow(
    _ accumulators: UnsafePointer<Int32>, count: Int, column: Int, _ t: RequantizationTable,
    _ output: UnsafeMutablePointer<UInt8>
  ) {
    let vectorEnd = t.scale == nil ? count & ~7 : 0
    var j = 0
    while j < vectorEnd {
      store(vector(load(accumulators + j), column: column &+ j, t), output + j)
      j &+= 8
    }
    while j < count {
      output[j] = scalar(accumulators[j], column: column &+ j, t)
      j &+= 1
    }
  }

  /// Eight columns of TFLite's fixed-point requantization: bias, `MultiplyByQuantizedMultiplier`,
  /// output offset and clamp.
  @inline(__always)
  static func vector(_ acc: SIMD8<Int32>, column: Int, _ t: RequantizationTable) -> SIMD8<Int32> {
    let x = (acc &+ load(t.bias + column)) &<< load(t.leftShift + column)
    let high = highMultiply(x, load(t.multiplier + column))
    // RoundingDivideByPOT(high, e): halves away from zero.
    let mask = load(t.roundingMask + column)
    let remainder = high & mask
    let threshold = (mask &>> 1) &- (high &>> 31)
    var result = high &>> load(t.rightShift + column)
    result.replace(with: result &+ 1, where: remainder .> threshold)
    result &+= t.outputOffset
    var clamped = result
    for lane in 0..<8 {
      let value = result[lane]
      clamped[lane] = value < t.lower ? t.lower : (value > t.upper ? t.upper : value)
    }
    return clamped
  }

  /// gemmlowp's `SaturatingRoundingDoublingHighMul(x, m)` lane by lane, for multipliers
  /// `m ≠ Int32.min`: `(x · m + 2^30) >> 31` (its nudge of 1 − 2^30 for negative products and
  /// truncation toward zero make the same floor division). Even and odd lanes are multiplied
  /// separately as 64-bit products (`vpmuldq`), keeping bits 31...62.
  @inline(__always)
  static func highMultiply(_ x: SIMD8<Int32>, _ m: SIMD8<Int32>) -> SIMD8<Int32> {
    let xq = unsafeBitCast(x, to: SIMD4<Int64>.self)
    let mq = unsafeBitCast(m, to: SIMD4<Int64>.self)
    let round = SIMD4<Int64>(repeating: 1 << 30)
    let even = ((xq &<< 32) &>> 32) &* ((mq &<< 32) &>> 32)
    let odd = (xq &>> 32) &* (mq &>> 32)
    let low = unsafeBitCast((even &+ round) &>> 31, to: SIMD8<Int32>.self)
    let high = unsafeBitCast((odd &+ round) &<< 1, to: SIMD8<Int32>.self)
    var result = low
    for lane in stride(from: 1, to: 8, by: 2) { result[lane] = high[lane] }
    return result
  }

  /// One column of the requantization (either mode), as a byte.
  @inline(__always)
  static func scalar(_ acc: Int32, column: Int, _ t: RequantizationTable) -> UInt8 {
    UInt8(truncatingIfNeeded: value(acc, column: column, t))
  }

  /// One column of the requantization (either mode): the offset, clamped value as an Int32.
  @inline(__always)
  static func value(_ acc: Int32, column: Int, _ t: RequantizationTable) -> Int32 {
    let x = acc &+ t.bias[column]
    var result: Int32
    if let scale = t.scale {
      // round(double(acc) * scale), then C's int32 conversion as x86 does it (out of range:
      // the "integer indefinite" value Int32.min).
      let scaled = (Double(x) * scale[column]).rounded(.toNearestOrAwayFromZero)
      result = scaled >= -2_147_483_648.0 && scaled < 2_147_483_648.0 ? Int32(scaled) : Int32.min
    } else {
      let shifted = x &<< t.leftShift[column]
      let product = Int64(shifted) &* Int64(t.multiplier[column])
      let high = Int32(truncatingIfNeeded: (product &+ (1 << 30)) &>> 31)
      let mask = t.roundingMask[column]
      let threshold = (mask &>> 1) &- (high &>> 31)
      result = (high &>> t.rightShift[column]) &+ ((high & mask) > threshold ? 1 : 0)
    }
    result &+= t.outputOffset
    return result < t.lower ? t.lower : (result > t.upper ? t.upper : result)
  }

  /// The low bytes of eight Int32 lanes.
  @inline(__always)
  static func narrow(_ x: SIMD8<Int32>) -> SIMD8<UInt8> {
    var bytes = SIMD8<UInt8>()
    for lane in 0..<8 { bytes[lane] = UInt8(truncatingIfNeeded: x[lane]) }
    return bytes
  }

  /// Stores the low bytes of eight Int32 lanes.
  @inline(__always)
  static func store(_ x: SIMD8<Int32>, _ output: UnsafeMutablePointer<UInt8>) {
    UnsafeMutableRawPointer(output).storeBytes(of: narrow(x), as: SIMD8<UInt8>.self)
  }

  /// Loads eight Int32 values.
  @inline(__always)
  static func load(_ pointer: UnsafePointer<Int32>) -> SIMD8<Int32> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Int32>.self)
  }

  /// Lanes `8 · half ..< 8 · half + 8` of a magic-biased float vector (4, 8 or 16 lanes) as
  /// Int32 sums; lanes past the vector's end are 0.
  @inline(__always)
  static func sums<V: SIMD>(_ c: V, half: Int) -> SIMD8<Int32> where V.Scalar == Float {
    let magic = SIMD8<Int32>(repeating: magicBits)
    var bits = magic
    let offset = 8 &* half
    for lane in 0..<8 where offset &+ lane < V.scalarCount {
      bits[lane] = Int32(bitPattern: c[offset &+ lane].bitPattern)
    }
    return bits &- magic
  }
}
