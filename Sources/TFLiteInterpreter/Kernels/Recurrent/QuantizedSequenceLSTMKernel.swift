import TFLiteModel

/// UNIDIRECTIONAL_SEQUENCE_LSTM on int8 activations with int8 weights, int32 biases and an int16
/// cell state (TFLite's integer LSTM, `EvalInteger8x8_16`), bit for bit: each gate is
/// `clamp16(M_r(biasR + Σ h·wR) + clamp16(M_x(biasX + Σ x·wX)))` — biases folded with the
/// zero points at load, `M` the requantization to the gate's Q3.12 — then the 16-bit gemmlowp
/// logistic (i, f, o) or tanh (cell gate); the cell
/// `c = sat16(rdiv(f·c, 2^15) + rdiv(i·g, 2^(30 + cellScale)))`, clipped; the hidden state
/// `h = clamp8(M_h(o · tanh(c)) + hiddenZero)`, copied to the output.
///
/// `cellScale` is log2 of the cell state's (power-of-two) scale; the hidden state's scale and
/// zero point come from the operator's fifth intermediate tensor. Layer normalization,
/// peepholes, projection and CIFG are rejected by ``SequenceLSTMKernel``'s factory.
final class QuantizedSequenceLSTMKernel: Kernel {
  static let sourceFile = #filePath
  /// One gate's folded biases and requantization multipliers.
  private struct Gate {
    let inputBias, recurrentBias: [Int32]
    let inputMultiplier, recurrentMultiplier: QuantizedArithmetic.Multiplier
  }

  private let batch, steps, inputSize, cells: Int
  private let timeMajor: Bool
  private let gates: [Gate]
  private let cellScale: Int
  private let cellClip: Int16
  private let hiddenMultiplier: QuantizedArithmetic.Multiplier
  private let hiddenZero: Int32
  let scratchBytes: Int

  /// Reads the quantization of every tensor and folds the zero points into the biases.
  init(
    _ node: NodeContext, options: SequenceLSTMOptions, batch: Int, steps: Int, inputSize: Int,
    cells: Int, gateInputs: [(input: Int, recurrent: Int, bias: Int)]
  ) throws(InterpreterError) {
    (self.batch, self.steps, self.inputSize, self.cells) = (batch, steps, inputSize, cells)
    timeMajor = options.timeMajor
    let input = try PerTensorQuantization(try node.input(0), "the input", node)
    let state = try PerTensorQuantization(try node.input(18), "the output state", node)
    let cell = try PerTensorQuantization(try node.input(19), "the cell state", node)
    guard let hidden = node.intermediates.count == 5 ? node.intermediates[4] : nil,
      let hiddenScale = hidden.quantization?.perTensor
    else {
      throw node.invalid(
        "the integer LSTM needs 5 intermediate tensors, the fifth quantized (the hidden state)")
    }
    let log2 = CMath.logf(cell.scale) * (1 / CMath.logf(2))
    // A scale of 0, or a negative, infinite or NaN one, has no finite logarithm to convert
    // (fuzz finding: it trapped).
    cellScale = log2.isFinite ? Int(log2.rounded(.toNearestOrAwayFromZero)) : 0
    guard log2.isFinite, abs(log2 - log2.rounded(.toNearestOrAwayFromZero)) < 1e-3,
      (0...31).contains(30 + cellScale), (0...6).contains(15 + cellScale)
    else {
      throw node.unsupported(
        "the cell state scale \(cell.scale) is not a power of two in 2^-15...2^-9")
    }
    let clip = options.cellClip > 0 ? min(max(options.cellClip / cell.scale, -32768), 32767) : 0
    cellClip = Int16(clip)
    hiddenMultiplier = QuantizedArithmetic.Multiplier(
      Double(Float(CMath.pow(2.0, -15) / Double(hiddenScale.scale) * CMath.pow(2.0, -15))))
    guard let hiddenZero = Int32(exactly: hiddenScale.zeroPoint) else {
      throw node.invalid("the hidden state's zero point \(hiddenScale.zeroPoint) is out of range")
    }
    self.hiddenZero = hiddenZero
    let gateScale = Float(CMath.pow(2.0, -12.0))
    var gates: [Gate] = []
    for positions in gateInputs {
      let (w, r) = (try node.input(positions.input), try node.input(positions.recurrent))
      let (wScale, rScale) = (try Self.scale(w, node), try Self.scale(r, node))
      gates.append(
        Gate(
          inputBias: try Self.foldedBias(
            w, bias: try node.input(positions.bias), zeroPoint: input.zeroPoint, node),
          recurrentBias: try Self.foldedBias(r, bias: nil, zeroPoint: state.zeroPoint, node),
          inputMultiplier: QuantizedArithmetic.Multiplier(Double(wScale * input.scale / gateScale)),
          recurrentMultiplier: QuantizedArithmetic.Multiplier(
            Double(rScale * state.scale / gateScale))))
    }
    self.gates = gates
    scratchBytes = 4 * cells * MemoryLayout<Int16>.size
  }

  /// The one scale of int8 weights.
  private static func scale(_ weights: TensorDescription, _ node: NodeContext)
    throws(InterpreterError) -> Float
  {
    guard weights.type == .int8, let scales = weights.quantization?.scales, scales.count == 1 else {
      throw node.unsupported("integer LSTM weights must be int8 with one scale")
    }
    return scales[0]
  }

  /// `bias[r] − zeroPoint · Σ_c w[r][c]` (TFLite's `PrecomputeZeroPointTimesWeightWithBias`).
  private static func foldedBias(
    _ weights: TensorDescription, bias: TensorDescription?, zeroPoint: Int32, _ node: NodeContext
  ) throws(InterpreterError) -> [Int32] {
    guard let w = weights.constantValues(as: Int8.self), weights.shape.count == 2 else {
      throw node.unsupported("integer LSTM weights must be constant")
    }
    var folded = [Int32](repeating: 0, count: weights.shape[0])
    if let bias {
      guard bias.type == .int32, let values = bias.constantValues(as: Int32.self),
        values.count == folded.count
      else { throw node.unsupported("integer LSTM biases must be constant int32") }
      folded = values
    }
    let columns = weights.shape[1]
    for row in folded.indices {
      var sum: Int32 = 0
      for column in 0..<columns { sum = sum &+ Int32(w[row * columns + column]) }
      folded[row] = folded[row] &+ sum &* (0 &- zeroPoint)
    }
    return folded
  }

  func run(_ io: KernelIO) {
    guard batch * steps > 0, cells > 0, let scratch = io.scratch else { return }
    let input = io.input(0, as: Int8.self)
    let output = io.output(0, as: Int8.self)
    let h = UnsafeMutablePointer(mutating: io.input(18, as: Int8.self))
    let c = UnsafeMutablePointer(mutating: io.input(19, as: Int16.self))
    let gateValues = scratch.bindMemory(to: Int16.self, capacity: 4 * cells)
    SequenceSteps.forEach(batch: batch, steps: steps, timeMajor: timeMajor) { row, b in
      step(io, x: input + row * inputSize, h: h + b * cells, c: c + b * cells, gates: gateValues)
      (output + row * cells).update(from: h + b * cells, count: cells)
    }
  }

  /// One time step of one batch row: updates `h` and `c` in place.
  private func step(
    _ io: KernelIO, x: UnsafePointer<Int8>, h: UnsafeMutablePointer<Int8>,
    c: UnsafeMutablePointer<Int16>, gates gateValues: UnsafeMutablePointer<Int16>
  ) {
    for (index, gate) in gates.enumerated() {
      let target = gateValues + index * cells
      let positions = SequenceLSTMKernel.gateInputs[index]
      let w = io.input(positions.input, as: Int8.self)
      let r = io.input(positions.recurrent, as: Int8.self)
      for row in 0..<cells {
        var acc = gate.inputBias[row]
        for k in 0..<inputSize { acc = acc &+ Int32(x[k]) &* Int32(w[row * inputSize + k]) }
        let fromInput = Int32(Int16(clamping: gate.inputMultiplier.apply(acc)))
        var recurrent = gate.recurrentBias[row]
        for k in 0..<cells { recurrent = recurrent &+ Int32(h[k]) &* Int32(r[row * cells + k]) }
        let value = Int16(clamping: gate.recurrentMultiplier.apply(recurrent) &+ fromInput)
        target[row] =
          index == 2
          ? FixedPoint.tanh(value, integerBits: 3) : FixedPoint.logistic(value, integerBits: 3)
      }
    }
    let (i, f, g, o) = (
      gateValues, gateValues + cells, gateValues + 2 * cells, gateValues + 3 * cells
    )
    for cell in 0..<cells {
      let kept = QuantizedArithmetic.roundingDivideByPowerOfTwo(Int32(f[cell]) * Int32(c[cell]), 15)
      let added = QuantizedArithmetic.roundingDivideByPowerOfTwo(
        Int32(i[cell]) * Int32(g[cell]), 30 + cellScale)
      var state = Int16(
        clamping: Int32(Int16(truncatingIfNeeded: kept)) + Int32(Int16(truncatingIfNeeded: added)))
      if cellClip > 0 { state = min(max(state, -cellClip), cellClip) }
      c[cell] = state
      let activated = FixedPoint.tanh(state, integerBits: 15 + cellScale)
      let hidden = hiddenMultiplier.apply(Int32(o[cell]) * Int32(activated)) &+ hiddenZero
      h[cell] = Int8(clamping: hidden)
    }
  }
}
