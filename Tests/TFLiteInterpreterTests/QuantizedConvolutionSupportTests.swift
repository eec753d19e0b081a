import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// Shared by the quantized CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED and GEMM tests: TFLite's
/// integer arithmetic and reference kernels written out plainly in the test (independently of
/// the library), random cases, one-op model builders, and a runner that checks every kernel
/// build and thread count byte for byte. Its own tests pin the arithmetic to hand-computed
/// values.
@Suite("Quantized convolution test support")
struct QuantizedConvolutionSupportTests {
  typealias Tensor = SingleOpModel.Tensor

  // TFLite's arithmetic (QuantizeMultiplier, MultiplyByQuantizedMultiplier, activation
  // ranges) is QuantizedOpReference's.
  typealias R = QuantizedOpReference

  // MARK: Cases

  /// Which operator a case runs.
  enum Kind: Equatable {
    case convolution
    case depthwise(multiplier: Int)
    case fullyConnected
  }

  /// One quantized case: shapes, options, quantization and data.
  struct Case: CustomStringConvertible {
    var kind = Kind.convolution
    /// int8 tensors (per-channel filter when `filterScales` has more than one entry) or uint8.
    var signed = false
    var batch = 1
    var height = 5
    var width = 5
    var inputChannels = 3
    /// CONV_2D output channels, FULLY_CONNECTED units (depthwise: `inputChannels × multiplier`).
    var outputChannels = 4
    var filterHeight = 3
    var filterWidth = 3
    var strideHeight = 1
    var strideWidth = 1
    var dilationHeight = 1
    var dilationWidth = 1
    var same = true
    var activation: Int8 = 0
    var hasBias = true
    var filterAtRunTime = false
    var biasAtRunTime = false
    var inputScale: Float = 0.02
    var inputZero = 0
    var filterScales: [Float] = [0.01]
    var filterZeros: [Int] = [0]
    var outputScale: Float = 0.05
    var outputZero = 0
    var input: [UInt8] = []
    var filter: [UInt8] = []
    var bias: [Int32] = []

    /// Output channels (units for FULLY_CONNECTED).
    var channels: Int {
      if case .depthwise(let multiplier) = kind { return inputChannels * multiplier }
      return outputChannels
    }

    /// For FULLY_CONNECTED: the input is `[batch, inputChannels]` (depth `inputChannels`).
    var inputShape: [Int] {
      kind == .fullyConnected ? [batch, inputChannels] : [batch, height, width, inputChannels]
    }

    var filterShape: [Int] {
      switch kind {
      case .convolution: return [outputChannels, filterHeight, filterWidth, inputChannels]
      case .depthwise: return [1, filterHeight, filterWidth, channels]
      case .fullyConnected: return [outputChannels, inputChannels]
      }
    }

    /// The axis of per-channel filter scales.
    var channelDimension: Int { if case .depthwise = kind { return 3 } else { return 0 } }

    var description: String {
      let type = signed ? (filterScales.count > 1 ? "int8/channel" : "int8") : "uint8"
      switch kind {
      case .fullyConnected:
        return
          "\(type) FC \(batch)×\(inputChannels)→\(outputChannels) act \(activation) bias \(hasBias) zero \(inputZero)/\(filterZeros.first ?? 0)/\(outputZero)\(filterAtRunTime ? " runtime-filter" : "")"
      default:
        let name =
          kind == .convolution
          ? "conv→\(outputChannels)" : "depthwise×\(channels / max(inputChannels, 1))"
        return
          "\(type) \(name) \(batch)×\(height)×\(width)×\(inputChannels) filter \(filterHeight)×\(filterWidth) stride \(strideHeight),\(strideWidth) dilation \(dilationHeight),\(dilationWidth) \(same ? "SAME" : "VALID") act \(activation) bias \(hasBias) zero \(inputZero)/\(filterZeros.first ?? 0)/\(outputZero)\(filterAtRunTime ? " runtime-filter" : "")\(biasAtRunTime ? " runtime-bias" : "")"
      }
    }
  }

  /// TFLite's output size and padding before along one axis.
  static func axis(input: Int, filter: Int, stride: Int, dilation: Int, same: Bool) -> (
    size: Int, pad: Int
  ) {
    let effective = (filter - 1) * dilation + 1
    let size = same ? (input + stride - 1) / stride : (input + stride - effective) / stride
    return (size, max((size - 1) * stride + effective - input, 0) / 2)
  }

  /// The output shape of `c`.
  static func outputShape(_ c: Case) -> [Int] {
    if c.kind == .fullyConnected { return [c.batch, c.outputChannels] }
    let (height, _) = axis(
      input: c.height, filter: c.filterHeight, stride: c.strideHeight, dilation: c.dilationHeight,
      same: c.same)
    let (width, _) = axis(
      input: c.width, filter: c.filterWidth, stride: c.strideWidth, dilation: c.dilationWidth,
      same: c.same)
    return [c.batch, height, width, c.channels]
  }

  /// A byte of tensor data as its integer value.
  static func value(_ byte: UInt8, _ signed: Bool) -> Int32 {
    signed ? Int32(Int8(bitPattern: byte)) : Int32(byte)
  }

  /// The int32 accumulators (bias included) of every output, following TFLite's reference
  /// loops: `acc += (filter + filterOffset) · (input + inputOffset)` over the taps inside the
  /// image, then `acc += bias`. The filter offset is −zero point for uint8 and for a per-tensor
  /// int8 FULLY_CONNECTED, 0 for the other int8 kernels.
  static func accumulators(_ c: Case) -> [Int32] {
    let inputOffset = Int32(-c.inputZero)
    let perChannelInt8 = c.signed && (c.kind != .fullyConnected || c.filterScales.count > 1)
    let filterOffset = perChannelInt8 ? 0 : Int32(-(c.filterZeros.first ?? 0))
    let shape = outputShape(c)
    var result: [Int32] = []
    result.reserveCapacity(shape.reduce(1, *))
    func x(_ index: Int) -> Int32 { value(c.input[index], c.signed) &+ inputOffset }
    func w(_ index: Int) -> Int32 { value(c.filter[index], c.signed) &+ filterOffset }
    if c.kind == .fullyConnected {
      for b in 0..<c.batch {
        for unit in 0..<c.outputChannels {
          var acc: Int32 = 0
          for d in 0..<c.inputChannels {
            acc &+= w(unit * c.inputChannels + d) &* x(b * c.inputChannels + d)
          }
          if c.hasBias { acc &+= c.bias[unit] }
          result.append(acc)
        }
      }
      return result
    }
    let (_, padTop) = axis(
      input: c.height, filter: c.filterHeight, stride: c.strideHeight, dilation: c.dilationHeight,
      same: c.same)
    let (_, padLeft) = axis(
      input: c.width, filter: c.filterWidth, stride: c.strideWidth, dilation: c.dilationWidth,
      same: c.same)
    for b in 0..<c.batch {
      for outY in 0..<shape[1] {
        for outX in 0..<shape[2] {
          for channel in 0..<c.channels {
            var acc: Int32 = 0
            for filterY in 0..<c.filterHeight {
              for filterX in 0..<c.filterWidth {
                let inY = outY * c.strideHeight - padTop + c.dilationHeight * filterY
                let inX = outX * c.strideWidth - padLeft + c.dilationWidth * filterX
                guard inY >= 0, inY < c.height, inX >= 0, inX < c.width else { continue }
                let pixel = ((b * c.height + inY) * c.width + inX) * c.inputChannels
                if case .depthwise(let multiplier) = c.kind {
                  let tap = (filterY * c.filterWidth + filterX) * c.channels + channel
                  acc &+= w(tap) &* x(pixel + channel / multiplier)
                } else {
                  for inChannel in 0..<c.inputChannels {
                    let tap =
                      ((channel * c.filterHeight + filterY) * c.filterWidth + filterX)
                      * c.inputChannels + inChannel
                    acc &+= w(tap) &* x(pixel + inChannel)
                  }
                }
              }
            }
            if c.hasBias { acc &+= c.bias[channel] }
            result.append(acc)
          }
        }
      }
    }
    return result
  }

  /// The expected output bytes of `c`: the accumulators requantized as TFLite's reference
  /// kernels do — `MultiplyByQuantizedMultiplier` with the multiplier `Prepare` computes for
  /// CONV_2D and DEPTHWISE_CONV_2D (uint8: the scale product in float), `round(Double(acc) ×
  /// scale)` for FULLY_CONNECTED — then the output zero point and the activation clamp.
  static func expected(_ c: Case) -> [UInt8] {
    let (lower, upper) = R.activationRange(
      c.activation, scale: c.outputScale, zeroPoint: Int32(c.outputZero),
      type: c.signed ? R.int8 : R.uint8)
    let perChannel = c.filterScales.count > 1
    let accumulators = accumulators(c)
    return accumulators.enumerated().map { index, acc in
      let channel = index % c.channels
      let filterScale = c.filterScales[perChannel ? channel : 0]
      var scaled: Int32
      if c.kind == .fullyConnected {
        let scale = Double(c.inputScale) * Double(filterScale) / Double(c.outputScale)
        let rounded = (Double(acc) * scale).rounded(.toNearestOrAwayFromZero)
        scaled = rounded >= -2_147_483_648 && rounded < 2_147_483_648 ? Int32(rounded) : .min
      } else {
        let real =
          c.signed
          ? Double(c.inputScale) * Double(filterScale) / Double(c.outputScale)
          : Double(c.inputScale * filterScale) / Double(c.outputScale)
        let (multiplier, shift) = R.quantizeMultiplier(real)
        scaled = R.multiplyByQuantizedMultiplier(acc, multiplier, shift)
      }
      scaled &+= Int32(c.outputZero)
      scaled = max(scaled, lower)
      scaled = min(scaled, upper)
      return UInt8(truncatingIfNeeded: scaled)
    }
  }

  // MARK: Random cases

  /// A random case of `kind`: random data, zero points often at the ends of the range or
  /// centred, per-channel scales spanning four orders of magnitude, and an output scale picked
  /// from the accumulators so that outputs spread over the range and saturate at both ends.
  static func randomCase(_ kind: Kind, signed: Bool, _ g: inout SplitMix64) -> Case {
    var c = Case()
    c.kind = kind
    c.signed = signed
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &g)] }
    let (lowest, highest) = signed ? (-128, 127) : (0, 255)
    func zero() -> Int {
      pick([lowest, highest, signed ? 0 : 128, Int.random(in: lowest...highest, using: &g)])
    }
    switch kind {
    case .fullyConnected:
      c.batch = pick([1, 2, 3, 7])
      c.inputChannels = pick([1, 3, 16, 63, 64, 65, 200, 256, 257, 300, 513])
      c.outputChannels = pick([1, 2, 7, 8, 16, 17, 33, 50])
    default:
      c.batch = pick([1, 1, 2])
      c.height = Int.random(in: 1...10, using: &g)
      c.width = Int.random(in: 1...11, using: &g)
      c.filterHeight = pick([1, 1, 2, 3, 3, 5])
      c.filterWidth = Bool.random(using: &g) ? c.filterHeight : pick([1, 2, 3])
      c.strideHeight = pick([1, 1, 2])
      c.strideWidth = Bool.random(using: &g) ? c.strideHeight : pick([1, 2])
      c.dilationHeight = pick([1, 1, 1, 2])
      c.dilationWidth = Bool.random(using: &g) ? c.dilationHeight : pick([1, 2])
      c.same = Bool.random(using: &g)
      if !c.same {
        // VALID needs the dilated filter to fit.
        c.height = max(c.height, (c.filterHeight - 1) * c.dilationHeight + 1)
        c.width = max(c.width, (c.filterWidth - 1) * c.dilationWidth + 1)
      }
      if case .depthwise = kind {
        c.inputChannels = pick([1, 2, 3, 5, 8, 9, 16, 17, 24, 32])
        c.kind = .depthwise(multiplier: pick([1, 1, 1, 2, 3]))
      } else {
        c.inputChannels = pick([1, 3, 4, 8, 13, 16, 31, 40, 64])
        c.outputChannels = pick([1, 2, 5, 8, 15, 16, 17, 24, 33])
      }
    }
    c.activation = pick([0, 1, 2, 3])
    c.hasBias = kind == .fullyConnected ? Int.random(in: 0..<5, using: &g) > 0 : true
    c.inputScale = Float(pow(10, Double.random(in: -3 ... -1, using: &g)))
    c.inputZero = zero()
    c.outputZero = zero()
    let channels = c.channels
    if signed && Bool.random(using: &g) {
      c.filterScales = (0..<channels).map { _ in
        Float(pow(10, Double.random(in: -5 ... -1, using: &g)))
      }
      c.filterZeros = Array(repeating: 0, count: channels)
    } else {
      c.filterScales = [Float(pow(10, Double.random(in: -4 ... -1, using: &g)))]
      c.filterZeros = [signed ? 0 : zero()]
    }
    func bytes(_ count: Int) -> [UInt8] {
      let constant = Int.random(in: 0..<8, using: &g) == 0
      let fill = UInt8.random(in: 0...255, using: &g)
      return (0..<count).map { _ in constant ? fill : UInt8.random(in: 0...255, using: &g) }
    }
    c.input = bytes(c.inputShape.reduce(1, *))
    c.filter = bytes(c.filterShape.reduce(1, *))
    c.bias = (0..<channels).map { _ in Int32.random(in: -30000...30000, using: &g) }
    calibrateOutputScale(&c, &g)
    return c
  }

  /// New random input and filter bytes for the shapes `c` has now (after a test changed them),
  /// and an output scale calibrated for them.
  static func redrawData(_ c: inout Case, _ g: inout SplitMix64) {
    c.input = (0..<c.inputShape.reduce(1, *)).map { _ in UInt8.random(in: 0...255, using: &g) }
    c.filter = (0..<c.filterShape.reduce(1, *)).map { _ in UInt8.random(in: 0...255, using: &g) }
    calibrateOutputScale(&c, &g)
  }

  /// Sets an output scale that puts the typical accumulator of `c` a few dozen steps from zero
  /// (again after a test replaces the data, so that outputs spread rather than saturate).
  static func calibrateOutputScale(_ c: inout Case, _ g: inout SplitMix64) {
    let accumulators = accumulators(c).map { abs(Double($0)) }.sorted()
    let typical = max(accumulators.isEmpty ? 1 : accumulators[accumulators.count / 2], 1)
    let filterScale = c.filterScales.sorted()[c.filterScales.count / 2]
    c.outputScale = Float(
      Double(c.inputScale) * Double(filterScale) * typical / Double.random(in: 8...80, using: &g))
  }

  // MARK: Models and runs

  /// The one-op model of `c`.
  static func model(_ c: Case) -> [UInt8] {
    let type: Int8 = c.signed ? 9 : 3
    let channels = c.channels
    let filterQuantization = (
      scales: c.filterScales, zeroPoints: c.filterZeros.map(Int64.init),
      dimension: Int32(c.channelDimension)
    )
    // Bias scales: inputScale × filterScale as float, per channel like the filter.
    let biasQuantization = (
      scales: c.filterScales.map { c.inputScale * $0 },
      zeroPoints: [Int64](repeating: 0, count: c.filterScales.count), dimension: Int32(0)
    )
    let input = Tensor(
      "input", type: type, shape: c.inputShape,
      quantization: ([c.inputScale], [Int64(c.inputZero)], 0))
    let filter = Tensor(
      "filter", type: type, shape: c.filterShape, data: c.filterAtRunTime ? nil : c.filter,
      quantization: filterQuantization)
    let bias = Tensor(
      "bias", type: 2, shape: [channels],
      data: c.biasAtRunTime ? nil : SingleOpModel.bytes(c.bias), quantization: biasQuantization)
    let output = Tensor(
      "output", type: type, shape: [], quantization: ([c.outputScale], [Int64(c.outputZero)], 0))
    let builtin: Int32
    let options: (UInt8, TestFlatBuffer)
    switch c.kind {
    case .convolution:
      builtin = 3
      options = (
        1,
        .table([
          0: .int8(c.same ? 0 : 1), 1: .int32(Int32(c.strideWidth)),
          2: .int32(Int32(c.strideHeight)), 3: .int8(c.activation),
          4: .int32(Int32(c.dilationWidth)), 5: .int32(Int32(c.dilationHeight)),
        ])
      )
    case .depthwise(let multiplier):
      builtin = 4
      options = (
        2,
        .table([
          0: .int8(c.same ? 0 : 1), 1: .int32(Int32(c.strideWidth)),
          2: .int32(Int32(c.strideHeight)), 3: .int32(Int32(multiplier)), 4: .int8(c.activation),
          5: .int32(Int32(c.dilationWidth)), 6: .int32(Int32(c.dilationHeight)),
        ])
      )
    case .fullyConnected:
      builtin = 9
      options = (8, .table([0: .int8(c.activation)]))
    }
    return SingleOpModel.build(
      builtin: builtin, options: options,
      inputs: [input, filter, c.hasBias ? bias : nil], outputs: [output])
  }

  /// Runs `bytes` (inputs fed in order) on `kernels` with `threads` threads: output bytes and
  /// shape.
  static func run(_ bytes: [UInt8], inputs: [[UInt8]], kernels: KernelSet, threads: Int = 1)
    throws -> (bytes: [UInt8], shape: [Int])
  {
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes),
      options: InterpreterOptions(threadCount: threads, kernels: kernels))
    for (position, data) in inputs.enumerated() {
      try interpreter.setInput(at: position, bytes: data)
    }
    try interpreter.invoke()
    return (try interpreter.outputBytes(at: 0), try interpreter.output(at: 0).shape)
  }

  /// The model inputs of `c`, in order.
  static func inputs(_ c: Case) -> [[UInt8]] {
    var inputs = [c.input]
    if c.filterAtRunTime { inputs.append(c.filter) }
    if c.hasBias && c.biasAtRunTime { inputs.append(SingleOpModel.bytes(c.bias)) }
    return inputs
  }

  /// Runs `c` on every available build (and the optimized ones on 1 and 3 threads) and expects
  /// the independent reference's bytes from each.
  static func check(_ c: Case, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let bytes = model(c)
    let want = expected(c)
    let shape = outputShape(c)
    for kernels in KernelSet.available {
      for threads in kernels.variant == .reference ? [1] : [1, 3] {
        let got = try run(bytes, inputs: inputs(c), kernels: kernels, threads: threads)
        #expect(got.shape == shape, "\(c) on \(kernels)", sourceLocation: sourceLocation)
        expectEqual(got.bytes, want, "\(c) on \(kernels), \(threads) threads", sourceLocation)
      }
    }
  }

  /// Expects identical bytes, naming the first difference.
  static func expectEqual(
    _ got: [UInt8], _ want: [UInt8], _ context: String, _ sourceLocation: SourceLocation
  ) {
    let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    let differing = zip(got, want).filter { $0 != $1 }.count
    #expect(
      got.count == want.count && first == nil,
      "\(context): \(differing) of \(want.count) bytes differ (count \(got.count)), first at \(first ?? -1): got \(first.map { got[$0] } ?? 0), want \(first.map { want[$0] } ?? 0)",
      sourceLocation: sourceLocation)
  }

  // MARK: Tests of the arithmetic above

  @Test("QuantizeMultiplier of hand-computed multipliers")
  func quantizeMultiplierValues() {
    #expect(R.quantizeMultiplier(0.5) == (1 << 30, 0))
    #expect(R.quantizeMultiplier(1.0) == (1 << 30, 1))
    #expect(R.quantizeMultiplier(0.25) == (1 << 30, -1))
    #expect(R.quantizeMultiplier(0.75) == (1_610_612_736, 0))
    // 0.1 = 0.8 · 2^-3; 0.8 · 2^31 = 1717986918.4.
    #expect(R.quantizeMultiplier(0.1) == (1_717_986_918, -3))
    // Below 2^-32 everything flushes to zero.
    #expect(R.quantizeMultiplier(1e-10) == (0, 0))
    #expect(R.quantizeMultiplier(0) == (0, 0))
  }

  @Test("MultiplyByQuantizedMultiplier rounds twice, as gemmlowp does")
  func multiplyByQuantizedMultiplierValues() {
    // × 0.5 (2^30, shift 0): the doubling high multiply rounds half away from zero for
    // positive products and toward zero for negative halves (its nudge is 1 − 2^30).
    let half = (multiplier: Int32(1 << 30), shift: 0)
    let inputs: [Int32] = [-7, -5, -3, -1, 1, 3, 5, 7]
    #expect(
      inputs.map { R.multiplyByQuantizedMultiplier($0, half.multiplier, half.shift) }
        == [-3, -2, -1, 0, 1, 2, 3, 4])
    // × 0.25 (2^30, shift −1): 6 · 0.5 = 3 exactly, then 3 / 2 = 1.5 rounds away from zero.
    #expect(R.multiplyByQuantizedMultiplier(6, 1 << 30, -1) == 2)
    #expect(R.multiplyByQuantizedMultiplier(-6, 1 << 30, -1) == -2)
    // × 2 (2^30, shift 2 → left shift by 2, then × 0.5).
    #expect(R.multiplyByQuantizedMultiplier(5, 1 << 30, 2) == 10)
    // The one saturating case of the doubling high multiply.
    #expect(R.multiplyByQuantizedMultiplier(.min, .min, 0) == .max)
  }

  @Test("activation ranges quantize 0, 6 and ±1 with the output scale")
  func activationRanges() {
    #expect(R.activationRange(0, scale: 0.1, zeroPoint: 10, type: R.uint8) == (0, 255))
    #expect(R.activationRange(1, scale: 0.1, zeroPoint: 10, type: R.uint8) == (10, 255))
    #expect(R.activationRange(3, scale: 0.1, zeroPoint: 10, type: R.uint8) == (10, 70))
    #expect(R.activationRange(2, scale: 0.1, zeroPoint: -100, type: R.int8) == (-110, -90))
    #expect(R.activationRange(3, scale: 6.0 / 255, zeroPoint: -128, type: R.int8) == (-128, 127))
  }
}
