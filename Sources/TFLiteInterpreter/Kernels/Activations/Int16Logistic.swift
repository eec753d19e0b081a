import TFLiteModel

/// LOGISTIC on int16 (zero points 0, output scale 2^-15), bit for bit TFLite's reference
/// kernel (`reference_integer_ops::Logistic(int16)` with the parameters of `SigmoidPrepare`):
/// the input is rescaled to `1/(3·4096)` per step — by `3` when its scale is 2^-12 (a power
/// of two, as `CheckedLog2` decides), else by an integer multiplier and right shift — and its
/// magnitude looked up in a 256-entry table of sigmoid(i/24) in 0.16 fixed point, linearly
/// interpolated with the low 9 bits; negative inputs are mirrored (`1 − sigmoid(|x|)`).
struct Int16Logistic {
  /// Multiplies every input value (3 on the power-of-two path).
  let multiplier: Int32
  /// Right shift after the multiplication, with rounding (0...31).
  let shift: Int32

  /// Reads and checks the parameters as `SigmoidPrepare` does for int16.
  init(input: PerTensorQuantization, output: PerTensorQuantization, _ node: NodeContext)
    throws(InterpreterError)
  {
    guard input.zeroPoint == 0, output.zeroPoint == 0 else {
      throw node.unsupported("int16 LOGISTIC needs input and output zero points of 0")
    }
    guard output.scale > 0, let exponent = Self.log2(output.scale), exponent == -15 else {
      throw node.unsupported("int16 LOGISTIC needs an output scale of 2^-15, found \(output.scale)")
    }
    guard input.scale > 0, input.scale.isFinite else {
      throw node.unsupported("int16 LOGISTIC needs a positive finite input scale")
    }
    if let exponent = Self.log2(input.scale), exponent + 12 == 0 {
      (multiplier, shift) = (3, 0)
      return
    }
    var real = Double(input.scale) * 4096.0 * 3.0
    var shift: Int32 = 0
    while real <= 32767.0 / 2.0 && shift <= 30 {
      shift += 1
      real *= 2
    }
    guard real < 2_147_483_648.0 else {
      throw node.unsupported("int16 LOGISTIC input scale \(input.scale) is too large")
    }
    (multiplier, self.shift) = (Int32(real), min(shift, 31))
  }

  /// `CheckedLog2`: the rounded base-2 logarithm of `x` (in float, as TFLite computes it)
  /// when it is within 1e-3 of an integer, else nil.
  private static func log2(_ x: Float) -> Int? {
    let value = CMath.logf(x) * (1 / CMath.logf(2))
    let rounded = value.rounded(.toNearestOrAwayFromZero)
    guard abs(value - rounded) < 1e-3, abs(rounded) < 1e6 else { return nil }
    return Int(rounded)
  }

  /// The logistic of one int16 value.
  func callAsFunction(_ x: Int16) -> Int16 {
    let round: Int32 = shift > 0 ? 1 &<< (shift &- 1) : 0
    let value = (Int32(x) &* multiplier &+ round) &>> shift
    let magnitude = value.magnitude
    let step = magnitude >> 9
    var result: UInt32
    if step >= 255 {
      result = 0x7FFF << 10
    } else {
      let low = UInt32(Self.table[Int(step)])
      let high = UInt32(Self.table[Int(step) + 1])
      result = (low << 9) &+ (magnitude & 0x1ff) &* (high &- low)
    }
    result = value >= 0 ? result &+ (1 << 9) : (1 << 25) &- result &+ (1 << 9) &- 1
    return Int16(truncatingIfNeeded: result >> 10)
  }

  /// sigmoid(i/24) in 0.16 fixed point for i in 0..<256: TFLite's `sigmoid_table_uint16`
  /// (the values it ships, which no plain rounding of the formula reproduces).
  private static let table: [UInt16] = [
    32768, 33451, 34133, 34813, 35493, 36169, 36843, 37513, 38180, 38841, 39498, 40149, 40794,
    41432, 42064, 42688, 43304, 43912, 44511, 45102, 45683, 46255, 46817, 47369, 47911, 48443,
    48964, 49475, 49975, 50464, 50942, 51409, 51865, 52311, 52745, 53169, 53581, 53983, 54374,
    54755, 55125, 55485, 55834, 56174, 56503, 56823, 57133, 57433, 57724, 58007, 58280, 58544,
    58800, 59048, 59288, 59519, 59743, 59959, 60168, 60370, 60565, 60753, 60935, 61110, 61279,
    61441, 61599, 61750, 61896, 62036, 62172, 62302, 62428, 62549, 62666, 62778, 62886, 62990,
    63090, 63186, 63279, 63368, 63454, 63536, 63615, 63691, 63765, 63835, 63903, 63968, 64030,
    64090, 64148, 64204, 64257, 64308, 64357, 64405, 64450, 64494, 64536, 64576, 64614, 64652,
    64687, 64721, 64754, 64786, 64816, 64845, 64873, 64900, 64926, 64950, 64974, 64997, 65019,
    65039, 65060, 65079, 65097, 65115, 65132, 65149, 65164, 65179, 65194, 65208, 65221, 65234,
    65246, 65258, 65269, 65280, 65291, 65301, 65310, 65319, 65328, 65337, 65345, 65352, 65360,
    65367, 65374, 65381, 65387, 65393, 65399, 65404, 65410, 65415, 65420, 65425, 65429, 65433,
    65438, 65442, 65445, 65449, 65453, 65456, 65459, 65462, 65465, 65468, 65471, 65474, 65476,
    65479, 65481, 65483, 65485, 65488, 65489, 65491, 65493, 65495, 65497, 65498, 65500, 65501,
    65503, 65504, 65505, 65507, 65508, 65509, 65510, 65511, 65512, 65513, 65514, 65515, 65516,
    65517, 65517, 65518, 65519, 65520, 65520, 65521, 65522, 65522, 65523, 65523, 65524, 65524,
    65525, 65525, 65526, 65526, 65526, 65527, 65527, 65528, 65528, 65528, 65529, 65529, 65529,
    65529, 65530, 65530, 65530, 65530, 65531, 65531, 65531, 65531, 65531, 65532, 65532, 65532,
    65532, 65532, 65532, 65533, 65533, 65533, 65533, 65533, 65533, 65533, 65533, 65534, 65534,
    65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65535,
  ]
}
