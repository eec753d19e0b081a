import TFLiteModel

/// UNIDIRECTIONAL_SEQUENCE_LSTM with float32 activations and float32 weights, or int8 weights
/// quantized per tensor (hybrid), as TFLite's `lstm_eval.cc` (`EvalFloat`, `EvalHybrid`):
/// for each time step and batch row, the gates `i, f, o = σ(bias + Wx·x + Wh·h)` and
/// `g = act(bias + Wx·x + Wh·h)`, the cell `c = clip(f·c + i·g)`, the output `h = o · act(c)`.
///
/// Inputs (24, or 20 without layer normalization): 0 the sequence `[B, T, I]` (`[T, B, I]`
/// when time-major), 1–4 input weights (i, f, c, o) `[cells, I]`, 5–8 recurrent weights
/// `[cells, outputs]`, 12–15 gate biases, 18 the output state `[B, outputs]` and 19 the cell
/// state `[B, cells]` — variable tensors, updated in place so that they persist across
/// invokes, as in TFLite. Hybrid models quantize each row of `x` and of `h` on the fly
/// (``HybridQuantization``) and add `Float(Σ w·(q − zeroPoint)) · (rowScale · weightScale)`.
/// The coupled input gate (CIFG), peepholes, projection and layer normalization are rejected
/// at load. int8 models run ``QuantizedSequenceLSTMKernel`` (same factory).
final class SequenceLSTMKernel: Kernel {
  static let sourceFile = #filePath

  /// Input positions of each gate's weights and bias, in TFLite's order i, f, c, o.
  static let gateInputs: [(input: Int, recurrent: Int, bias: Int)] = [
    (1, 5, 12), (2, 6, 13), (3, 7, 14), (4, 8, 15),
  ]

  private let batch, steps, inputSize, cells: Int
  private let timeMajor: Bool
  private let activation: ActivationFunction
  private let cellClip: Float
  /// Per gate: the weight scales (input, recurrent) of hybrid models; empty for float.
  private let scales: [(input: Float, recurrent: Float)]
  private let asymmetric: Bool
  let scratchBytes: Int

  private init(
    batch: Int, steps: Int, inputSize: Int, cells: Int, options: SequenceLSTMOptions,
    scales: [(input: Float, recurrent: Float)]
  ) {
    (self.batch, self.steps, self.inputSize, self.cells) = (batch, steps, inputSize, cells)
    timeMajor = options.timeMajor
    activation = options.activation
    cellClip = options.cellClip
    self.scales = scales
    asymmetric = options.asymmetricQuantizeInputs
    // Four gates of `cells` floats; hybrid: the quantized x and h rows.
    scratchBytes = 4 * cells * 4 + (scales.isEmpty ? 0 : inputSize + cells)
  }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    guard node.inputs.count == 24 || node.inputs.count == 20 else {
      throw node.invalid("expected 20 or 24 inputs, found \(node.inputs.count)")
    }
    try node.expect(inputs: node.inputs.count, outputs: 1)
    let options = try node.options(SequenceLSTMOptions.self)
    let input = try node.input(0)
    guard input.shape.count == 3 else {
      throw node.invalid("the input must have rank 3, found shape \(input.shape)")
    }
    let refused =
      [
        (9, "peephole"), (10, "peephole"), (11, "peephole"), (16, "projection"),
        (17, "projection"),
      ] + (20..<node.inputs.count).map { ($0, "layer-normalization") }
    for (position, what) in refused where node.inputs[position] != nil {
      throw node.unsupported(
        "\(what) weights (input \(position)) are not supported; only the plain LSTM (Keras's) is")
    }
    guard node.inputs[1] != nil, node.inputs[5] != nil else {
      throw node.unsupported(
        "the coupled input-forget gate (CIFG: no input-gate weights) is not supported")
    }
    let (batch, steps) =
      options.timeMajor ? (input.shape[1], input.shape[0]) : (input.shape[0], input.shape[1])
    let inputSize = input.shape[2]
    let cells = try node.input(4).shape.first ?? 0
    try node.setOutputShape(0, input.shape.dropLast() + [cells])
    let weightType = try node.input(1).type
    switch (input.type, weightType) {
    case (.float32, .float32), (.float32, .int8):
      try checkTensors(
        node, inputSize: inputSize, cells: cells, batch: batch,
        types: (weightType, .float32, .float32, .float32, .float32))
      guard [.none, .relu, .relu6, .reluN1To1, .tanh].contains(options.activation) else {
        throw node.unsupported("activation \(options.activation) is not supported")
      }
      var scales: [(input: Float, recurrent: Float)] = []
      for gate in gateInputs where weightType == .int8 {
        scales.append(
          (
            try scale(try node.input(gate.input), node),
            try scale(try node.input(gate.recurrent), node)
          ))
      }
      return SequenceLSTMKernel(
        batch: batch, steps: steps, inputSize: inputSize, cells: cells, options: options,
        scales: scales)
    case (.int8, .int8):
      try checkTensors(
        node, inputSize: inputSize, cells: cells, batch: batch,
        types: (.int8, .int32, .int8, .int16, .int8))
      guard options.activation == .tanh else {
        throw node.unsupported(
          "the integer LSTM needs the TANH activation, not \(options.activation)")
      }
      return try QuantizedSequenceLSTMKernel(
        node, options: options, batch: batch, steps: steps, inputSize: inputSize, cells: cells,
        gateInputs: gateInputs)
    default:
      throw node.unsupported(
        "UNIDIRECTIONAL_SEQUENCE_LSTM runs float32 inputs with float32 or int8 (hybrid) weights, and int8 inputs with int8 weights (the integer LSTM: int32 biases, int16 cell state); not \(input.type) inputs with \(weightType) weights"
      )
    }
  }

  /// The tensor types of one LSTM variant.
  typealias Types = (
    weights: TensorType, bias: TensorType, outputState: TensorType, cellState: TensorType,
    output: TensorType
  )

  /// Checks the shapes and `types` of every weight, bias, state and the output; the states
  /// must be variables (not constants) of `batch` rows.
  private static func checkTensors(
    _ node: NodeContext, inputSize: Int, cells: Int, batch: Int, types: Types
  ) throws(InterpreterError) {
    for gate in gateInputs {
      let (w, r, b) = (
        try node.input(gate.input), try node.input(gate.recurrent), try node.input(gate.bias)
      )
      guard w.shape == [cells, inputSize], r.shape == [cells, cells], b.shape == [cells] else {
        throw node.invalid(
          "gate weights \(w.shape), \(r.shape) and bias \(b.shape) do not fit \(cells) cells and \(inputSize) inputs"
        )
      }
      guard w.type == types.weights, r.type == types.weights, b.type == types.bias else {
        throw node.unsupported(
          "gate weights \(w.type), \(r.type) and bias \(b.type): this variant needs \(types.weights) weights and \(types.bias) biases"
        )
      }
    }
    for (position, type) in [(18, types.outputState), (19, types.cellState)] {
      let state = try node.input(position)
      guard state.type == type, state.elementCount == batch * cells, state.constant == nil else {
        throw node.invalid(
          "state input \(position) must be a \(type) variable of \(batch)×\(cells) values")
      }
    }
    guard node.outputs[0].type == types.output else {
      throw node.unsupported(
        "the output is \(node.outputs[0].type); this variant writes \(types.output)")
    }
  }

  /// The one scale of int8 weights (TFLite's hybrid LSTM reads the per-tensor scale).
  private static func scale(_ weights: TensorDescription, _ node: NodeContext)
    throws(InterpreterError) -> Float
  {
    guard let scales = weights.quantization?.scales, scales.count == 1, scales[0].isFinite else {
      throw node.unsupported("hybrid LSTM weights need one (per-tensor) scale")
    }
    return scales[0]
  }

  func run(_ io: KernelIO) {
    guard batch * steps > 0, cells > 0, let scratch = io.scratch else { return }
    let input = io.input(0, as: Float.self)
    let output = io.output(0, as: Float.self)
    // The states are variables: the interpreter owns writable memory for them.
    let h = UnsafeMutablePointer(mutating: io.input(18, as: Float.self))
    let c = UnsafeMutablePointer(mutating: io.input(19, as: Float.self))
    let gates = scratch.bindMemory(to: Float.self, capacity: 4 * cells)
    SequenceSteps.forEach(batch: batch, steps: steps, timeMajor: timeMajor) { row, b in
      step(
        io, x: input + row * inputSize, h: h + b * cells, c: c + b * cells, gates: gates,
        quantized: scratch + 4 * cells * 4)
      (output + row * cells).update(from: h + b * cells, count: cells)
    }
  }

  /// One time step of one batch row: updates `h` and `c` in place.
  private func step(
    _ io: KernelIO, x: UnsafePointer<Float>, h: UnsafeMutablePointer<Float>,
    c: UnsafeMutablePointer<Float>, gates: UnsafeMutablePointer<Float>,
    quantized: UnsafeMutableRawPointer
  ) {
    let qx = quantized.bindMemory(to: Int8.self, capacity: inputSize + cells)
    let qh = qx + inputSize
    var rows = (
      x: HybridQuantization.Row(scale: 1, offset: 0), h: HybridQuantization.Row(scale: 1, offset: 0)
    )
    if !scales.isEmpty {
      rows.x = HybridQuantization.quantize(x, count: inputSize, into: qx, asymmetric: asymmetric)
      rows.h = HybridQuantization.quantize(h, count: cells, into: qh, asymmetric: asymmetric)
    }
    for gate in 0..<4 {
      let target = gates + gate * cells
      let bias = io.input(Self.gateInputs[gate].bias, as: Float.self)
      target.update(from: bias, count: cells)
      if scales.isEmpty {
        accumulate(io.input(Self.gateInputs[gate].input, as: Float.self), x, inputSize, target)
        accumulate(io.input(Self.gateInputs[gate].recurrent, as: Float.self), h, cells, target)
      } else {
        accumulate(
          io.input(Self.gateInputs[gate].input, as: Int8.self), qx, inputSize, rows.x,
          scales[gate].input, target)
        accumulate(
          io.input(Self.gateInputs[gate].recurrent, as: Int8.self), qh, cells, rows.h,
          scales[gate].recurrent, target)
      }
    }
    for cell in 0..<cells {
      let i = Self.sigmoid(gates[cell])
      let f = Self.sigmoid(gates[cells + cell])
      let g = apply(activation, gates[2 * cells + cell])
      var state = f * c[cell] + g * i
      if cellClip > 0 { state = min(max(state, -cellClip), cellClip) }
      c[cell] = state
    }
    for cell in 0..<cells {
      h[cell] = Self.sigmoid(gates[3 * cells + cell]) * apply(activation, c[cell])
    }
  }

  /// `target[r] += Σ_k weights[r][k] · vector[k]` (the dot product first, then added).
  private func accumulate(
    _ weights: UnsafePointer<Float>, _ vector: UnsafePointer<Float>, _ depth: Int,
    _ target: UnsafeMutablePointer<Float>
  ) {
    for row in 0..<cells {
      var dot: Float = 0
      for k in 0..<depth { dot += weights[row * depth + k] * vector[k] }
      target[row] = dot + target[row]
    }
  }

  /// `target[r] += Float(Σ_k w[r][k] · (q[k] − zeroPoint)) · (rowScale · weightScale)`.
  private func accumulate(
    _ weights: UnsafePointer<Int8>, _ vector: UnsafePointer<Int8>, _ depth: Int,
    _ row: HybridQuantization.Row, _ weightScale: Float, _ target: UnsafeMutablePointer<Float>
  ) {
    let scale = row.scale * weightScale
    for r in 0..<cells {
      var dot: Int32 = 0
      for k in 0..<depth {
        dot = dot &+ Int32(weights[r * depth + k]) &* (Int32(vector[k]) &- row.offset)
      }
      target[r] += Float(dot) * scale
    }
  }

  /// `1 / (1 + e^−x)`.
  @inline(__always)
  private static func sigmoid(_ x: Float) -> Float { 1 / (1 + CMath.expf(-x)) }

  /// The cell activation (TANH for Keras models).
  @inline(__always)
  private func apply(_ activation: ActivationFunction, _ x: Float) -> Float {
    switch activation {
    case .tanh: return CMath.tanhf(x)
    case .relu: return max(x, 0)
    case .relu6: return min(max(x, 0), 6)
    case .reluN1To1: return min(max(x, -1), 1)
    default: return x
    }
  }
}
