extension Requantization {
  /// The requantization parameters of 16 consecutive columns of a ``RequantizationTable``
  /// (fixed-point mode, either per-channel or per-tensor), loaded once into registers and
  /// applied to every row or pixel of those columns: the table is read once per block of rows
  /// rather than once per row.
  struct ChannelBlock {
    let bias, leftShift, multiplier, rightShift, mask, half: SIMD16<Int32>
    let offset, lower, upper: SIMD16<Int32>

    /// Columns `column ..< column + 16` of `t` (whose arrays hold at least that many entries).
    @_transparent
    init(_ t: RequantizationTable, column: Int) {
      bias = Self.load(t.bias + column)
      leftShift = Self.load(t.leftShift + column)
      multiplier = Self.load(t.multiplier + column)
      rightShift = Self.load(t.rightShift + column)
      mask = Self.load(t.roundingMask + column)
      half = mask &>> 1
      offset = SIMD16(repeating: t.outputOffset)
      lower = SIMD16(repeating: t.lower)
      upper = SIMD16(repeating: t.upper)
    }

    /// ``Requantization/vector(_:column:_:)`` for 16 columns: the outputs (in the output
    /// type's range) of the Int32 accumulators `acc`.
    @_transparent
    func apply(_ acc: SIMD16<Int32>) -> SIMD16<Int32> {
      let high = Self.highMultiply((acc &+ bias) &<< leftShift, multiplier)
      // RoundingDivideByPOT(high, e): halves away from zero.
      let threshold = half &- (high &>> 31)
      var result = high &>> rightShift
      result.replace(with: result &+ 1, where: (high & mask) .> threshold)
      result &+= offset
      return Self.minimum(Self.maximum(result, lower), upper)
    }

    /// Requantizes the 16 accumulators `acc` and stores their low bytes at `output`.
    @_transparent
    func store(_ acc: SIMD16<Int32>, to output: UnsafeMutablePointer<UInt8>) {
      let values = apply(acc)
      var bytes = SIMD16<UInt8>()
      for lane in 0..<16 { bytes[lane] = UInt8(truncatingIfNeeded: values[lane]) }
      UnsafeMutableRawPointer(output).storeBytes(of: bytes, as: SIMD16<UInt8>.self)
    }

    /// ``Requantization/highMultiply(_:_:)`` on 16 lanes.
    @_transparent
    static func highMultiply(_ x: SIMD16<Int32>, _ m: SIMD16<Int32>) -> SIMD16<Int32> {
      let xq = unsafeBitCast(x, to: SIMD8<Int64>.self)
      let mq = unsafeBitCast(m, to: SIMD8<Int64>.self)
      let round = SIMD8<Int64>(repeating: 1 << 30)
      let even = ((xq &<< 32) &>> 32) &* ((mq &<< 32) &>> 32)
      let odd = (xq &>> 32) &* (mq &>> 32)
      // Even lanes' results are the low halves of `low`, odd lanes' the high halves of `high`.
      let low = (even &+ round) &>> 31
      let high = (odd &+ round) &<< 1
      let lowHalves = SIMD8<Int64>(repeating: 0xFFFF_FFFF)
      return unsafeBitCast((low & lowHalves) | (high & ~lowHalves), to: SIMD16<Int32>.self)
    }

    /// Sixteen Int32 values.
    @_transparent
    static func load(_ pointer: UnsafePointer<Int32>) -> SIMD16<Int32> {
      UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<Int32>.self)
    }

    /// Lane-wise maximum (written out so that it compiles to one instruction).
    @_transparent
    static func maximum(_ a: SIMD16<Int32>, _ b: SIMD16<Int32>) -> SIMD16<Int32> {
      var result = a
      for lane in 0..<16 { result[lane] = a[lane] > b[lane] ? a[lane] : b[lane] }
      return result
    }

    /// Lane-wise minimum (written out so that it compiles to one instruction).
    @_transparent
    static func minimum(_ a: SIMD16<Int32>, _ b: SIMD16<Int32>) -> SIMD16<Int32> {
      var result = a
      for lane in 0..<16 { result[lane] = a[lane] < b[lane] ? a[lane] : b[lane] }
      return result
    }
  }
}
