import TFLiteModel

/// What 8-bit ADD and SUB need on the vector kernels (`quantizedSum`): the kernel build and the
/// fixed-point rescaling of each shifted operand and of the result, as requantization tables.
struct QuantizedSumTables {
  let kernels: KernelSet
  let a, b, output: RequantizationStorage

  /// The tables for `arithmetic` when it is an 8-bit ADD or SUB whose multipliers the vector
  /// arithmetic represents exactly (shifts within ±30) and `kernels` is not the reference
  /// build; nil otherwise.
  init?(_ arithmetic: QuantizedBinaryArithmetic?, type: TensorType, kernels: KernelSet) {
    guard let arithmetic, type == .uint8 || type == .int8, !kernels.isReference,
      arithmetic.operation == .add || arithmetic.operation == .subtract,
      let multiplierA = arithmetic.operandA.multiplier,
      let multiplierB = arithmetic.operandB.multiplier,
      arithmetic.operandA.leftShift == arithmetic.operandB.leftShift,
      [multiplierA, multiplierB, arithmetic.output].allSatisfy({ (-30...30).contains($0.shift) })
    else { return nil }
    self.kernels = kernels
    let everything = Int32.min...Int32.max
    a = RequantizationStorage(multiplierA, outputOffset: 0, range: everything)
    b = RequantizationStorage(multiplierB, outputOffset: 0, range: everything)
    output = RequantizationStorage(
      arithmetic.output, outputOffset: arithmetic.outputOffset,
      range: arithmetic.lower...arithmetic.upper)
  }
}
