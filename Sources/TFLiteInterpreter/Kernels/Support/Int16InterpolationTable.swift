/// TFLite's int16 → int16 lookup table with linear interpolation (`LUTPopulateInt16<float>`
/// and `LUTLookup(int16_t, …)` in `kernels/internal/common.h`), bit for bit: 513 samples of a
/// function over the input's real range, each corrected by half the error of interpolating the
/// midpoint; a value is looked up by its high 9 bits and interpolated with its low 7.
///
/// The output zero point is not applied (TFLite's int16 kernels are symmetric).
struct Int16InterpolationTable {
  /// The 513 samples (512 segments and the end point).
  let samples: [Int16]

  /// Samples `transform` (a float function of the dequantized input, returning the real output)
  /// over the int16 input range of `input`, on the scale of `output`, in float arithmetic as
  /// the C++ code does it (`TfLiteRound` rounds half away from zero).
  init(
    input: PerTensorQuantization, output: PerTensorQuantization, _ transform: (Float) -> Float
  ) {
    self.init(
      inputScale: input.scale, inputZeroPoint: input.zeroPoint, outputScale: output.scale,
      outputZeroPoint: output.zeroPoint, transform)
  }

  /// The same table from the scales and zero points themselves (`LUTPopulate<int16_t>` with
  /// explicit parameters, as SOFTMAX's Prepare calls it).
  init(
    inputScale: Float, inputZeroPoint: Int32, outputScale: Float, outputZeroPoint: Int32,
    _ transform: (Float) -> Float
  ) {
    let inputMin = inputScale * Float(Int32(Int16.min) - inputZeroPoint)
    let inputMax = inputScale * Float(Int32(Int16.max) - inputZeroPoint)
    let outputMin = outputScale * Float(Int32(Int16.min) - outputZeroPoint)
    let outputMax = outputScale * Float(Int32(Int16.max) - outputZeroPoint)
    let steps = 512
    let step = (inputMax - inputMin) / Float(steps)
    let halfStep = step / 2
    let inverse = Float(65536) / (outputMax - outputMin)
    /// Clamped to the int16 range and narrowed (NaN gives 0, as x86-64 narrows it).
    func narrow(_ value: Float) -> Int16 {
      value.isNaN ? 0 : Int16(min(max(value, -32768), 32767))
    }
    var samples = [Int16](repeating: 0, count: steps + 1)
    for i in 0..<steps {
      let value = transform(inputMin + Float(i) * step)
      let midpoint = transform(inputMin + Float(i) * step + halfStep)
      let next = transform(inputMin + Float(i + 1) * step)
      let sample = (value * inverse).rounded(.toNearestOrAwayFromZero)
      let interpolated = ((next * inverse + sample) / 2).rounded(.toNearestOrAwayFromZero)
      let exact = (midpoint * inverse).rounded(.toNearestOrAwayFromZero)
      let bias = ((interpolated - exact) / 2).rounded(.toNearestOrAwayFromZero)
      samples[i] = narrow(sample - bias)
    }
    samples[steps] = narrow((transform(inputMax) * inverse).rounded(.toNearestOrAwayFromZero))
    self.samples = samples
  }

  /// `LUTLookup`: the sample at the high 9 bits of `value`, plus the slope to the next sample
  /// times the low 7 bits, rounded (wrapping to int16 as the C++ cast does).
  func callAsFunction(_ value: Int16) -> Int16 {
    let index = 256 + Int(value >> 7)
    let offset = Int32(value & 0x7f)
    let base = Int32(samples[index])
    let slope = Int32(samples[index + 1]) - base
    return Int16(truncatingIfNeeded: base + ((slope * offset + 64) >> 7))
  }
}
