import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// Whole graphs that mix types: an int8 grayscale model with a recurrent state input and
/// output, and a float model whose filter is stored as float16 and whose middle runs on uint8.
/// Each graph must give exactly the bytes of its operators run one at a time (each operator's
/// arithmetic is checked by its own tests), run after run.
@Suite("Mixed-type and recurrent graphs")
struct MixedGraphTests {
  typealias T = SingleOpModel.Tensor
  typealias R = QuantizedOpReference

  static func convolutionOptions(same: Bool, stride: Int32, activation: Int8) -> (
    UInt8, TestFlatBuffer
  ) {
    (
      1,
      .table([0: .int8(same ? 0 : 1), 1: .int32(stride), 2: .int32(stride), 3: .int8(activation)])
    )
  }

  @Test("int8 grayscale input, per-channel filter, a recurrent state carried across runs")
  func recurrentInt8Graph() throws {
    var random = SplitMix64(seed: 0x5EED_0004)
    // Filter scales four orders of magnitude apart; the largest saturates most outputs.
    let filterScales: [Float] = [0.001, 0.02, 0.5, 7.0]
    let image = T("image", type: R.int8, shape: [1, 6, 6, 1], quantization: R.q(0.02, -5))
    let filter = T(
      "filter", type: R.int8, shape: [4, 3, 3, 1],
      data: R.i8((0..<36).map { _ in Int.random(in: -127...127, using: &random) }),
      quantization: (filterScales, [0, 0, 0, 0], 0))
    let biasValues = (0..<4).map { _ in Int32.random(in: -2000...2000, using: &random) }
    // The per-channel bias as a real int8 model stores it: quantized_dimension 3 on a 1-D
    // tensor. It must read as the only axis.
    let quirkyBias = T(
      "bias", type: R.int32, shape: [4], data: SingleOpModel.bytes(biasValues),
      quantization: (filterScales.map { 0.02 * $0 }, [0, 0, 0, 0], 3))
    var plainBias = quirkyBias
    plainBias.quantization?.dimension = 0
    let convolved = T("convolved", type: R.int8, shape: [1, 3, 3, 4], quantization: R.q(0.05, -10))
    let state = T("state", type: R.int8, shape: [1, 3, 3, 4], quantization: R.q(0.05, 3))
    let newState = T("new_state", type: R.int8, shape: [1, 3, 3, 4], quantization: R.q(0.1, 0))
    let output = T("output", shape: [1, 3, 3, 4])
    let options = Self.convolutionOptions(same: true, stride: 2, activation: 1)  // RELU

    var graph = GraphModel()
    let imageIndex = graph.add(image)
    let filterIndex = graph.add(filter)
    let biasIndex = graph.add(quirkyBias)
    let convolvedIndex = graph.add(convolved)
    let stateIndex = graph.add(state)
    let newStateIndex = graph.add(newState)
    let outputIndex = graph.add(output)
    graph.op(
      3, inputs: [imageIndex, filterIndex, biasIndex], outputs: [convolvedIndex], options: options)
    graph.op(
      0, inputs: [convolvedIndex, stateIndex], outputs: [newStateIndex], options: (11, .table([:])))
    graph.op(6, inputs: [newStateIndex], outputs: [outputIndex])
    let interpreter = try ModelInterpreter(
      model: ModelFile(
        bytes: graph.bytes(
          inputs: [imageIndex, stateIndex], outputs: [outputIndex, newStateIndex])))
    #expect(interpreter.inputCount == 2 && interpreter.outputCount == 2)

    var stateBytes = R.i8((0..<36).map { _ in Int.random(in: -128...127, using: &random) })
    for step in 0..<3 {
      // Zero points at both ends of the image's range appear in every frame.
      var imageBytes = R.i8((0..<36).map { _ in Int.random(in: -128...127, using: &random) })
      imageBytes[0] = UInt8(bitPattern: -128)
      imageBytes[1] = UInt8(bitPattern: 127)
      let expectedConvolved = try R.run(
        3, options, inputs: [image, filter, plainBias], output: convolved, data: [imageBytes])
      let expectedState = try R.run(
        0, (11, .table([:])), inputs: [convolved, state], output: newState,
        data: [expectedConvolved, stateBytes])
      let expectedOutput = try R.run(
        6, nil, inputs: [newState], output: output, data: [expectedState])

      try interpreter.setInput(at: 0, bytes: imageBytes)
      try interpreter.setInput(at: 1, bytes: stateBytes)
      try interpreter.invoke()
      let producedState = try interpreter.outputBytes(at: 1)
      #expect(producedState == expectedState, "step \(step)")
      #expect(try interpreter.outputBytes(at: 0) == expectedOutput, "step \(step)")
      // DEQUANTIZE is scale × (q − zero point), exactly.
      let floats = try interpreter.outputFloats(at: 0)
      #expect(floats == producedState.map { Float(0.1) * Float(Int8(bitPattern: $0)) })
      // The saturating channel reaches the end of the int8 range somewhere.
      #expect(expectedConvolved.contains(UInt8(bitPattern: 127)))
      stateBytes = producedState
    }
  }

  /// The float16 bit pattern of `value`, which must be exactly representable (normal or zero).
  static func float16Bits(_ value: Float) -> UInt16 {
    if value == 0 { return 0 }
    let bits = value.bitPattern
    let sign = UInt16(bits >> 31) << 15
    let exponent = UInt16(Int((bits >> 23) & 0xFF) - 127 + 15) << 10
    let mantissa = UInt16((bits >> 13) & 0x3FF)
    return sign | exponent | mantissa
  }

  @Test("float16 weights, QUANTIZE into uint8, LOGISTIC, DEQUANTIZE out")
  func float16AndQuantizedMiddle() throws {
    var random = SplitMix64(seed: 0xF16)
    let filterValues = (0..<54).map { _ in Float(Int.random(in: -64...64, using: &random)) / 32 }
    let biasValues: [Float] = [0.25, -0.5]
    let input = T.float("input", [1, 5, 5, 3])
    let filter16 = T(
      "filter_f16", type: 1, shape: [2, 3, 3, 3],
      data: SingleOpModel.bytes(filterValues.map(Self.float16Bits)))
    let filter = T.float("filter", [2, 3, 3, 3])
    let filter32 = T.float("filter", [2, 3, 3, 3], filterValues)
    let bias = T.float("bias", [2], biasValues)
    let convolved = T.float("convolved", [1, 5, 5, 2])
    let quantized = T(
      "quantized", type: R.uint8, shape: [1, 5, 5, 2], quantization: R.q(0.05, 128))
    let logistic = T(
      "logistic", type: R.uint8, shape: [1, 5, 5, 2], quantization: R.q(1.0 / 256, 0))
    let output = T.float("output", [1, 5, 5, 2])
    let options = Self.convolutionOptions(same: true, stride: 1, activation: 0)

    var graph = GraphModel()
    let inputIndex = graph.add(input)
    let filter16Index = graph.add(filter16)
    let filterIndex = graph.add(filter)
    let biasIndex = graph.add(bias)
    let convolvedIndex = graph.add(convolved)
    let quantizedIndex = graph.add(quantized)
    let logisticIndex = graph.add(logistic)
    let outputIndex = graph.add(output)
    graph.op(6, inputs: [filter16Index], outputs: [filterIndex])
    graph.op(
      3, inputs: [inputIndex, filterIndex, biasIndex], outputs: [convolvedIndex], options: options)
    graph.op(114, inputs: [convolvedIndex], outputs: [quantizedIndex])
    graph.op(14, inputs: [quantizedIndex], outputs: [logisticIndex])
    graph.op(6, inputs: [logisticIndex], outputs: [outputIndex])
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: graph.bytes(inputs: [inputIndex], outputs: [outputIndex])))

    for _ in 0..<2 {
      let values = (0..<75).map { _ in Float(Int.random(in: -100...100, using: &random)) / 40 }
      let expectedConvolved = try R.run(
        3, options, inputs: [input, filter32, bias], output: convolved,
        data: [SingleOpModel.bytes(values)])
      let expectedQuantized = try R.run(
        114, nil, inputs: [convolved], output: quantized, data: [expectedConvolved])
      let expectedLogistic = try R.run(
        14, nil, inputs: [quantized], output: logistic, data: [expectedQuantized])
      let expectedOutput = try R.run(
        6, nil, inputs: [logistic], output: output, data: [expectedLogistic])
      // Both ends of uint8 are reached after QUANTIZE.
      #expect(expectedQuantized.contains(0) && expectedQuantized.contains(255))

      try interpreter.setInput(at: 0, floats: values)
      try interpreter.invoke()
      #expect(try interpreter.outputBytes(at: 0) == expectedOutput)
    }
  }
}
