/// An elementwise quantized op run through a table of every result, over tensors of any
/// shape: uint8/int8 through 256 bytes (see ``QuantizedActivationTable``): output byte =
/// table[input byte]; int16 through all 65,536 values (128 KiB), tabulated at load from the
/// exact per-value arithmetic. Tables are indexed by the stored bit pattern.
final class QuantizedLookupKernel: Kernel {
  static let sourceFile = #filePath
  /// The results, by stored bit pattern.
  private enum Table {
    case bytes([UInt8])
    case int16([Int16])
  }

  private let table: Table
  private let count: Int
  /// The build whose `byteLookup` runs the 8-bit tables; nil for int16.
  private let kernels: KernelSet?

  /// The 8-bit kernel: output byte for each input byte (an int8 value indexes by its bit
  /// pattern), looked up by `kernels`' `byteLookup`.
  init(table: [UInt8], count: Int, kernels: KernelSet) {
    precondition(table.count == 256, "a byte lookup table has 256 entries")
    self.table = .bytes(table)
    self.count = count
    self.kernels = kernels
  }

  /// The int16 kernel: `element` tabulated for every int16 value.
  init(count: Int, int16 element: (Int16) -> Int16) {
    table = .int16((0..<65_536).map { element(Int16(truncatingIfNeeded: $0)) })
    self.count = count
    kernels = nil
  }

  /// The 256-entry table of an 8-bit kernel; nil for int16.
  var byteTable: [UInt8]? {
    if case .bytes(let table) = table { return table }
    return nil
  }

  func run(_ io: KernelIO) {
    switch table {
    case .bytes(let table): lookUpBytes(io, table)
    case .int16(let table): lookUp(io, table, UInt16.self)
    }
  }

  /// Bytes a thread looks up at least (about 8 µs at the vector lookup's 30 GB/s: shorter
  /// ranges save less than handing the other half's lines to the other core costs).
  static let byteChunk = 1 << 18

  /// `output[i] = table[input[i]]` on the kernel build's byte lookup, in parallel chunks.
  private func lookUpBytes(_ io: KernelIO, _ table: [UInt8]) {
    guard let lookUp = kernels?.entry.byteLookup else { return }
    let (input, output) = (io.input(0, as: UInt8.self), io.output(0, as: UInt8.self))
    table.withUnsafeBufferPointer { table in
      let table = table.baseAddress.unsafelyUnwrapped
      io.pool.parallelFor(count, minimumChunk: Self.byteChunk) { range in
        lookUp(table, input + range.lowerBound, output + range.lowerBound, range.count)
      }
    }
  }

  /// `output[i] = table[input[i]]`, the input read as unsigned indices.
  private func lookUp<Index: FixedWidthInteger & UnsignedInteger, Value>(
    _ io: KernelIO, _ table: [Value], _: Index.Type
  ) {
    let input = io.input(0, as: Index.self)
    let output = io.output(0, as: Value.self)
    table.withUnsafeBufferPointer { table in
      let lookup = table.baseAddress.unsafelyUnwrapped
      io.pool.parallelFor(count, minimumChunk: 65_536) { range in
        for i in range { output[i] = lookup[Int(input[i])] }
      }
    }
  }
}
