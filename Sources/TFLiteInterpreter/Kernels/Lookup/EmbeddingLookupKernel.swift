import TFLiteModel

/// EMBEDDING_LOOKUP: output row `i` is row `lookup[i]` of the table (`[rows, …]`), as TFLite's
/// `embedding_lookup.cc`. Tables of the output's type are copied byte for byte (any type);
/// an int8 or uint8 table with a float32 output is dequantized on the fly (hybrid): the stored
/// byte read as int8 (as TFLite reads it) times the table's scale, or the row's scale when
/// the table is quantized per row (zero points must be 0).
///
/// An index outside the table, which TFLite reports as an error at run time, yields a row of
/// zeros here (kernels cannot fail while running).
final class EmbeddingLookupKernel: Kernel {
  static let sourceFile = #filePath

  private let rows: Int
  /// Bytes per table row (copy) or values per row (dequantize).
  private let rowBytes, columns, lookups: Int
  /// Per-row (or a single) scale for hybrid tables; nil for copies.
  private let scales: [Float]?

  private init(rows: Int, rowBytes: Int, columns: Int, lookups: Int, scales: [Float]?) {
    (self.rows, self.rowBytes, self.columns, self.lookups) = (rows, rowBytes, columns, lookups)
    self.scales = scales
  }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    try node.expect(inputs: 2, outputs: 1)
    let (lookup, table) = (try node.input(0), try node.input(1))
    guard lookup.type == .int32, lookup.shape.count == 1 else {
      throw node.unsupported(
        "the lookup must be a 1-D int32 tensor, found \(lookup.type) \(lookup.shape)")
    }
    guard table.shape.count >= 2,
      let columns = ConvolutionGeometry.product(Array(table.shape.dropFirst())),
      ConvolutionGeometry.product([lookup.shape[0], columns]) != nil
    else {
      throw node.invalid(
        "the table must have rank 2 or more with a size that fits, found \(table.shape)")
    }
    let output = node.outputs[0]
    try node.setOutputShape(0, [lookup.shape[0]] + table.shape.dropFirst())
    var scales: [Float]? = nil
    if output.type != table.type {
      guard output.type == .float32, table.type == .int8 || table.type == .uint8 else {
        throw node.unsupported(
          "EMBEDDING_LOOKUP copies rows of the output's type or dequantizes int8/uint8 rows to float32"
        )
      }
      let quantization = table.quantization
      let tableScales = quantization?.scales ?? []
      guard tableScales.count == 1 || tableScales.count == table.shape[0],
        (quantization?.zeroPoints ?? []).allSatisfy({ $0 == 0 }),
        tableScales.count == 1 || quantization?.quantizedDimension == 0
      else {
        throw node.invalid(
          "the quantized table needs one scale or one per row (dimension 0) and zero points of 0")
      }
      scales = tableScales
    }
    guard let elementSize = table.type.byteSize else {
      throw node.unsupported("tables of type \(table.type) are not supported")
    }
    return EmbeddingLookupKernel(
      rows: table.shape[0], rowBytes: columns * elementSize, columns: columns,
      lookups: lookup.shape[0], scales: scales)
  }

  func run(_ io: KernelIO) {
    let lookup = io.input(0, as: Int32.self)
    let table = io.input(1, as: UInt8.self)
    let output = io.outputs[0]
    let outputRowBytes = scales == nil ? rowBytes : columns * MemoryLayout<Float>.size
    for i in 0..<lookups {
      let target = output + i * outputRowBytes
      let index = Int(lookup[i])
      guard (0..<rows).contains(index) else {
        target.initializeMemory(as: UInt8.self, repeating: 0, count: outputRowBytes)
        continue
      }
      let row = table + index * rowBytes
      guard let scales else {
        target.copyMemory(from: row, byteCount: rowBytes)
        continue
      }
      let scale = scales.count == 1 ? scales[0] : scales[index]
      let values = target.assumingMemoryBound(to: Float.self)
      for j in 0..<columns { values[j] = Float(Int8(bitPattern: row[j])) * scale }
    }
  }
}
