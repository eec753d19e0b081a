import TFLiteModel

/// SVDF (a fully connected layer factored into feature and time filters, with memory) on
/// float32 activations with float32 weights, or int8 weights_feature and weights_time quantized
/// per tensor (hybrid), as TFLite's reference `EvalFloatSVDF` and `EvalHybridSVDF`. Each invoke:
///
/// 1. shifts the state (input 4, a variable kept across invokes) one activation to the left;
/// 2. computes each filter's new activation `a[b][f] = Σ_i weightsFeature[f][i] · x[b][i]` into
///    the newest state slot — hybrid: each input row quantized on the fly
///    (``HybridQuantization``, symmetric or asymmetric as the options say) and
///    `Float(Σ w · (q − zeroPoint)) · (rowScale · featureScale)`;
/// 3. `t[b][f] = Σ_m weightsTime[f][m] · state[b][f][m]` (hybrid: `Float(w) · timeScale`);
/// 4. `out[b][u] = act(Σ_r t[b][u · rank + r] + bias[u])`.
///
/// int8 models run ``QuantizedSVDFKernel`` (same factory).
final class SVDFKernel: Kernel {
  static let sourceFile = #filePath

  /// The per-tensor scales of a hybrid model's int8 weights, and how its input is quantized.
  struct Hybrid {
    let rows: HybridInputRows
    let featureScale, timeScale: Float
  }

  private let geometry: SVDFGeometry
  private let activation: ActivationFunction
  private let hybrid: Hybrid?
  let scratchBytes: Int

  private init(geometry: SVDFGeometry, activation: ActivationFunction, hybrid: Hybrid?) {
    (self.geometry, self.activation, self.hybrid) = (geometry, activation, hybrid)
    // The activations of every batch row and filter; hybrid: the dequantized weights_time,
    // then the quantized input rows.
    let time = geometry.filters * geometry.memory
    scratchBytes =
      4 * geometry.batch * geometry.filters + (hybrid.map { 4 * time + $0.rows.scratchBytes } ?? 0)
  }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 5, outputs: 1)
    let options = try node.options(SVDFOptions.self)
    let geometry = try SVDFGeometry(node, rank: options.rank)
    try node.setOutputShape(0, [geometry.batch, geometry.units])
    let (input, features) = (try node.input(0), try node.input(1))
    switch (input.type, features.type) {
    case (.float32, .float32):
      try geometry.checkTypes(
        node, variant: "float", features: .float32, time: .float32, bias: .float32,
        state: .float32, output: .float32)
      return SVDFKernel(geometry: geometry, activation: options.activation, hybrid: nil)
    case (.float32, .int8):
      try geometry.checkTypes(
        node, variant: "hybrid", features: .int8, time: .int8, bias: .float32, state: .float32,
        output: .float32)
      let hybrid = Hybrid(
        rows: HybridInputRows(
          rows: geometry.batch, length: geometry.inputSize,
          asymmetric: options.asymmetricQuantizeInputs),
        featureScale: try scale(features, "weights_feature", node),
        timeScale: try scale(try node.input(2), "weights_time", node))
      return SVDFKernel(geometry: geometry, activation: options.activation, hybrid: hybrid)
    case (.int8, .int8):
      return try QuantizedSVDFKernel(node, options: options, geometry: geometry)
    default:
      throw node.unsupported(
        "SVDF runs float32 inputs with float32 or int8 (hybrid) weights, and int8 inputs with int8 weights; not \(input.type) inputs with \(features.type) weights"
      )
    }
  }

  /// The one scale of hybrid int8 weights (TFLite reads the per-tensor scale).
  private static func scale(_ weights: TensorDescription, _ what: String, _ node: NodeContext)
    throws(InterpreterError) -> Float
  {
    guard let scales = weights.quantization?.scales, scales.count == 1, scales[0].isFinite else {
      throw node.unsupported("hybrid SVDF \(what) needs one (per-tensor) finite scale")
    }
    return scales[0]
  }

  func run(_ io: KernelIO) {
    let (batch, filters, memory) = (geometry.batch, geometry.filters, geometry.memory)
    guard batch * filters > 0, let scratch = io.scratch else { return }
    let state = UnsafeMutablePointer(mutating: io.input(4, as: Float.self))
    let activations = scratch.bindMemory(to: Float.self, capacity: batch * filters)
    // Oldest activation out; `update(from:count:)` copies overlapping ranges correctly.
    state.update(from: state + 1, count: geometry.stateCount - 1)
    var weightsTime = io.input(2, as: Float.self)
    if let hybrid {
      let dequantized = (scratch + 4 * batch * filters)
        .bindMemory(to: Float.self, capacity: filters * memory)
      let quantized = io.input(2, as: Int8.self)
      for index in 0..<filters * memory {
        dequantized[index] = Float(quantized[index]) * hybrid.timeScale
      }
      weightsTime = UnsafePointer(dequantized)
      hybridFeatures(io, hybrid, activations, scratch + 4 * (batch + memory) * filters)
    } else {
      floatFeatures(io, activations)
    }
    for row in 0..<batch * filters { state[row * memory + memory - 1] = activations[row] }
    for row in 0..<batch * filters {
      let f = row % filters
      var dot: Float = 0
      for m in 0..<memory { dot += weightsTime[f * memory + m] * state[row * memory + m] }
      activations[row] = dot
    }
    output(io, activations)
  }

  /// `activations[b][f] = Σ_i weightsFeature[f][i] · x[b][i]`.
  private func floatFeatures(_ io: KernelIO, _ activations: UnsafeMutablePointer<Float>) {
    let (input, weights) = (io.input(0, as: Float.self), io.input(1, as: Float.self))
    let (filters, depth) = (geometry.filters, geometry.inputSize)
    for b in 0..<geometry.batch {
      for f in 0..<filters {
        var dot: Float = 0
        for i in 0..<depth { dot += weights[f * depth + i] * input[b * depth + i] }
        activations[b * filters + f] = dot
      }
    }
  }

  /// `activations[b][f] = Float(Σ_i w[f][i] · (q[b][i] − zeroPoint_b)) · (rowScale_b ·
  /// featureScale)`, the input rows quantized into `scratch`.
  private func hybridFeatures(
    _ io: KernelIO, _ hybrid: Hybrid, _ activations: UnsafeMutablePointer<Float>,
    _ scratch: UnsafeMutableRawPointer
  ) {
    let (rows, values) = hybrid.rows.quantize(
      io.input(0, as: Float.self), scratch: scratch, pool: io.pool)
    let weights = io.input(1, as: Int8.self)
    let (filters, depth) = (geometry.filters, geometry.inputSize)
    for b in 0..<geometry.batch {
      let scale = rows[b].scale * hybrid.featureScale
      let (q, offset) = (values + b * depth, rows[b].offset)
      for f in 0..<filters {
        var dot: Int32 = 0
        for i in 0..<depth { dot = dot &+ Int32(weights[f * depth + i]) &* (Int32(q[i]) &- offset) }
        activations[b * filters + f] = Float(dot) * scale
      }
    }
  }

  /// `out[b][u] = act(Σ_r t[b][u · rank + r] + bias[u])`.
  private func output(_ io: KernelIO, _ products: UnsafeMutablePointer<Float>) {
    let (units, rank) = (geometry.units, geometry.rank)
    let output = io.output(0, as: Float.self)
    let bias = io.inputs[3]?.assumingMemoryBound(to: Float.self)
    for row in 0..<geometry.batch * units {
      var sum: Float = 0
      for r in 0..<rank { sum += products[row * rank + r] }
      if let bias { sum += bias[row % units] }
      output[row] = Self.apply(activation, sum)
    }
  }

  /// TFLite's `ApplyActivationToVector` on one value.
  @inline(__always)
  private static func apply(_ activation: ActivationFunction, _ x: Float) -> Float {
    switch activation {
    case .none: return x
    case .relu: return max(x, 0)
    case .reluN1To1: return min(max(x, -1), 1)
    case .relu6: return min(max(x, 0), 6)
    case .tanh: return CMath.tanhf(x)
    case .signBit: return x.sign == .minus ? 1 : 0
    }
  }
}
