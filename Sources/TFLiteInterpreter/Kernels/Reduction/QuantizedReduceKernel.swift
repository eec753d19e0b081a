internal import OcellusKernels
import TFLiteModel

/// MEAN, SUM, REDUCE_MAX and REDUCE_MIN of uint8, int8 and int16 tensors, bit-exact with
/// TFLite's reference kernels (same axis rules as ``ReduceKernel``).
///
/// MEAN and SUM follow TFLite's `QuantizedMeanOrSum`: the stored values are summed in 32 bits
/// (wrapping), the input zero point times the reduced count is subtracted (in 64 bits, then
/// truncated to 32), and the result is scaled by `inputScale / outputScale` (a fixed-point
/// multiplier; for MEAN it also absorbs `1 / count`: the multiplier is shifted left by
/// `min(⌊log2 count⌋, 32, 31 + shift)` bits, divided by the count and the shift lowered to
/// match), offset by the output zero point and clamped to the type's range. REDUCE_MAX and
/// REDUCE_MIN compare the stored values; their input and output must be quantized alike, as in
/// TFLite. An empty input gives zeros (MEAN, SUM) or the type's lowest / highest value.
///
/// TFLite's reference SUM reads int8 and int16 data as uint8 (a defect of its kernel
/// dispatch); this kernel reads every type as itself.
final class QuantizedReduceKernel: QuantizedIntegerKernel {
  static let sourceFile = #filePath
  private let operation: ReduceOperation
  let type: TensorType
  private let inputCount, outputCount: Int
  /// Input dimensions after dropping 1s and merging neighbours that are both kept or both
  /// reduced, outermost first; their input strides, and output strides (0 where reduced).
  private let sizes, inputStrides, outputStrides: [Int]
  /// MEAN/SUM: the scaling, `inputZeroPoint · count`, and the output zero point.
  private let multiplier: QuantizedArithmetic.Multiplier
  private let zeroTimesCount: Int64
  private let outputZero: Int32
  /// MEAN/SUM of 8-bit values on a vector build: the kernel that sums reduced rows of kept
  /// columns (the innermost two dimensions) in one call; nil where the loops below run.
  private let columnSums:
    (
      @Sendable (
        UnsafePointer<UInt8>, _ rows: Int, _ columns: Int, _ rowStride: Int, _ signed: Bool,
        UnsafeMutablePointer<Int32>
      ) -> Void
    )?

  var scratchBytes: Int { outputCount * MemoryLayout<Int32>.size }

  private init(
    operation: ReduceOperation, type: TensorType, input: [Int], inputCount: Int,
    reduced axes: Set<Int>, outputCount: Int, multiplier: QuantizedArithmetic.Multiplier,
    zeroTimesCount: Int64, outputZero: Int32, kernels: KernelSet
  ) {
    self.operation = operation
    self.type = type
    self.inputCount = inputCount
    self.outputCount = outputCount
    self.multiplier = multiplier
    self.zeroTimesCount = zeroTimesCount
    self.outputZero = outputZero
    // An empty input is only filled (and its other dimensions may be huge): no plan needed.
    let merged = ReduceOperation.mergedDimensions(inputCount == 0 ? [] : input, reducing: axes)
    var inputStrides = [Int](repeating: 1, count: merged.count)
    var outputStrides = [Int](repeating: 0, count: merged.count)
    var outputStep = 1
    for index in merged.indices.reversed() {
      if index + 1 < merged.count {
        inputStrides[index] = inputStrides[index + 1] * merged[index + 1].size
      }
      if !merged[index].reduced {
        outputStrides[index] = outputStep
        outputStep *= merged[index].size
      }
    }
    sizes = merged.map(\.size)
    self.inputStrides = inputStrides
    self.outputStrides = outputStrides
    let eightBit = type == .uint8 || type == .int8
    let rowsOfColumns =
      merged.count >= 2 && merged[merged.count - 2].reduced && !merged[merged.count - 1].reduced
    columnSums =
      (operation == .mean || operation == .sum) && eightBit && rowsOfColumns
        && !kernels.isReference ? kernels.entry.byteColumnSums : nil
  }

  /// Builds the kernel for a node whose axes, output shape and counts ``ReduceKernel`` has
  /// resolved; `reducedCount` is the product of the reduced dimensions.
  static func make(
    _ node: inout NodeContext, _ operation: ReduceOperation, input: TensorDescription,
    axes: Set<Int>, outputCount: Int, reducedCount: Int
  ) throws(InterpreterError) -> any Kernel {
    let inputParameters = try PerTensorQuantization(input, "the input", node)
    let outputParameters = try PerTensorQuantization(node.outputs[0], "the output", node)
    var multiplier = QuantizedArithmetic.Multiplier(multiplier: 0, shift: 0)
    switch operation {
    case .maximum, .minimum:
      guard
        inputParameters.scale == outputParameters.scale
          && inputParameters.zeroPoint == outputParameters.zeroPoint
      else {
        throw node.unsupported(
          "the input (scale \(inputParameters.scale), zero point \(inputParameters.zeroPoint)) and the output (scale \(outputParameters.scale), zero point \(outputParameters.zeroPoint)) must be quantized alike"
        )
      }
    case .product:
      // Quantized products are rescaled at every step: FoldingReduceKernel's.
      return try FoldingReduceKernel.quantizedProduct(
        &node, input: input, axes: axes, outputCount: outputCount)
    case .mean, .sum:
      try inputParameters.requireScale("the input", node)
      try outputParameters.requireScale("the output", node)
      if input.type == .int16 && (inputParameters.zeroPoint != 0 || outputParameters.zeroPoint != 0)
      {
        throw node.unsupported("int16 zero points must be 0")
      }
      multiplier = QuantizedArithmetic.Multiplier(
        Double(inputParameters.scale) / Double(outputParameters.scale))
      if operation == .mean && reducedCount > 0 {
        // Fold 1 / count into the multiplier, as TFLite's reference kernel does.
        var shift = Int.bitWidth - 1 - reducedCount.leadingZeroBitCount
        shift = min(shift, 32, 31 + multiplier.shift)
        multiplier.multiplier = Int32(
          truncatingIfNeeded: (Int64(multiplier.multiplier) << Int64(shift)) / Int64(reducedCount))
        multiplier.shift -= shift
      }
    }
    let zeroTimesCount = Int64(inputParameters.zeroPoint).multipliedReportingOverflow(
      by: Int64(reducedCount))
    return QuantizedReduceKernel(
      operation: operation, type: input.type, input: input.shape,
      inputCount: input.elementCount, reduced: axes, outputCount: outputCount,
      multiplier: multiplier, zeroTimesCount: zeroTimesCount.partialValue,
      outputZero: outputParameters.zeroPoint, kernels: node.kernels)
  }

  func run<T: FixedWidthInteger>(_ io: KernelIO, _: T.Type) {
    let input = io.input(0, as: T.self)
    let output = io.output(0, as: T.self)
    let initial: Int32
    switch operation {
    case .mean, .sum, .product: initial = 0  // never .product: see make
    case .maximum: initial = Int32(T.min)
    case .minimum: initial = Int32(T.max)
    }
    guard inputCount > 0 else {
      output.update(repeating: T(truncatingIfNeeded: initial), count: outputCount)
      return
    }
    let accumulator = io.scratch.unsafelyUnwrapped.assumingMemoryBound(to: Int32.self)
    // Split the work over the outermost dimension when it is kept: each of its slices owns a
    // contiguous run of outputs. Otherwise one unit covers everything.
    let split = sizes.count > 1 && outputStrides[0] != 0
    let units = split ? sizes[0] : 1
    let outputsPerUnit = split ? outputStrides[0] : outputCount
    let work = max(1, inputCount / units)
    io.pool.parallelFor(units, minimumChunk: max(1, 16_384 / work)) { range in
      for unit in range {
        let first = unit * outputsPerUnit
        let sums = accumulator + first
        sums.update(repeating: initial, count: outputsPerUnit)
        if split {
          accumulate(input + unit * inputStrides[0], into: sums, level: 1)
        } else {
          accumulate(input, into: sums, level: 0)
        }
        finish(sums, output + first, count: outputsPerUnit)
      }
    }
  }

  /// Folds the input block at `input` (dimensions `level...`) into the outputs at `sums`.
  private func accumulate<T: FixedWidthInteger>(
    _ input: UnsafePointer<T>, into sums: UnsafeMutablePointer<Int32>, level: Int
  ) {
    let size = sizes[level]
    let outputStride = outputStrides[level]
    if level == sizes.count - 2, let columnSums {
      columnSums(
        UnsafeRawPointer(input).assumingMemoryBound(to: UInt8.self), size, sizes[level + 1],
        inputStrides[level], type == .int8, sums)
      return
    }
    if level == sizes.count - 1 {
      switch (operation, outputStride == 0) {
      case (.mean, true), (.sum, true), (.product, true):  // never .product: see make
        var total: Int32 = 0
        for index in 0..<size { total &+= Int32(input[index]) }
        sums[0] &+= total
      case (.mean, false), (.sum, false), (.product, false):
        for index in 0..<size { sums[index] &+= Int32(input[index]) }
      case (.maximum, true):
        var best = sums[0]
        for index in 0..<size { best = max(best, Int32(input[index])) }
        sums[0] = best
      case (.maximum, false):
        for index in 0..<size { sums[index] = max(sums[index], Int32(input[index])) }
      case (.minimum, true):
        var best = sums[0]
        for index in 0..<size { best = min(best, Int32(input[index])) }
        sums[0] = best
      case (.minimum, false):
        for index in 0..<size { sums[index] = min(sums[index], Int32(input[index])) }
      }
      return
    }
    let inputStride = inputStrides[level]
    for index in 0..<size {
      accumulate(
        input + index * inputStride, into: sums + index * outputStride, level: level + 1)
    }
  }

  /// Writes `count` outputs from their sums (MEAN/SUM: requantized) or extremes.
  private func finish<T: FixedWidthInteger>(
    _ sums: UnsafeMutablePointer<Int32>, _ output: UnsafeMutablePointer<T>, count: Int
  ) {
    switch operation {
    case .maximum, .minimum:
      for index in 0..<count { output[index] = T(truncatingIfNeeded: sums[index]) }
    case .mean, .sum, .product:
      let (multiplier, zeroTimesCount, outputZero) = (
        self.multiplier, self.zeroTimesCount, self.outputZero
      )
      let (lowest, highest) = (Int32(T.min), Int32(T.max))
      for index in 0..<count {
        let shifted = Int32(truncatingIfNeeded: Int64(sums[index]) &- zeroTimesCount)
        let value = multiplier.apply(shifted) &+ outputZero
        output[index] = T(truncatingIfNeeded: min(max(value, lowest), highest))
      }
    }
  }
}
