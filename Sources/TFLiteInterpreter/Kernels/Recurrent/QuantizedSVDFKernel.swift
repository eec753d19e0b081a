import TFLiteModel

/// SVDF on int8 activations and weights_feature, int16 weights_time and state, int32 bias
/// (TFLite's reference `EvalIntegerSVDF`), bit for bit. Each invoke shifts the state (a
/// variable kept across invokes) one activation to the left, then:
///
/// 1. newest state slot `s[b][f] = clamp16(M₁(Σ_i wF[f][i] · (x[b][i] − inputZero)))`,
///    `M₁ = inputScale · featureScale / stateScale`;
/// 2. `t[b][f] = Σ_m wT[f][m] · s[b][f][m]` (int32, wrapping);
/// 3. `out[b][u] = clamp8(M₂(Σ_r t[b][u · rank + r] + bias[u]) + outputZero)`,
///    `M₂ = stateScale · timeScale / outputScale`.
///
/// TFLite runs this variant only with the RELU activation, and — as its reference kernel does
/// — applies no clamp beyond the int8 range: negative outputs stay. The zero points of the
/// weights and the state are ignored (taken as 0), as the reference does.
final class QuantizedSVDFKernel: Kernel {
  static let sourceFile = #filePath
  private let geometry: SVDFGeometry
  private let inputZero, outputZero: Int32
  private let featureMultiplier, outputMultiplier: QuantizedArithmetic.Multiplier
  let scratchBytes: Int

  /// Checks the types, the activation and the quantization; computes the multipliers.
  init(_ node: NodeContext, options: SVDFOptions, geometry: SVDFGeometry)
    throws(InterpreterError)
  {
    try geometry.checkTypes(
      node, variant: "integer", features: .int8, time: .int16, bias: .int32, state: .int16,
      output: .int8)
    guard options.activation == .relu else {
      throw node.unsupported(
        "the integer SVDF needs the RELU activation, not \(options.activation)")
    }
    var scales: [Double] = []
    for (tensor, what) in [
      (try node.input(0), "the input"), (try node.input(1), "weights_feature"),
      (try node.input(2), "weights_time"), (try node.input(4), "the state"),
      (node.outputs[0], "the output"),
    ] {
      let quantization = try PerTensorQuantization(tensor, what, node)
      try quantization.requireScale(what, node)
      scales.append(Double(quantization.scale))
    }
    self.geometry = geometry
    inputZero = try PerTensorQuantization(try node.input(0), "the input", node).zeroPoint
    outputZero = try PerTensorQuantization(node.outputs[0], "the output", node).zeroPoint
    featureMultiplier = QuantizedArithmetic.Multiplier(scales[0] * scales[1] / scales[3])
    outputMultiplier = QuantizedArithmetic.Multiplier(scales[3] * scales[2] / scales[4])
    scratchBytes = 4 * geometry.batch * geometry.filters
  }

  func run(_ io: KernelIO) {
    let (batch, filters, memory) = (geometry.batch, geometry.filters, geometry.memory)
    guard batch * filters > 0, let scratch = io.scratch else { return }
    let state = UnsafeMutablePointer(mutating: io.input(4, as: Int16.self))
    // Oldest activation out; `update(from:count:)` copies overlapping ranges correctly.
    state.update(from: state + 1, count: geometry.stateCount - 1)
    let (input, weights) = (io.input(0, as: Int8.self), io.input(1, as: Int8.self))
    let depth = geometry.inputSize
    for b in 0..<batch {
      for f in 0..<filters {
        var dot: Int32 = 0
        for i in 0..<depth {
          dot = dot &+ Int32(weights[f * depth + i]) &* (Int32(input[b * depth + i]) &- inputZero)
        }
        state[(b * filters + f) * memory + memory - 1] = Int16(
          clamping: featureMultiplier.apply(dot))
      }
    }
    let products = scratch.bindMemory(to: Int32.self, capacity: batch * filters)
    let weightsTime = io.input(2, as: Int16.self)
    for row in 0..<batch * filters {
      let f = row % filters
      var dot: Int32 = 0
      for m in 0..<memory {
        dot = dot &+ Int32(weightsTime[f * memory + m]) &* Int32(state[row * memory + m])
      }
      products[row] = dot
    }
    output(io, products)
  }

  /// `out[b][u] = clamp8(M₂(Σ_r t[b][u · rank + r] + bias[u]) + outputZero)`.
  private func output(_ io: KernelIO, _ products: UnsafeMutablePointer<Int32>) {
    let (units, rank) = (geometry.units, geometry.rank)
    let output = io.output(0, as: Int8.self)
    let bias = io.inputs[3]?.assumingMemoryBound(to: Int32.self)
    for row in 0..<geometry.batch * units {
      var sum: Int32 = 0
      for r in 0..<rank { sum = sum &+ products[row * rank + r] }
      if let bias { sum = sum &+ bias[row % units] }
      output[row] = Int8(clamping: outputMultiplier.apply(sum) &+ outputZero)
    }
  }
}
