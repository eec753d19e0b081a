extension InflateDecoder {
  /// What the Huffman hot loop reads but never changes while it decodes one run of a block:
  /// the tables, the output buffer and the facts errors need.
  struct HuffmanBlockContext {
    /// The literal/length table (see ``HuffmanDecodingTable``).
    let literals: UnsafePointer<UInt32>
    /// The distance table.
    let distances: UnsafePointer<UInt32>
    /// The output buffer, which is also the back-reference window.
    let output: UnsafeMutablePointer<UInt8>
    /// The bytes `output` can hold.
    let outputCapacity: Int
    /// Whether no more input will come (running out of it is then an error).
    let isFinal: Bool
    /// The absolute bit offset of this run's first input bit, for errors.
    let bitBase: Int
    /// The absolute byte offset of the end of this run's input, for errors.
    let inputEnd: Int

    /// Rewinds `bits` to `saved` and reports that more input is needed, or throws if none
    /// will come.
    @inline(__always)
    func needInput(_ bits: inout BitCursor, rewindingTo saved: BitCursor) throws(InflateError)
      -> HuffmanStatus
    {
      if isFinal { throw .unexpectedEndOfInput(byteOffset: inputEnd) }
      bits = saved
      return .needsInput
    }
  }
}
