import TFLiteModel

/// ABS, LOG, SQRT and RSQRT on quantized int8 and int16 tensors (and ABS on plain int16), as
/// LiteRT's `elementwise.cc` computes them. Every stored value's result is computed at load
/// with TFLite's arithmetic, so running is a lookup: 256 bytes for int8
/// and 65,536 values for int16 (``QuantizedLookupKernel``).
///
/// - ABS: `|q − zᵢ|`, rescaled by `MultiplyByQuantizedMultiplier` with
///   `QuantizeMultiplier(sᵢ / sₒ)` when the scales differ, plus `zₒ`, clamped. Plain int16:
///   `|q|` narrowed (−32768 stays −32768).
/// - LOG: TFLite's lookup tables of `log x` (x ≤ 0 gives the lowest output value): 256 entries
///   by `LUTPopulate<int8_t>`, 513 interpolated ones for int16 (``Int16InterpolationTable``).
/// - SQRT: `⌊√(sᵢ · (q − zᵢ)) / sₒ⌋` (truncated toward zero, in float) plus `zₒ`, clamped.
/// - RSQRT: int8 in fixed point (``FixedPoint/inverseSquareRoot(_:reverseShift:)`` of
///   `q − zᵢ`, then the multiplier `1 / (√sᵢ · sₒ)`); `q = zᵢ` gives the largest value; int16
///   by an interpolated table of `1 / √x` (x ≤ 0 giving the largest value).
///
/// int16 operands must be symmetric (zero point 0), as TFLite requires. Where TFLite fails at
/// run time (SQRT or RSQRT of a negative value) the result is defined: SQRT of a negative value
/// is that of 0, int8 RSQRT of one is the largest output value (as for 0), int16 RSQRT reads
/// its table.
enum QuantizedUnaryMath {
  /// The functions with quantized kernels.
  static let functions: [UnaryMath] = [.abs, .log, .squareRoot, .reciprocalSquareRoot]

  /// The kernel of `function` for an int8 or int16 node (input type = output type, checked by
  /// the caller).
  static func kernel(_ node: inout NodeContext, _ function: UnaryMath) throws(InterpreterError)
    -> any Kernel
  {
    let inputTensor = try node.input(0)
    let count = inputTensor.elementCount
    let quantized = !(inputTensor.quantization?.scales.isEmpty ?? true)
    if inputTensor.type == .int16 && !quantized {
      guard function == .abs else {
        throw node.unsupported("int16 \(function) needs quantization parameters")
      }
      try node.setOutputShape(0, inputTensor.shape)
      return QuantizedLookupKernel(
        count: count, int16: { Int16(truncatingIfNeeded: abs(Int32($0))) })
    }
    let input = try PerTensorQuantization(inputTensor, "input", node)
    let output = try PerTensorQuantization(node.outputs[0], "output", node)
    try input.requireScale("the input", node)
    try output.requireScale("the output", node)
    try node.setOutputShape(0, inputTensor.shape)
    if inputTensor.type == .int8 {
      return QuantizedLookupKernel(
        table: byteTable(function, input: input, output: output), count: count,
        kernels: node.kernels)
    }
    guard input.zeroPoint == 0, output.zeroPoint == 0 else {
      throw node.unsupported("int16 input and output need zero point 0")
    }
    let element = int16Element(function, input: input, output: output)
    return QuantizedLookupKernel(count: count, int16: element)
  }

  /// The int8 table (indexed and filled by byte pattern).
  private static func byteTable(
    _ function: UnaryMath, input: PerTensorQuantization, output: PerTensorQuantization
  ) -> [UInt8] {
    if function == .log {
      return QuantizedActivationTable.lookUp(input: input, output: output, logTransform(output))
    }
    let element = elementFunction(function, input: input, output: output)
    var table = [UInt8](repeating: 0, count: 256)
    for q in input.range { table[input.index(q)] = UInt8(truncatingIfNeeded: element(q)) }
    return table
  }

  /// The int16 result of one stored value.
  private static func int16Element(
    _ function: UnaryMath, input: PerTensorQuantization, output: PerTensorQuantization
  ) -> (Int16) -> Int16 {
    switch function {
    case .log:
      let table = Int16InterpolationTable(input: input, output: output, logTransform(output))
      return { table($0) }
    case .reciprocalSquareRoot:
      let largest = Float(Int16.max) * output.scale
      let table = Int16InterpolationTable(input: input, output: output) {
        $0 <= 0 ? largest : 1 / $0.squareRoot()
      }
      return { table($0) }
    default:
      let element = elementFunction(function, input: input, output: output)
      return { Int16(truncatingIfNeeded: element(Int32($0))) }
    }
  }

  /// LOG's table function: `log x`, or the lowest output value's real for x ≤ 0.
  private static func logTransform(_ output: PerTensorQuantization) -> (Float) -> Float {
    let lowest = Float(output.qmin - output.zeroPoint) * output.scale
    return { $0 <= 0 ? lowest : CMath.logf($0) }
  }

  /// ABS, SQRT or int8 RSQRT of one stored value, clamped to the output type.
  private static func elementFunction(
    _ function: UnaryMath, input: PerTensorQuantization, output: PerTensorQuantization
  ) -> (Int32) -> Int32 {
    let (qmin, qmax, zero) = (output.qmin, output.qmax, output.zeroPoint)
    let clamp = { (value: Int32) in min(max(value, qmin), qmax) }
    switch function {
    case .squareRoot:
      return { q in
        let real = max(input.scale * Float(q - input.zeroPoint), 0)
        return clamp(QuantizedActivationTable.cInt32(real.squareRoot() / output.scale) &+ zero)
      }
    case .reciprocalSquareRoot:
      let multiplier = QuantizedArithmetic.Multiplier(
        1 / Double(input.scale.squareRoot() * output.scale))
      return { q in
        let value = q - input.zeroPoint
        guard value > 0 else { return qmax }
        let inverse = FixedPoint.inverseSquareRoot(value)
        let shift = 20
        let data = QuantizedArithmetic.Multiplier(
          multiplier: inverse.multiplier, shift: inverse.shift + shift
        ).apply(1)
        let scaled = QuantizedArithmetic.Multiplier(
          multiplier: multiplier.multiplier, shift: multiplier.shift - shift
        ).apply(data)
        return clamp(scaled &+ zero)
      }
    default:  // ABS
      let rescale =
        input.scale == output.scale
        ? nil : QuantizedArithmetic.Multiplier(Double(input.scale / output.scale))
      return { q in
        let value = abs(q - input.zeroPoint)
        return clamp((rescale?.apply(value) ?? value) &+ zero)
      }
    }
  }
}
