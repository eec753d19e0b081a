/// An elementwise uint8/int8 op run through a 256-entry table (see ``QuantizedActivationTable``):
/// output byte = table[input byte], over tensors of any shape.
final class QuantizedLookupKernel: Kernel {
  /// Output byte for each input byte (an int8 value indexes by its bit pattern).
  private let table: [UInt8]
  private let count: Int

  init(table: [UInt8], count: Int) {
    precondition(table.count == 256, "a byte lookup table has 256 entries")
    self.table = table
    self.count = count
  }

  func run(_ io: KernelIO) {
    let input = io.input(0, as: UInt8.self)
    let output = io.output(0, as: UInt8.self)
    table.withUnsafeBufferPointer { table in
      let lookup = table.baseAddress.unsafelyUnwrapped
      io.pool.parallelFor(count, minimumChunk: 65_536) { range in
        for i in range { output[i] = lookup[Int(input[i])] }
      }
    }
  }
}
