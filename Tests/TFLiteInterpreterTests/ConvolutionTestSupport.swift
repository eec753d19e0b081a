import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// Shared by the CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED and GEMM tests: random data,
/// independent scalar implementations (accumulating in Double), one-op model builders, and a
/// runner that executes a model on a chosen kernel build and thread count.
enum ConvolutionTestSupport {
  typealias T = SingleOpModel.Tensor

  /// Fused activation codes of the schema: NONE, RELU, RELU_N1_TO_1, RELU6.
  static let activations: [Int8] = [0, 1, 2, 3]

  /// `count` floats uniformly in -1...1.
  static func randomFloats(_ count: Int, _ generator: inout SplitMix64) -> [Float] {
    (0..<count).map { _ in Float.random(in: -1...1, using: &generator) }
  }

  /// The clamp of a schema activation code applied to `value`.
  static func activate(_ value: Double, _ activation: Int8) -> Double {
    switch activation {
    case 1: return max(value, 0)
    case 2: return min(max(value, -1), 1)
    case 3: return min(max(value, 0), 6)
    default: return value
    }
  }

  /// TFLite's output size and padding before for one axis, written out independently.
  static func axis(input: Int, filter: Int, stride: Int, dilation: Int, same: Bool) -> (
    size: Int, pad: Int
  ) {
    let effective = (filter - 1) * dilation + 1
    let size = same ? (input + stride - 1) / stride : (input + stride - effective) / stride
    let total = max((size - 1) * stride + effective - input, 0)
    return (size, total / 2)
  }

  /// The output of one model run: values and shape.
  struct Output {
    var values: [Float]
    var shape: [Int]
  }

  /// Loads `bytes` on `kernels` with `threads` threads, feeds `inputs` and runs once.
  static func run(
    _ bytes: [UInt8], inputs: [[Float]], kernels: KernelSet, threads: Int = 1
  ) throws -> Output {
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes),
      options: InterpreterOptions(threadCount: threads, kernels: kernels))
    for (position, values) in inputs.enumerated() {
      try interpreter.setInput(at: position, floats: values)
    }
    try interpreter.invoke()
    return Output(
      values: try interpreter.outputFloats(at: 0), shape: try interpreter.output(at: 0).shape)
  }

  /// Expects `actual` to match `expected` within `1e-5 × scale + 1e-6` per element, where
  /// `scale` is the sum of the magnitudes that went into that element.
  static func expectClose(
    _ actual: [Float], _ expected: [Double], scale: [Double], _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(actual.count == expected.count, "\(context): count", sourceLocation: sourceLocation)
    var worst = 0.0
    var worstIndex = -1
    for index in 0..<min(actual.count, expected.count) {
      let excess = abs(Double(actual[index]) - expected[index]) - (1e-5 * scale[index] + 1e-6)
      if excess > worst || (actual[index].isNaN && worstIndex < 0) {
        worst = actual[index].isNaN ? .infinity : excess
        worstIndex = index
      }
    }
    #expect(
      worstIndex < 0,
      "\(context): element \(worstIndex) is \(worstIndex >= 0 ? actual[worstIndex] : 0), expected \(worstIndex >= 0 ? expected[worstIndex] : 0)",
      sourceLocation: sourceLocation)
  }

  // MARK: CONV_2D and DEPTHWISE_CONV_2D

  /// One convolution case (CONV_2D, or DEPTHWISE_CONV_2D when `multiplier` is set).
  struct Case: CustomStringConvertible {
    var batch = 1
    var height = 5
    var width = 5
    var inputChannels = 3
    /// CONV_2D output channels (ignored for depthwise, where it is `inputChannels × multiplier`).
    var outputChannels = 4
    var filterHeight = 3
    var filterWidth = 3
    var strideHeight = 1
    var strideWidth = 1
    var dilationHeight = 1
    var dilationWidth = 1
    var same = true
    var activation: Int8 = 0
    var bias = true
    /// Depthwise multiplier; nil for CONV_2D.
    var multiplier: Int? = nil
    /// The filter is a model input rather than a constant.
    var filterAtRunTime = false

    var channelsOut: Int { multiplier.map { inputChannels * $0 } ?? outputChannels }

    var description: String {
      let kind = multiplier.map { "depthwise×\($0)" } ?? "conv→\(outputChannels)"
      return
        "\(kind) \(batch)×\(height)×\(width)×\(inputChannels) filter \(filterHeight)×\(filterWidth) stride \(strideHeight),\(strideWidth) dilation \(dilationHeight),\(dilationWidth) \(same ? "SAME" : "VALID") act \(activation) bias \(bias)\(filterAtRunTime ? " runtime-filter" : "")"
    }

    var filterShape: [Int] {
      multiplier == nil
        ? [outputChannels, filterHeight, filterWidth, inputChannels]
        : [1, filterHeight, filterWidth, channelsOut]
    }
  }

  /// Random input, filter and bias for `c`.
  static func data(_ c: Case, seed: UInt64) -> (input: [Float], filter: [Float], bias: [Float]) {
    var generator = SplitMix64(seed: seed)
    let input = randomFloats(c.batch * c.height * c.width * c.inputChannels, &generator)
    let filter = randomFloats(c.filterShape.reduce(1, *), &generator)
    let bias = randomFloats(c.channelsOut, &generator)
    return (input, filter, bias)
  }

  /// The one-op model of `c` with the given constants.
  static func model(_ c: Case, filter: [Float], bias: [Float], depthMultiplierOption: Int? = nil)
    -> [UInt8]
  {
    let options: (UInt8, TestFlatBuffer)
    if let multiplier = c.multiplier {
      options = (
        2,
        .table([
          0: .int8(c.same ? 0 : 1), 1: .int32(Int32(c.strideWidth)),
          2: .int32(Int32(c.strideHeight)),
          3: .int32(Int32(depthMultiplierOption ?? multiplier)), 4: .int8(c.activation),
          5: .int32(Int32(c.dilationWidth)), 6: .int32(Int32(c.dilationHeight)),
        ])
      )
    } else {
      options = (
        1,
        .table([
          0: .int8(c.same ? 0 : 1), 1: .int32(Int32(c.strideWidth)),
          2: .int32(Int32(c.strideHeight)), 3: .int8(c.activation),
          4: .int32(Int32(c.dilationWidth)), 5: .int32(Int32(c.dilationHeight)),
        ])
      )
    }
    return SingleOpModel.build(
      builtin: c.multiplier == nil ? 3 : 4, options: options,
      inputs: [
        .float("input", [c.batch, c.height, c.width, c.inputChannels]),
        .float("filter", c.filterShape, c.filterAtRunTime ? nil : filter),
        c.bias ? .float("bias", [c.channelsOut], bias) : nil,
      ],
      outputs: [.float("output", [])])
  }

  /// The expected output of `c` (NHWC), its shape, and each element's magnitude scale.
  static func expected(_ c: Case, input: [Float], filter: [Float], bias: [Float]) -> (
    values: [Double], shape: [Int], scale: [Double]
  ) {
    let (outHeight, padTop) = axis(
      input: c.height, filter: c.filterHeight, stride: c.strideHeight,
      dilation: c.dilationHeight, same: c.same)
    let (outWidth, padLeft) = axis(
      input: c.width, filter: c.filterWidth, stride: c.strideWidth, dilation: c.dilationWidth,
      same: c.same)
    let channels = c.channelsOut
    var values: [Double] = []
    var scale: [Double] = []
    for b in 0..<c.batch {
      for oy in 0..<outHeight {
        for ox in 0..<outWidth {
          for oc in 0..<channels {
            var sum = c.bias ? Double(bias[oc]) : 0
            var magnitude = abs(sum)
            for ky in 0..<c.filterHeight {
              for kx in 0..<c.filterWidth {
                let y = oy * c.strideHeight - padTop + ky * c.dilationHeight
                let x = ox * c.strideWidth - padLeft + kx * c.dilationWidth
                guard y >= 0, y < c.height, x >= 0, x < c.width else { continue }
                let pixel = ((b * c.height + y) * c.width + x) * c.inputChannels
                if let multiplier = c.multiplier {
                  let product =
                    Double(input[pixel + oc / multiplier])
                    * Double(filter[(ky * c.filterWidth + kx) * channels + oc])
                  sum += product
                  magnitude += abs(product)
                } else {
                  for ic in 0..<c.inputChannels {
                    let product =
                      Double(input[pixel + ic])
                      * Double(
                        filter[
                          ((oc * c.filterHeight + ky) * c.filterWidth + kx) * c.inputChannels + ic])
                    sum += product
                    magnitude += abs(product)
                  }
                }
              }
            }
            values.append(activate(sum, c.activation))
            scale.append(magnitude)
          }
        }
      }
    }
    return (values, [c.batch, outHeight, outWidth, channels], scale)
  }

  /// Runs `c` on every available kernel build (and, for the fastest, on 1 and 3 threads),
  /// checking each against the independent implementation and the thread counts against each
  /// other bit for bit.
  static func check(_ c: Case, seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let (input, filter, bias) = data(c, seed: seed)
    let bytes = model(c, filter: filter, bias: bias)
    let want = expected(c, input: input, filter: filter, bias: bias)
    let inputs = c.filterAtRunTime ? [input, filter] : [input]
    for kernels in KernelSet.available {
      let got = try run(bytes, inputs: inputs, kernels: kernels)
      #expect(got.shape == want.shape, "\(c) on \(kernels)", sourceLocation: sourceLocation)
      expectClose(
        got.values, want.values, scale: want.scale, "\(c) on \(kernels)",
        sourceLocation: sourceLocation)
      if kernels.variant != .reference {
        let threaded = try run(bytes, inputs: inputs, kernels: kernels, threads: 3)
        #expect(
          threaded.values == got.values, "\(c) on \(kernels): 3 threads differ from 1",
          sourceLocation: sourceLocation)
      }
    }
  }

  // MARK: FULLY_CONNECTED

  /// The one-op FULLY_CONNECTED model: input shape, weights `[units, depth]`, optional bias.
  static func fullyConnectedModel(
    inputShape: [Int], units: Int, depth: Int, weights: [Float]?, bias: [Float]?,
    activation: Int8 = 0, keepNumDims: Bool = false
  ) -> [UInt8] {
    SingleOpModel.build(
      builtin: 9,
      options: (8, .table([0: .int8(activation), 2: .bool(keepNumDims)])),
      inputs: [
        .float("input", inputShape), .float("weights", [units, depth], weights),
        bias.map { .float("bias", [units], $0) },
      ],
      outputs: [.float("output", [])])
  }

  /// `rows × units` expected outputs of a fully-connected layer, and their magnitude scales.
  static func fullyConnectedExpected(
    input: [Float], rows: Int, units: Int, depth: Int, weights: [Float], bias: [Float]?,
    activation: Int8
  ) -> (values: [Double], scale: [Double]) {
    var values: [Double] = []
    var scale: [Double] = []
    for i in 0..<rows {
      for j in 0..<units {
        var sum = bias.map { Double($0[j]) } ?? 0
        var magnitude = abs(sum)
        for k in 0..<depth {
          let product = Double(input[i * depth + k]) * Double(weights[j * depth + k])
          sum += product
          magnitude += abs(product)
        }
        values.append(activate(sum, activation))
        scale.append(magnitude)
      }
    }
    return (values, scale)
  }
}
