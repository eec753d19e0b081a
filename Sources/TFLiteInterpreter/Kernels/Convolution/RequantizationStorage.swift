internal import OcellusKernels

/// The per-channel arrays of a ``RequantizationTable`` (bias, multiplier, shifts and rounding
/// masks, or double scales), owned by one quantized kernel and padded to a whole number of
/// 16-column groups so the vector code may read past the last channel; and the bias input's
/// handling: a constant bias is copied in at load, a bias computed at run time at every run.
final class RequantizationStorage {
  /// Output channels (GEMM columns).
  let channels: Int
  /// True when the node has a bias input (input 2).
  let hasBias: Bool
  /// True when the bias is in the arrays already (none, or constant).
  private let biasIsConstant: Bool
  private let bias, multiplier, leftShift, rightShift: UnsafeMutablePointer<Int32>
  private let roundingMask: UnsafeMutablePointer<Int32>
  /// Each column's float multiplier, nudge and exactness limit (``Requantization/floatPath``).
  private let floatMultiplier, floatNudge, floatLimit: UnsafeMutablePointer<Float>
  private let scale: UnsafeMutablePointer<Double>?
  /// True when every channel has the same multiplier and shifts.
  private let uniform: Bool
  private let outputOffset: Int32
  private let range: ClosedRange<Int32>

  /// The arrays for `quantization` with `channels` output channels and the node's `bias`
  /// (all zeros when nil; read at each run, by ``table(_:)``, when not constant).
  /// `biasAdjustment`, when given, is added (wrapping) to each channel's constant bias.
  convenience init(
    _ quantization: ConvolutionQuantization, channels: Int, bias: TensorDescription?,
    biasAdjustment: [Int32]? = nil
  ) {
    self.init(
      multipliers: quantization.multipliers, scales: quantization.scales,
      outputOffset: quantization.outputZeroPoint, range: quantization.range, channels: channels,
      bias: bias)
    for (channel, value) in (biasAdjustment ?? []).prefix(channels).enumerated() {
      self.bias[channel] &+= value
    }
  }

  /// A per-tensor table without bias: every value scaled by `multiplier`, offset by
  /// `outputOffset` and clamped to `range` (inclusive), for the elementwise kernels.
  convenience init(
    _ multiplier: QuantizedArithmetic.Multiplier, outputOffset: Int32, range: ClosedRange<Int32>
  ) {
    self.init(
      multipliers: [multiplier], scales: nil, outputOffset: outputOffset, range: range,
      channels: 1, bias: nil)
  }

  /// The arrays for `channels` channels with fixed-point `multipliers` (or double `scales`),
  /// the output offset and clamp, and the node's `bias`.
  private init(
    multipliers: [QuantizedArithmetic.Multiplier], scales: [Double]?, outputOffset: Int32,
    range: ClosedRange<Int32>, channels: Int, bias: TensorDescription?
  ) {
    self.channels = channels
    hasBias = bias != nil
    let constantBias = bias?.constantValues(as: Int32.self)
    biasIsConstant = bias == nil || constantBias != nil
    // Entries per array: channels rounded up to a multiple of 16, at least 16.
    let padded = max(16, (channels + 15) / 16 * 16)
    self.outputOffset = outputOffset
    self.range = range
    func zeros<T: Numeric>(_: T.Type) -> UnsafeMutablePointer<T> {
      let pointer = UnsafeMutablePointer<T>.allocate(capacity: padded)
      pointer.initialize(repeating: 0, count: padded)
      return pointer
    }
    self.bias = zeros(Int32.self)
    multiplier = zeros(Int32.self)
    leftShift = zeros(Int32.self)
    rightShift = zeros(Int32.self)
    roundingMask = zeros(Int32.self)
    floatMultiplier = zeros(Float.self)
    floatNudge = zeros(Float.self)
    floatLimit = zeros(Float.self)
    if let constantBias {
      for channel in 0..<min(channels, constantBias.count) {
        self.bias[channel] = constantBias[channel]
      }
    }
    for (channel, value) in multipliers.prefix(channels).enumerated() {
      multiplier[channel] = value.multiplier
      leftShift[channel] = Int32(max(value.shift, 0))
      rightShift[channel] = Int32(min(max(-value.shift, 0), 31))
      roundingMask[channel] = Int32(
        truncatingIfNeeded: (Int64(1) << Int64(rightShift[channel])) - 1)
    }
    for channel in 0..<padded {
      (floatMultiplier[channel], floatNudge[channel], floatLimit[channel]) =
        Requantization.floatPath(
          multiplier: multiplier[channel], leftShift: leftShift[channel],
          rightShift: rightShift[channel], outputOffset: outputOffset, lower: range.lowerBound,
          upper: range.upperBound)
    }
    let first = multipliers.first
    uniform = multipliers.allSatisfy { $0 == first }
    if let scales {
      let storage = zeros(Double.self)
      for (channel, value) in scales.prefix(channels).enumerated() { storage[channel] = value }
      scale = storage
    } else {
      scale = nil
    }
  }

  deinit {
    bias.deallocate()
    multiplier.deallocate()
    leftShift.deallocate()
    rightShift.deallocate()
    roundingMask.deallocate()
    floatMultiplier.deallocate()
    floatNudge.deallocate()
    floatLimit.deallocate()
    scale?.deallocate()
  }

  /// The bias input of a run (for the integer reference loops), or nil when there is none.
  func biasInput(_ io: KernelIO) -> UnsafePointer<Int32>? {
    hasBias ? io.input(2, as: Int32.self) : nil
  }

  /// The table the kernels read in this run, after copying in a bias computed at run time.
  func table(_ io: KernelIO) -> RequantizationTable {
    if !biasIsConstant { bias.update(from: io.input(2, as: Int32.self), count: channels) }
    return (
      bias: UnsafePointer(bias), multiplier: UnsafePointer(multiplier),
      leftShift: UnsafePointer(leftShift), rightShift: UnsafePointer(rightShift),
      roundingMask: UnsafePointer(roundingMask), floatMultiplier: UnsafePointer(floatMultiplier),
      floatNudge: UnsafePointer(floatNudge), floatLimit: UnsafePointer(floatLimit),
      scale: scale.map { UnsafePointer($0) }, uniform: uniform, outputOffset: outputOffset,
      lower: range.lowerBound, upper: range.upperBound
    )
  }
}
