internal import OcellusKernels
import TFLiteModel

/// ADD, SUB, MUL and DIV on uint8/int8/int16 tensors, SQUARED_DIFFERENCE on int8, and
/// MAXIMUM/MINIMUM on uint8/int8/int16, bit-exact with TFLite's reference kernels, with
/// NumPy-style broadcasting. The arithmetic is ``QuantizedBinaryArithmetic``'s; 16-bit operands
/// must be symmetric (zero point 0), as TFLite requires, and int16 ADD/SUB use TFLite's general
/// rescaling (`pot_scale_int16` false, as the converter writes it; the power-of-two variant of
/// LSTM graphs is ``Int16PowerOfTwoAddSubKernel``). MAXIMUM and MINIMUM compare the stored integers, ignoring the
/// quantization parameters, as TFLite does (converters give both inputs the output's
/// parameters).
///
/// 8-bit MUL, ADD and SUB run on the vector kernels (``KernelSet``'s `quantizedProduct` and
/// `quantizedSum`, eight outputs at a time, the same integer arithmetic). Otherwise, for 8-bit operands each input's part of the
/// arithmetic depends only on its stored byte, so it is tabulated at load (256 entries per
/// input); outputs of ``pairTableThreshold`` elements or more also tabulate the result for all
/// 65,536 byte pairs (64 KiB) and run on lookups alone. The reference build always runs the
/// tables.
///
/// Beyond TFLite: an output scaling of 1 or more is accepted for ADD (TFLite aborts), computed
/// with the same fixed-point arithmetic as SUB uses for it; a DIV by a stored zero point (TFLite
/// fails at run time) gives the clamp's upper bound for a positive dividend, its lower bound
/// for a negative one and the output zero point for 0 / 0.
final class QuantizedBinaryKernel: Kernel {
  static let sourceFile = #filePath
  /// Output size from which 8-bit arithmetic precomputes the result of every byte pair.
  static let pairTableThreshold = 16_384
  /// The fewest elements worth a thread on the vector ADD/SUB/MUL kernels (a few microseconds
  /// of work: a 28 × 28 × 32 residual ADD splits in six).
  static let vectorChunk = 4096

  private let operation: BinaryOperation
  private let type: TensorType
  private let broadcast: Broadcast
  /// The arithmetic; nil for MAXIMUM and MINIMUM.
  private let arithmetic: QuantizedBinaryArithmetic?
  /// 8-bit arithmetic: each input's prepared value per stored byte (an int8 value indexed by its
  /// bit pattern); empty otherwise.
  private let tableA, tableB: [Int32]
  /// The result for every byte pair (`a << 8 | b`), or empty.
  private let pairs: [UInt8]
  /// 8-bit MUL on the vector kernels: the kernel build and the output requantization; nil
  /// otherwise.
  private let product: (kernels: KernelSet, table: RequantizationStorage)?
  /// 8-bit ADD and SUB on the vector kernels: the kernel build, each operand's rescaling and
  /// the output's; nil otherwise.
  private let sum: QuantizedSumTables?

  private init(
    operation: BinaryOperation, type: TensorType, broadcast: Broadcast,
    arithmetic: QuantizedBinaryArithmetic?, kernels: KernelSet
  ) {
    self.operation = operation
    self.type = type
    self.broadcast = broadcast
    self.arithmetic = arithmetic
    product = Self.product(arithmetic, type: type, kernels: kernels)
    sum = QuantizedSumTables(arithmetic, type: type, kernels: kernels)
    guard let arithmetic, type != .int16, product == nil, sum == nil else {
      (tableA, tableB, pairs) = ([], [], [])
      return
    }
    let signed = type == .int8
    let tableA = arithmetic.operandA.byteTable(signed: signed)
    let tableB = arithmetic.operandB.byteTable(signed: signed)
    (self.tableA, self.tableB) = (tableA, tableB)
    guard broadcast.count >= Self.pairTableThreshold else {
      pairs = []
      return
    }
    pairs = (0..<65_536).map { pair in
      UInt8(truncatingIfNeeded: arithmetic.combine(tableA[pair >> 8], tableB[pair & 255]))
    }
  }

  /// The vector MUL's parts when `arithmetic` is an 8-bit MUL and `kernels` is not the reference
  /// build.
  private static func product(
    _ arithmetic: QuantizedBinaryArithmetic?, type: TensorType, kernels: KernelSet
  ) -> (kernels: KernelSet, table: RequantizationStorage)? {
    guard let arithmetic, arithmetic.operation == .multiply, type != .int16, !kernels.isReference
    else { return nil }
    let table = RequantizationStorage(
      arithmetic.output, outputOffset: arithmetic.outputOffset,
      range: arithmetic.lower...arithmetic.upper)
    return (kernels, table)
  }

  /// Builds the kernel for a node whose operands and result all have the quantized type of
  /// input 0 (checked by ``BinaryKernel``, which also checked that `operation` runs on it).
  static func make(
    _ node: inout NodeContext, _ operation: BinaryOperation, broadcast: Broadcast,
    fused: ActivationFunction
  ) throws(InterpreterError) -> any Kernel {
    let type = try node.input(0).type
    var arithmetic: QuantizedBinaryArithmetic? = nil
    if operation != .maximum && operation != .minimum {
      if type == .int16,
        let kernel = try Int16PowerOfTwoAddSubKernel.make(&node, operation, broadcast)
      {
        return kernel
      }
      arithmetic = try QuantizedBinaryArithmetic.make(operation, fused: fused, node: node)
    }
    try node.setOutputShape(0, broadcast.shape)
    return QuantizedBinaryKernel(
      operation: operation, type: type, broadcast: broadcast, arithmetic: arithmetic,
      kernels: node.kernels)
  }

  /// The output byte for each pair of input bytes, when this is 8-bit arithmetic on operands of
  /// one shape (no broadcasting); nil otherwise. Exactly what ``run(_:)`` computes per element.
  var elementFunction: ((_ a: UInt8, _ b: UInt8) -> UInt8)? {
    guard let arithmetic, type != .int16, broadcast.isFlat else { return nil }
    let signed = type == .int8
    let (tableA, tableB) = (
      arithmetic.operandA.byteTable(signed: signed), arithmetic.operandB.byteTable(signed: signed)
    )
    return { a, b in
      UInt8(truncatingIfNeeded: arithmetic.combine(tableA[Int(a)], tableB[Int(b)]))
    }
  }

  /// Elements of the output.
  var elementCount: Int { broadcast.count }

  func run(_ io: KernelIO) {
    guard let arithmetic else {
      switch type {
      case .uint8: compare(io, UInt8.self)
      case .int8: compare(io, Int8.self)
      default: compare(io, Int16.self)
      }
      return
    }
    if type == .int16 {
      broadcast.map(
        io.input(0, as: Int16.self), io.input(1, as: Int16.self),
        into: io.output(0, as: Int16.self), pool: io.pool, minimumChunk: 4096
      ) {
        Int16(
          truncatingIfNeeded: arithmetic.combine(
            arithmetic.operandA.apply(Int32($0)), arithmetic.operandB.apply(Int32($1))))
      }
      return
    }
    runBytes(io, arithmetic)
  }

  /// 8-bit arithmetic through the byte-pair table, or the per-input tables.
  private func runBytes(_ io: KernelIO, _ arithmetic: QuantizedBinaryArithmetic) {
    let a = io.input(0, as: UInt8.self)
    let b = io.input(1, as: UInt8.self)
    let out = io.output(0, as: UInt8.self)
    if let product {
      runProduct(io, product.kernels, product.table, arithmetic)
      return
    }
    if let sum {
      runSum(io, sum, arithmetic)
      return
    }
    if !pairs.isEmpty {
      pairs.withUnsafeBufferPointer { pairs in
        let pairs = pairs.baseAddress.unsafelyUnwrapped
        broadcast.map(a, b, into: out, pool: io.pool, minimumChunk: 16_384) {
          pairs[Int($0) << 8 | Int($1)]
        }
      }
      return
    }
    tableA.withUnsafeBufferPointer { tableA in
      tableB.withUnsafeBufferPointer { tableB in
        let tableA = tableA.baseAddress.unsafelyUnwrapped
        let tableB = tableB.baseAddress.unsafelyUnwrapped
        broadcast.map(a, b, into: out, pool: io.pool, minimumChunk: 4096) {
          UInt8(truncatingIfNeeded: arithmetic.combine(tableA[Int($0)], tableB[Int($1)]))
        }
      }
    }
  }

  /// 8-bit MUL on the vector kernels, one call per run of the innermost dimension (a flat
  /// operation is one run per thread's chunk).
  private func runProduct(
    _ io: KernelIO, _ kernels: KernelSet, _ table: RequantizationStorage,
    _ arithmetic: QuantizedBinaryArithmetic
  ) {
    let (a, b) = (io.input(0, as: UInt8.self), io.input(1, as: UInt8.self))
    let out = io.output(0, as: UInt8.self)
    let (multiply, requantization) = (kernels.entry.quantizedProduct, table.table(io))
    let steps = broadcast.isFlat ? (a: 1, b: 1) : broadcast.innerSteps
    let (signed, zeroA, zeroB) = (
      type == .int8, arithmetic.operandA.zeroPoint, arithmetic.operandB.zeroPoint
    )
    func operands(_ output: Int, _ i: Int, _ j: Int, _ count: Int) -> QuantizedProductOperands {
      (
        a: a + i, aStep: steps.a, b: b + j, bStep: steps.b, signed: signed, zeroA: zeroA,
        zeroB: zeroB, requantization: requantization, output: out + output, count: count,
        rows: 1, aRowStep: 0, bRowStep: 0, outputRowStep: 0
      )
    }
    if !broadcast.isFlat, let rows = broadcast.rowsOfRuns {
      // Rows of runs (a per-channel scale against every pixel): one call per chunk of rows.
      let length = broadcast.runLength
      io.pool.parallelFor(rows.rows, minimumChunk: max(1, Self.vectorChunk / max(length, 1))) {
        range in
        var o = operands(
          range.lowerBound * length, range.lowerBound * rows.stepA,
          range.lowerBound * rows.stepB, length)
        (o.rows, o.aRowStep, o.bRowStep, o.outputRowStep) = (
          range.count, rows.stepA, rows.stepB, length
        )
        multiply(o)
      }
      return
    }
    let flat = broadcast.isFlat
    io.pool.parallelFor(broadcast.count, minimumChunk: Self.vectorChunk) { range in
      func run(_ output: Int, _ i: Int, _ j: Int, _ count: Int) {
        multiply(operands(output, i, j, count))
      }
      if flat {
        run(range.lowerBound, range.lowerBound, range.lowerBound, range.count)
      } else {
        broadcast.forEachRun(in: range, run)
      }
    }
  }

  /// 8-bit ADD/SUB on the vector kernels, one call per run of the innermost dimension.
  private func runSum(
    _ io: KernelIO, _ sum: QuantizedSumTables, _ arithmetic: QuantizedBinaryArithmetic
  ) {
    let (a, b) = (io.input(0, as: UInt8.self), io.input(1, as: UInt8.self))
    let out = io.output(0, as: UInt8.self)
    let (add, scaleA, scaleB) = (sum.kernels.entry.quantizedSum, sum.a.table(io), sum.b.table(io))
    let requantization = sum.output.table(io)
    let steps = broadcast.isFlat ? (a: 1, b: 1) : broadcast.innerSteps
    let (signed, zeroA, zeroB) = (
      type == .int8, arithmetic.operandA.zeroPoint, arithmetic.operandB.zeroPoint
    )
    let (shift, subtract) = (Int32(arithmetic.operandA.leftShift), operation == .subtract)
    let flat = broadcast.isFlat
    io.pool.parallelFor(broadcast.count, minimumChunk: Self.vectorChunk) { range in
      func run(_ output: Int, _ i: Int, _ j: Int, _ count: Int) {
        add(
          (
            a: a + i, aStep: steps.a, b: b + j, bStep: steps.b, signed: signed, zeroA: zeroA,
            zeroB: zeroB, leftShift: shift, scaleA: scaleA, scaleB: scaleB, subtract: subtract,
            requantization: requantization, output: out + output, count: count
          ))
      }
      if flat {
        run(range.lowerBound, range.lowerBound, range.lowerBound, range.count)
      } else {
        broadcast.forEachRun(in: range, run)
      }
    }
  }

  /// MAXIMUM / MINIMUM of the stored values (`a > b ? a : b`, `a < b ? a : b`).
  private func compare<T: FixedWidthInteger>(_ io: KernelIO, _: T.Type) {
    let maximum = operation == .maximum
    broadcast.map(
      io.input(0, as: T.self), io.input(1, as: T.self), into: io.output(0, as: T.self),
      pool: io.pool
    ) { a, b in maximum ? (a > b ? a : b) : (a < b ? a : b) }
  }
}
