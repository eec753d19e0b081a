import OcellusKernels
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The byte-table lookup (`byteLookup`: 32 or 64 bytes at a time on AVX2/AVX-512) against
/// `table[input[i]]`, and the load-time fusion of a lookup into the binary op that combines it
/// with its own input (SiLU's `x · LOGISTIC(x)`) against the two ops run one after the other.
@Suite("Byte-table lookups and their fusion")
struct ByteLookupTests {
  @Test("every build looks up every byte value, at every length and offset")
  func matchesTable() {
    var rng = SplitMix64(seed: 0xB17E)
    let table = (0..<256).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    // Every byte value (in order and shuffled), then random lengths around the vector widths.
    var input = (0..<512).map { UInt8(truncatingIfNeeded: $0) }
    input += (0..<3000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    for build in KernelBuilds.hosted {
      for (start, count) in [(0, 512), (1, 63), (3, 64), (5, 65), (7, 129), (0, 3500), (9, 0)] {
        var output = [UInt8](repeating: 0xA5, count: count)
        table.withUnsafeBufferPointer { t in
          input.withUnsafeBufferPointer { i in
            output.withUnsafeMutableBufferPointer { o in
              build.entry.byteLookup(t.baseAddress!, i.baseAddress! + start, o.baseAddress!, count)
            }
          }
        }
        let expected = input[start..<(start + count)].map { table[Int($0)] }
        #expect(output == expected, "\(build.name), \(count) bytes from \(start)")
      }
    }
  }

  typealias T = SingleOpModel.Tensor
  typealias R = QuantizedOpReference

  /// A SiLU graph: `y = MUL(x, LOGISTIC(x))` (operands swapped when `swapped`), the sigmoid
  /// also a graph output when `exposed`. Returns the model and its tensors.
  static func silu(signed: Bool, swapped: Bool, exposed: Bool) -> (
    model: [UInt8], x: T, sigmoid: T, y: T
  ) {
    let type = signed ? R.int8 : R.uint8
    let x = T("x", type: type, shape: [1, 9, 7, 5], quantization: R.q(0.07, signed ? -3 : 125))
    let sigmoid = T(
      "sigmoid", type: type, shape: [1, 9, 7, 5], quantization: R.q(1.0 / 256, signed ? -128 : 0))
    let y = T("y", type: type, shape: [1, 9, 7, 5], quantization: R.q(0.04, signed ? -20 : 108))
    var graph = GraphModel()
    let (xIndex, sigmoidIndex, yIndex) = (graph.add(x), graph.add(sigmoid), graph.add(y))
    graph.op(14, inputs: [xIndex], outputs: [sigmoidIndex])
    graph.op(
      18, inputs: swapped ? [sigmoidIndex, xIndex] : [xIndex, sigmoidIndex], outputs: [yIndex],
      options: (21, .table([:])))
    let outputs = exposed ? [yIndex, sigmoidIndex] : [yIndex]
    return (graph.bytes(inputs: [xIndex], outputs: outputs), x, sigmoid, y)
  }

  @Test(
    "x · LOGISTIC(x) runs as one table on the fast builds, equal to the two ops one after the other",
    arguments: [(true, false), (true, true), (false, false), (false, true)])
  func fusedSiLU(signed: Bool, swapped: Bool) throws {
    let (model, x, sigmoid, y) = Self.silu(signed: signed, swapped: swapped, exposed: false)
    let input = (0..<315).map { UInt8(truncatingIfNeeded: $0 &* 37) }
    let sigmoidBytes = try R.run(14, nil, inputs: [x], output: sigmoid, data: [input])
    let expected = try R.run(
      18, (21, .table([:])), inputs: swapped ? [sigmoid, x] : [x, sigmoid], output: y,
      data: swapped ? [sigmoidBytes, input] : [input, sigmoidBytes])
    for kernels in KernelSet.available {
      let interpreter = try ModelInterpreter(
        model: ModelFile(bytes: model), options: InterpreterOptions(kernels: kernels))
      try interpreter.setInput(at: 0, bytes: input)
      var observed: [Int] = []
      try interpreter.invoke { node, _, _ in observed.append(node) }
      #expect(try interpreter.outputBytes(at: 0) == expected, "\(kernels)")
      // The reference build runs every node as written; the others only the fused one.
      #expect(observed == (kernels.variant == .reference ? [0, 1] : [1]), "\(kernels)")
    }
  }

  @Test("a sigmoid that is also a graph output is not fused away")
  func exposedSigmoidKept() throws {
    let (model, x, sigmoid, y) = Self.silu(signed: true, swapped: false, exposed: true)
    let input = (0..<315).map { UInt8(truncatingIfNeeded: $0 &* 11) }
    let sigmoidBytes = try R.run(14, nil, inputs: [x], output: sigmoid, data: [input])
    let expected = try R.run(
      18, (21, .table([:])), inputs: [x, sigmoid], output: y, data: [input, sigmoidBytes])
    let interpreter = try ModelInterpreter(model: ModelFile(bytes: model))
    try interpreter.setInput(at: 0, bytes: input)
    try interpreter.invoke()
    #expect(try interpreter.outputBytes(at: 0) == expected)
    #expect(try interpreter.outputBytes(at: 1) == sigmoidBytes)
  }
}
