internal import OcellusKernels
import TFLiteModel

/// The integer parameters of a quantized CONV_2D, DEPTHWISE_CONV_2D or FULLY_CONNECTED (uint8
/// or int8), checked and computed at load exactly as TFLite's `Prepare` does.
///
/// - uint8: input, filter and output quantized per tensor (asymmetric). CONV_2D and
///   DEPTHWISE_CONV_2D requantize with `QuantizeMultiplier(Double(inputScale × filterScale)
///   / Double(outputScale))` — the scale product in float, as TFLite's
///   `GetQuantizedConvolutionMultipler` computes it — and check that a quantized bias has
///   about that scale (within 2% of an output step). Per-channel uint8 filters are rejected, as
///   in TFLite.
/// - int8: per-tensor activations, filter per tensor or per output channel (symmetric);
///   multipliers per channel from `Double(inputScale) × Double(filterScale[c]) /
///   Double(outputScale)`. CONV_2D requires the filter's zero points to be 0; DEPTHWISE_CONV_2D
///   ignores them, as TFLite does.
/// - FULLY_CONNECTED: TFLite's reference kernels requantize in double,
///   `round(Double(acc) × Double(inputScale) × Double(filterScale) / Double(outputScale))`
///   (``scales``), rather than with a fixed-point multiplier; per-channel filters must be int8
///   with `quantized_dimension` 0; a per-tensor int8 filter's zero point is used.
struct ConvolutionQuantization {
  /// Which operator, as TFLite's `Prepare` differs between them.
  enum Operator {
    case convolution
    case depthwise
    case fullyConnected
  }

  /// True for int8 tensors, false for uint8.
  let signed: Bool
  /// Subtracted from every input value.
  let inputZeroPoint: Int32
  /// Subtracted from every weight (0 where TFLite ignores the filter's zero points).
  let filterZeroPoint: Int32
  /// Added after requantization.
  let outputZeroPoint: Int32
  /// Per output channel: the fixed-point multiplier (empty for FULLY_CONNECTED).
  let multipliers: [QuantizedArithmetic.Multiplier]
  /// Per output channel: the double requantization scale (FULLY_CONNECTED), else nil.
  let scales: [Double]?
  /// The output clamp (the fused activation within the type's range).
  let range: ClosedRange<Int32>
  /// The largest |input − zero point| the input type allows.
  let inputBound: Int

  /// Reads and checks the quantization of the input, filter (with `channels` output
  /// channels) and bias of `operands` and of `output`, for `op` with the fused `activation`.
  ///
  /// Throws `unsupported` for type combinations TFLite rejects or this interpreter does not
  /// run (hybrid float/quantized, int16, int4, mixed 8-bit types, per-channel uint8) and
  /// `invalid` for inconsistent parameters.
  init(
    _ op: Operator, _ operands: ConvolutionOperands, output: TensorDescription, channels: Int,
    activation: ActivationFunction, node: NodeContext
  ) throws(InterpreterError) {
    let (input, filter) = (operands.input, operands.filter)
    try Self.checkTypes(operands, output: output, node)
    signed = input.type == .int8

    // Activations: per tensor, with scales TFLite can divide by.
    guard let inputScales = input.quantization?.scales, !inputScales.isEmpty else {
      throw node.invalid("the quantized input has no quantization parameters")
    }
    let inputParameters = try PerTensorQuantization(input, "the input", node)
    let outputParameters = try PerTensorQuantization(output, "the output", node)
    try outputParameters.requireScale("the output", node)
    let (inputScale, outputScale) = (inputParameters.scale, outputParameters.scale)
    guard inputScale.isFinite, inputScale >= 0 else {
      throw node.invalid("the input scale \(inputScale) is not a finite non-negative number")
    }
    inputZeroPoint = inputParameters.zeroPoint
    outputZeroPoint = outputParameters.zeroPoint
    inputBound = Int(
      max(
        inputZeroPoint - inputParameters.range.lowerBound,
        inputParameters.range.upperBound - inputZeroPoint))
    range = try outputParameters.activationRange(activation, node)

    let weights = try FilterQuantization(op, filter, channels: channels, signed: signed, node)
    filterZeroPoint = weights.zeroPoint
    try Self.checkBias(
      operands.bias, op, weights, signed: signed, inputScale: inputScale,
      outputScale: outputScale, node)

    // The requantization.
    let perChannel = weights.perChannel
    let ratios = (0..<channels).map { channel in
      Double(inputScale) * Double(weights.scales[perChannel ? channel : 0]) / Double(outputScale)
    }
    if op == .fullyConnected {
      multipliers = []
      scales = ratios
    } else if signed {
      scales = nil
      multipliers = ratios.map { QuantizedArithmetic.Multiplier($0) }
    } else {
      // The scale product in float, as TFLite's GetQuantizedConvolutionMultipler computes it.
      scales = nil
      let multiplier = QuantizedArithmetic.Multiplier(
        Double(inputScale * weights.scales[0]) / Double(outputScale))
      multipliers = Array(repeating: multiplier, count: channels)
    }
  }

  /// Throws unless input, filter and output share one 8-bit type and a bias is int32.
  private static func checkTypes(
    _ operands: ConvolutionOperands, output: TensorDescription, _ node: NodeContext
  ) throws(InterpreterError) {
    let (input, filter) = (operands.input, operands.filter)
    guard input.type == .uint8 || input.type == .int8 else {
      throw node.unsupported("input type \(input.type) is not a quantized 8-bit type")
    }
    guard filter.type == input.type else {
      throw node.unsupported(
        "the filter is \(filter.type) but the input is \(input.type); both must have the same 8-bit type"
      )
    }
    guard output.type == input.type else {
      throw node.unsupported("the output is \(output.type) but the input is \(input.type)")
    }
    if let bias = operands.bias, bias.type != .int32 {
      throw node.unsupported("the bias is \(bias.type); quantized \(input.type) needs int32")
    }
  }

  /// The filter's affine quantization, per tensor or per output channel, checked as TFLite's
  /// `Prepare` does.
  private struct FilterQuantization {
    let scales: [Float]
    let perChannel: Bool
    /// Subtracted from every weight (0 where TFLite ignores the filter's zero points).
    let zeroPoint: Int32

    init(
      _ op: Operator, _ filter: TensorDescription, channels: Int, signed: Bool,
      _ node: NodeContext
    ) throws(InterpreterError) {
      guard let quantization = filter.quantization, quantization.details == nil,
        !quantization.scales.isEmpty
      else {
        throw node.invalid("the quantized filter has no affine quantization parameters")
      }
      scales = quantization.scales
      for (index, scale) in scales.enumerated() where !(scale.isFinite && scale >= 0) {
        throw node.invalid(
          "filter scale \(index) is \(scale); scales must be finite and non-negative")
      }
      perChannel = scales.count > 1
      if perChannel {
        try Self.checkPerChannel(op, filter, quantization, channels: channels, signed, node)
      }
      let legacyZero = perChannel ? 0 : Int64(quantization.zeroPoints.first ?? 0)
      let filterRange: ClosedRange<Int64> = signed ? -128...127 : 0...255
      if !perChannel && !filterRange.contains(legacyZero) {
        throw node.invalid(
          "the filter zero point \(legacyZero) is outside the \(filter.type) range")
      }
      if signed && op == .convolution {
        if let nonzero = quantization.zeroPoints.first(where: { $0 != 0 }) {
          throw node.invalid("int8 filters must have zero points of 0, found \(nonzero)")
        }
        zeroPoint = 0
      } else if signed && (op == .depthwise || perChannel) {
        // TFLite's per-channel int8 kernels never read the filter's zero points.
        zeroPoint = 0
      } else {
        zeroPoint = Int32(legacyZero)
      }
    }

    /// Throws unless per-channel scales are int8, one per output channel, along the output
    /// channels' dimension (0 for fully-connected weights).
    private static func checkPerChannel(
      _ op: Operator, _ filter: TensorDescription, _ quantization: Quantization, channels: Int,
      _ signed: Bool, _ node: NodeContext
    ) throws(InterpreterError) {
      let count = quantization.scales.count
      guard signed else {
        throw node.unsupported(
          "the uint8 filter is quantized per channel (\(count) scales); TFLite supports per-channel filters only for int8"
        )
      }
      guard count == channels else {
        throw node.invalid("the filter has \(count) scales for \(channels) output channels")
      }
      let dimension = quantization.quantizedDimension
      if op == .fullyConnected && dimension != 0 {
        throw node.invalid(
          "the per-channel filter's quantized_dimension is \(dimension); fully-connected weights need 0"
        )
      }
      guard dimension < filter.shape.count, filter.shape[dimension] == channels else {
        throw node.invalid(
          "the filter's quantized_dimension \(dimension) does not run along its \(channels) output channels (shape \(filter.shape))"
        )
      }
    }
  }

  /// The bias: int32 with zero point 0; for the per-tensor multiplier, a scale close to
  /// inputScale × filterScale (TFLite's GetQuantizedConvolutionMultipler check).
  private static func checkBias(
    _ bias: TensorDescription?, _ op: Operator, _ weights: FilterQuantization, signed: Bool,
    inputScale: Float, outputScale: Float, _ node: NodeContext
  ) throws(InterpreterError) {
    guard let quantization = bias?.quantization, !quantization.scales.isEmpty else {
      return  // No quantization recorded: nothing to check.
    }
    // A bias quantized per channel reads as scale 0 and zero point 0 (TFLite's legacy params).
    let bias = quantization.perTensor ?? TensorQuantization(scale: 0, zeroPoint: 0)
    let (biasScale, zero) = (bias.scale, bias.zeroPoint)
    guard zero == 0 else { throw node.invalid("the bias zero point is \(zero), not 0") }
    guard !signed || (op == .fullyConnected && !weights.perChannel) else { return }
    let product = Double(inputScale) * Double(weights.scales[0])
    let difference = abs(product - Double(biasScale))
    guard difference / Double(outputScale) <= 0.02 else {
      throw node.invalid(
        "the bias scale \(biasScale) is not input scale × filter scale (\(product)) within 2% of the output scale \(outputScale)"
      )
    }
  }

  /// Widens `count` input values to the floats `value − inputZeroPoint` with `kernels`, split
  /// over `pool`'s threads.
  func widenInput(
    _ source: UnsafePointer<UInt8>, count: Int, into destination: UnsafeMutablePointer<Float>,
    kernels: KernelSet, pool: ThreadPool
  ) {
    guard count > 0 else { return }
    let (widen, signed, zeroPoint) = (kernels.entry.widen, self.signed, inputZeroPoint)
    let chunk = Self.widenChunk
    let pieces = (count + chunk - 1) / chunk
    pool.parallelFor(pieces, minimumChunk: 4) { range in
      let first = range.lowerBound * chunk
      let end = min(count, range.upperBound * chunk)
      widen(source + first, end - first, signed, zeroPoint, destination + first)
    }
  }

  /// Elements widened per work item (64 KiB of floats).
  private static let widenChunk = 1 << 14

  /// How weights of this filter widen: its type and zero point.
  var filterWidening: PackedWeights.Widening { (signed, filterZeroPoint) }

  /// The largest |weight − zero point| over `weights` (bytes of this filter's type), or the
  /// type's bound when the weights are not known at load.
  func filterBound(_ weights: ModelBytes?) -> Int {
    guard let weights else { return signed ? 128 + Int(abs(filterZeroPoint)) : 255 }
    let extremes = weights.withUnsafeBufferPointer { bytes in
      signed ? Self.extremes(bytes, Int8.self) : Self.extremes(bytes, UInt8.self)
    }
    guard let (low, high) = extremes else { return 0 }
    return Int(max(abs(low - filterZeroPoint), abs(high - filterZeroPoint)))
  }

  /// The least and greatest of `bytes` read as `Value` (nil when empty): a min/max reduction
  /// the compiler vectorizes.
  private static func extremes<Value: FixedWidthInteger>(
    _ bytes: UnsafeBufferPointer<UInt8>, _: Value.Type
  ) -> (Int32, Int32)? {
    guard !bytes.isEmpty else { return nil }
    var low = Value.max
    var high = Value.min
    for byte in bytes {
      let value = Value(truncatingIfNeeded: byte)
      low = min(low, value)
      high = max(high, value)
    }
    return (Int32(low), Int32(high))
  }

  /// The most products of integer-valued floats summed in float before converting to Int32:
  /// any `chunk` products of magnitude at most `inputBound × filterBound` sum exactly, below
  /// `Requantization.sumLimit` (2^22) — 64 in the worst case (uint8 zero points at the ends of
  /// the range), 129 for a centred input, more for real filters.
  func chunk(filterBound: Int) -> Int {
    let product = inputBound * filterBound
    let limit = Requantization.sumLimit - 1
    return product == 0 ? limit : max(1, limit / product)
  }

  /// Reads byte `index` of a tensor of this type as an integer.
  @inline(__always)
  func value(_ bytes: UnsafePointer<UInt8>, _ index: Int) -> Int32 {
    signed ? Int32(Int8(bitPattern: bytes[index])) : Int32(bytes[index])
  }

  /// One tap of the reference loops: `(filter[f] − filterZero) · (input[i] − inputZero)`, in
  /// wrapping Int32 arithmetic as TFLite's accumulator.
  @inline(__always)
  func tap(
    _ input: UnsafePointer<UInt8>, _ i: Int, _ filter: UnsafePointer<UInt8>, _ f: Int
  ) -> Int32 {
    (value(filter, f) &- filterZeroPoint) &* (value(input, i) &- inputZeroPoint)
  }
}
