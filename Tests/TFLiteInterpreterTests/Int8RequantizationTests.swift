import OcellusKernels
import OcellusTestSupport
import Testing

/// The fixed-point requantization of the 8-bit GEMM's tiles (one floor division of the 64-bit
/// product per lane in place of TFLite's two roundings) against TFLite's
/// `MultiplyByQuantizedMultiplier` written out step by step, on every build: accumulators of 0
/// with the value under test as each column's bias, so every column requantizes its own.
@Suite("Requantization in the 8-bit GEMM")
struct Int8RequantizationTests {
  /// TFLite's reference: `x << left` (wrapping), `SaturatingRoundingDoublingHighMul`,
  /// `RoundingDivideByPOT`, then the offset and the clamp.
  static func reference(
    _ x: Int32, multiplier: Int32, left: Int32, right: Int32, offset: Int32, lower: Int32,
    upper: Int32
  ) -> UInt8 {
    let a = x &* (1 << left)
    var high: Int32
    if a == Int32.min && multiplier == Int32.min {
      high = Int32.max
    } else {
      let ab = Int64(a) * Int64(multiplier)
      let nudge: Int64 = ab >= 0 ? 1 << 30 : 1 - (1 << 30)
      high = Int32(truncatingIfNeeded: (ab + nudge) / (1 << 31))
    }
    let mask = Int32((Int64(1) << Int64(right)) - 1)
    let remainder = high & mask
    let threshold = (mask >> 1) + (high < 0 ? 1 : 0)
    var result = (high >> right) + (remainder > threshold ? 1 : 0)
    result = min(max(result &+ offset, lower), upper)
    return UInt8(truncatingIfNeeded: result)
  }

  /// One column's parameters and the value requantized.
  struct Column {
    var value, multiplier, left, right: Int32
  }

  /// Random columns: multipliers as TFLite makes them (2^30 ..< 2^31), exact powers of two
  /// (whose products land on the ties), small and negative ones; values of every magnitude.
  static func columns(_ count: Int, _ g: inout SplitMix64) -> [Column] {
    (0..<count).map { i in
      let right = Int32.random(in: 0...31, using: &g)
      let multiplier: Int32 =
        switch i % 5 {
        case 0: 1 << 30
        case 1: Int32.random(in: 1...1000, using: &g)
        case 2: -Int32.random(in: (1 << 30)...Int32.max, using: &g)
        default: Int32.random(in: (1 << 30)...Int32.max, using: &g)
        }
      let left = i % 7 == 0 ? Int32.random(in: 1...3, using: &g) : 0
      let magnitude = Int32.random(in: 0...31, using: &g)
      let value =
        i % 3 == 0
        ? Int32(i / 3 % 4096) - 2048
        : Int32(
          truncatingIfNeeded: Int64.random(in: -(1 << magnitude)...(1 << magnitude), using: &g))
      return Column(value: value, multiplier: multiplier, left: left, right: right)
    }
  }

  @Test("per-column requantization equals TFLite's two roundings on every build", arguments: 0..<6)
  func matchesReference(seed: UInt64) {
    var g = SplitMix64(seed: 0x5E0_0000 + seed)
    let signed = seed % 2 == 0
    let offset = Int32.random(in: signed ? -128...127 : 0...255, using: &g)
    let (lower, upper): (Int32, Int32) =
      seed % 3 == 0
      ? (signed ? -128 : 0, signed ? 127 : 255) : (signed ? -100 : 10, signed ? 90 : 200)
    // 1000 columns: the last panel has 8 (stored alone, its neighbours' bytes untouched).
    Self.check(Self.columns(1000, &g), offset: offset, lower: lower, upper: upper)
  }

  /// Columns whose values land just beside the points where TFLite's roundings decide (a
  /// distance of 2^−11.5 to 2^−6.5 (√2 · 2^−12 to √2 · 2^−7), in output steps: the float path must answer them, and
  /// exactly), in whole vectors of 16, alternating with vectors whose values land on those
  /// points or within 3 accumulator steps of them (the exact path answers): typical multipliers
  /// (2^30 ..< 2^31) and every shift from 0 to 20, `v` within ±300.
  @Test(
    "values at and beside the rounding ties requantize exactly on every build", arguments: 0..<4)
  func nearTies(seed: UInt64) {
    var g = SplitMix64(seed: 0x71E_0000 + seed)
    let columns = (0..<4096).map { i in
      Self.nearTie(right: Int32(i % 21), beside: i / 16 % 2 == 0, &g)
    }
    let signed = seed % 2 == 0
    let offset: Int32 = signed ? -3 : 128
    Self.check(columns, offset: offset, lower: signed ? -128 : 0, upper: signed ? 127 : 255)
  }

  /// A column with right shift `right` whose value puts `v` (`x · m / 2^(31 + right)`) just
  /// beside (`beside`) or at a point where TFLite's result changes.
  static func nearTie(right: Int32, beside: Bool, _ g: inout SplitMix64) -> Column {
    let shift = 31 + Int(right)
    while true {
      let multiplier = Int32.random(in: (1 << 30)...Int32.max, using: &g)
      // Where the result changes: v + δ = k + 1/2, δ = ±2^−(right + 1) with the sign of v.
      let k = Double(Int.random(in: -300...300, using: &g))
      let nudge = right == 0 ? 0 : Double(sign: .plus, exponent: -1 - Int(right), significand: 1)
      let point = k + 0.5 - (k >= 0 ? nudge : -nudge)
      let offset = beside ? Double.random(in: 0x1p-11...0x1p-7, using: &g) : 0
      let side: Double = Bool.random(using: &g) ? 1 : -1
      let x =
        ((point + side * offset) * Double(sign: .plus, exponent: shift, significand: 1)
        / Double(multiplier)).rounded()
      let value = Int32(x) &+ (beside ? 0 : Int32.random(in: -3...3, using: &g))
      let column = Column(value: value, multiplier: multiplier, left: 0, right: right)
      let distance = Self.distanceToChange(column)
      if !beside || (0x1.6A09E6p-12...0x1.6A09E6p-7).contains(distance) { return column }
    }
  }

  /// How far, in output steps, `v` is from the nearest point where TFLite's result changes:
  /// from TFLite's one floor division `⌊(p + c) / 2^(31 + r)⌋` (see ``ExactBlock``), exactly.
  static func distanceToChange(_ c: Column) -> Double {
    let p = Int64(c.value) * Int64(c.multiplier)
    let r = Int64(c.right)
    let constant: Int64 = r == 0 ? 1 << 30 : (1 << 30) + (1 << (30 + r)) - (p < 0 ? 1 << 31 : 0)
    let modulus = Int64(1) << (31 + r)
    let remainder = (p + constant) & (modulus - 1)
    return Double(min(remainder, modulus - remainder)) / Double(modulus)
  }

  /// Requantizes `columns` (each value as its column's bias, over zero products) with the
  /// 8-bit GEMM of every build and expects TFLite's bytes.
  static func check(_ columns: [Column], offset: Int32, lower: Int32, upper: Int32) {
    let expected = columns.map {
      reference(
        $0.value, multiplier: $0.multiplier, left: $0.left, right: $0.right, offset: offset,
        lower: lower, upper: upper)
    }
    for build in KernelBuilds.hosted {
      let got = requantize(columns, offset: offset, lower: lower, upper: upper, on: build)
      for (row, bytes) in got.enumerated() {
        let wrong = (0..<columns.count).filter { bytes[$0] != expected[$0] }
        #expect(
          wrong.isEmpty,
          "\(build.name), row \(row): \(wrong.count) columns differ, first \(wrong.first.map { "\(columns[$0]) → \(bytes[$0]), expected \(expected[$0])" } ?? "")"
        )
      }
    }
  }

  /// The GEMM's three output rows for zero weights (every sum 0, whatever the activations) and
  /// each column's value as its bias.
  static func requantize(
    _ columns: [Column], offset: Int32, lower: Int32, upper: Int32,
    on build: (name: String, entry: KernelEntryPoints)
  ) -> [[UInt8]] {
    var g = SplitMix64(seed: 0xAC7)
    let (n, k, m) = (columns.count, 4, 3)
    let activations = (0..<(m * k)).map { _ in Int8.random(in: -128...127, using: &g) }
    var packed = [Int8](repeating: 0, count: build.entry.int8PackedCount(n, k))
    var output = [UInt8](repeating: 0, count: m * n)
    [Int8](repeating: 0, count: n * k).withUnsafeBufferPointer { w in
      packed.withUnsafeMutableBufferPointer { p in
        build.entry.int8Pack(w.baseAddress!, n, k, (k, k), 0, p.baseAddress!)
      }
    }
    // The table's arrays padded to whole panels of 16, as the kernels read them.
    let padded =
      columns
      + Array(
        repeating: Column(value: 0, multiplier: 1 << 30, left: 0, right: 0),
        count: (16 - n % 16) % 16)
    let float = padded.map {
      Requantization.floatPath(
        multiplier: $0.multiplier, leftShift: $0.left, rightShift: $0.right, outputOffset: offset,
        lower: lower, upper: upper)
    }
    let bias = PinnedArray(padded.map(\.value))
    let multiplier = PinnedArray(padded.map(\.multiplier))
    let left = PinnedArray(padded.map(\.left))
    let right = PinnedArray(padded.map(\.right))
    let rounding = PinnedArray(padded.map { Int32((Int64(1) << Int64($0.right)) - 1) })
    let floatMultiplier = PinnedArray(float.map(\.multiplier))
    let floatNudge = PinnedArray(float.map(\.nudge))
    let floatLimit = PinnedArray(float.map(\.limit))
    let a = PinnedArray(activations)
    let p = PinnedArray(packed)
    let table: RequantizationTable = (
      bias: bias.pointer, multiplier: multiplier.pointer, leftShift: left.pointer,
      rightShift: right.pointer, roundingMask: rounding.pointer,
      floatMultiplier: floatMultiplier.pointer, floatNudge: floatNudge.pointer,
      floatLimit: floatLimit.pointer, scale: nil,
      uniform: false, outputOffset: offset, lower: lower, upper: upper
    )
    let arrays: [AnyObject] = [
      bias, multiplier, left, right, rounding, floatMultiplier, floatNudge, floatLimit, a, p,
    ]
    withExtendedLifetime(arrays) {
      output.withUnsafeMutableBufferPointer { c in
        let operands: Int8GEMMOperands = (
          m: m, n: n, k: k, a: a.pointer, lda: k, signedActivations: true, flip: 0,
          rowFactor: 0, packed: p.pointer, requantization: table, c: c.baseAddress!, ldc: n
        )
        build.entry.int8Multiply(operands, 0..<m, 0..<((n + 15) / 16))
      }
    }
    return (0..<m).map { Array(output[($0 * n)..<(($0 + 1) * n)]) }
  }
}
