internal import OcellusKernels

/// The per-channel arrays of a ``RequantizationTable`` (bias, multiplier, shifts and rounding
/// masks, or double scales), owned by one quantized kernel and padded to a whole number of 16-column groups
/// so the vector code may read past the last channel.
final class RequantizationStorage {
  /// Output channels (GEMM columns).
  let channels: Int
  private let bias: UnsafeMutablePointer<Int32>
  private let multiplier: UnsafeMutablePointer<Int32>
  private let leftShift: UnsafeMutablePointer<Int32>
  private let rightShift: UnsafeMutablePointer<Int32>
  private let roundingMask: UnsafeMutablePointer<Int32>
  private let scale: UnsafeMutablePointer<Double>?
  /// True when every channel has the same multiplier and shifts.
  private let uniform: Bool
  private let outputOffset: Int32
  private let range: ClosedRange<Int32>
  /// Entries per array (channels rounded up to a multiple of 16, at least 16).
  private let padded: Int

  /// The arrays for `quantization` with `channels` output channels and `bias` (all zeros when
  /// nil; see ``setBias(_:)`` for a bias known only at run time).
  init(_ quantization: ConvolutionQuantization, channels: Int, bias: [Int32]?) {
    self.channels = channels
    padded = max(16, (channels + 15) / 16 * 16)
    outputOffset = quantization.outputZeroPoint
    range = quantization.range
    self.bias = .allocate(capacity: padded)
    multiplier = .allocate(capacity: padded)
    leftShift = .allocate(capacity: padded)
    rightShift = .allocate(capacity: padded)
    roundingMask = .allocate(capacity: padded)
    self.bias.initialize(repeating: 0, count: padded)
    multiplier.initialize(repeating: 0, count: padded)
    leftShift.initialize(repeating: 0, count: padded)
    rightShift.initialize(repeating: 0, count: padded)
    roundingMask.initialize(repeating: 0, count: padded)
    if let bias {
      for channel in 0..<min(channels, bias.count) { self.bias[channel] = bias[channel] }
    }
    for (channel, value) in quantization.multipliers.prefix(channels).enumerated() {
      multiplier[channel] = value.multiplier
      leftShift[channel] = Int32(max(value.shift, 0))
      rightShift[channel] = Int32(min(max(-value.shift, 0), 31))
      roundingMask[channel] = Int32(
        truncatingIfNeeded: (Int64(1) << Int64(rightShift[channel])) - 1)
    }
    let first = quantization.multipliers.first
    uniform = quantization.multipliers.allSatisfy { $0 == first }
    if let scales = quantization.scales {
      let storage = UnsafeMutablePointer<Double>.allocate(capacity: padded)
      storage.initialize(repeating: 0, count: padded)
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
    scale?.deallocate()
  }

  /// Copies a bias known only at run time (`channels` values).
  func setBias(_ values: UnsafePointer<Int32>) {
    bias.update(from: values, count: channels)
  }

  /// The table the kernels read.
  var table: RequantizationTable {
    (
      bias: UnsafePointer(bias), multiplier: UnsafePointer(multiplier),
      leftShift: UnsafePointer(leftShift), rightShift: UnsafePointer(rightShift),
      roundingMask: UnsafePointer(roundingMask),
      scale: scale.map { UnsafePointer($0) }, uniform: uniform, outputOffset: outputOffset,
      lower: range.lowerBound, upper: range.upperBound
    )
  }
}
