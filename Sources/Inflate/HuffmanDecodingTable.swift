/// Builds the lookup tables that decode DEFLATE Huffman codes.
///
/// A table is an array of `UInt32` entries indexed by the next `rootBits` input bits
/// (least significant bit first). Codes longer than `rootBits` go through a second-level
/// sub-table, reached from a root entry with ``subtableFlag``. Entry layout:
///
/// * bits 0–3: bits to consume for this entry (for a sub-table link: `rootBits`);
/// * bits 4–7: extra bits that follow (length/distance), or the sub-table's index bits;
/// * bits 8–11: flags (``literalFlag``, ``subtableFlag``, ``endOfBlockFlag``, ``invalidFlag``);
///   an entry with no flag is a length or distance base;
/// * bits 16–31: the literal byte, the length/distance base, the code-length symbol, the
///   invalid symbol (`0xFFFF` for an unassigned pattern), or the sub-table's start index.
enum HuffmanDecodingTable {
  /// The entry decodes a literal byte (bits 16–23).
  static let literalFlag: UInt32 = 0x100
  /// The entry links to a sub-table.
  static let subtableFlag: UInt32 = 0x200
  /// The entry decodes the end-of-block symbol 256.
  static let endOfBlockFlag: UInt32 = 0x400
  /// The entry decodes an invalid symbol or an unassigned bit pattern.
  static let invalidFlag: UInt32 = 0x800
  /// The value stored in an invalid entry for a bit pattern that has no code.
  static let unassignedSymbol: UInt32 = 0xFFFF

  /// Root index bits of the literal/length table.
  static let literalRootBits = 10
  /// Root index bits of the distance table.
  static let distanceRootBits = 8
  /// Root index bits of the code-length table (its codes are at most 7 bits long).
  static let codeLengthRootBits = 7

  /// Entries allocated for a literal/length table: the root plus a 32-entry sub-table for
  /// every one of at most 288 codes longer than the root (a loose upper bound).
  static let literalTableSize = (1 << literalRootBits) + 288 * (1 << (15 - literalRootBits))
  /// Entries allocated for a distance table (same reasoning, 32 codes).
  static let distanceTableSize = (1 << distanceRootBits) + 32 * (1 << (15 - distanceRootBits))
  /// Entries in a code-length table.
  static let codeLengthTableSize = 1 << codeLengthRootBits

  /// Entry templates (without the consumed-bit count) for literal/length symbols 0–287.
  static let literalLengthSymbols: [UInt32] = {
    let lengthBases: [UInt32] = [
      3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
      131, 163, 195, 227, 258,
    ]
    let lengthExtra: [UInt32] = [
      0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    var entries = [UInt32](repeating: 0, count: 288)
    for symbol in 0..<256 {
      entries[symbol] = literalFlag | (UInt32(symbol) << 16)
    }
    entries[256] = endOfBlockFlag | (256 << 16)
    for index in 0..<29 {
      entries[257 + index] = (lengthBases[index] << 16) | (lengthExtra[index] << 4)
    }
    entries[286] = invalidFlag | (286 << 16)
    entries[287] = invalidFlag | (287 << 16)
    return entries
  }()

  /// Entry templates for distance symbols 0–31.
  static let distanceSymbols: [UInt32] = {
    let bases: [UInt32] = [
      1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
      2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    var entries = [UInt32](repeating: 0, count: 32)
    for index in 0..<30 {
      let extra = index < 4 ? 0 : UInt32(index / 2 - 1)
      entries[index] = (bases[index] << 16) | (extra << 4)
    }
    entries[30] = invalidFlag | (30 << 16)
    entries[31] = invalidFlag | (31 << 16)
    return entries
  }()

  /// Entry templates for code-length symbols 0–18 (the symbol in bits 16–23).
  static let codeLengthSymbols: [UInt32] = (0..<19).map { UInt32($0) << 16 }

  /// The fixed literal/length table (RFC 1951 §3.2.6), built once.
  static let fixedLiteralTable: [UInt32] = {
    var lengths = [UInt8](repeating: 8, count: 288)
    for symbol in 144..<256 { lengths[symbol] = 9 }
    for symbol in 256..<280 { lengths[symbol] = 7 }
    var table = [UInt32](repeating: 0, count: literalTableSize)
    _ = build(
      lengths: lengths, templates: literalLengthSymbols, rootBits: literalRootBits, into: &table)
    return table
  }()

  /// The fixed distance table: 32 five-bit codes (30 and 31 decode as invalid).
  static let fixedDistanceTable: [UInt32] = {
    let lengths = [UInt8](repeating: 5, count: 32)
    var table = [UInt32](repeating: 0, count: distanceTableSize)
    _ = build(
      lengths: lengths, templates: distanceSymbols, rootBits: distanceRootBits, into: &table)
    return table
  }()

  /// The outcome of building a table from code lengths.
  enum BuildResult: Equatable {
    /// The code is complete (or the allowed incomplete single-code case).
    case complete
    /// Some lengths leave part of the code space unused, or no symbol has a code.
    case incomplete
    /// More codes than the code space holds.
    case oversubscribed
  }

  /// Fills `table` to decode the canonical Huffman code given by `lengths` (each 0–15).
  ///
  /// Symbols with length 0 get no code. Unused root entries decode as unassigned (invalid).
  /// Returns `.incomplete` also for a single one-bit code or no code at all; callers decide
  /// whether those are acceptable. `table` must hold the size documented for its kind.
  static func build(
    lengths: [UInt8], templates: [UInt32], rootBits: Int, into table: inout [UInt32]
  ) -> BuildResult {
    lengths.withUnsafeBufferPointer { lengths in
      templates.withUnsafeBufferPointer { templates in
        table.withUnsafeMutableBufferPointer { table in
          build(lengths: lengths, templates: templates, rootBits: rootBits, table: table)
        }
      }
    }
  }

  /// Pointer-based core of ``build(lengths:templates:rootBits:into:)``.
  static func build(
    lengths: UnsafeBufferPointer<UInt8>, templates: UnsafeBufferPointer<UInt32>, rootBits: Int,
    table: UnsafeMutableBufferPointer<UInt32>
  ) -> BuildResult {
    let rootSize = 1 << rootBits
    let symbolCount = min(lengths.count, templates.count)
    guard table.count >= rootSize else { return .oversubscribed }
    // Counts per code length, then the symbols sorted by (length, symbol).
    var counts = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &counts) { countBytes in
      let count = countBytes.bindMemory(to: Int.self)
      for symbol in 0..<symbolCount {
        count[Int(lengths[symbol] & 15)] += 1
      }
      count[0] = 0
      var maxLength = 0
      var left = 1
      for length in 1...15 {
        left <<= 1
        left -= count[length]
        if left < 0 { return .oversubscribed }
        if count[length] > 0 { maxLength = length }
      }
      let unassigned = invalidFlag | (unassignedSymbol << 16) | 1
      let result: BuildResult = left > 0 || maxLength == 0 ? .incomplete : .complete
      if result == .incomplete {
        // Only an incomplete code leaves entries unwritten; mark them as unassigned.
        for index in 0..<rootSize { table[index] = unassigned }
        if maxLength == 0 { return .incomplete }
      }
      return withUnsafeTemporaryAllocation(of: Int.self, capacity: 16 + 288) { scratch in
        // scratch[0..<16]: next sorted slot per length; scratch[16...]: sorted symbols.
        var offset = 0
        for length in 1...15 {
          scratch[length] = offset
          offset += count[length]
        }
        for symbol in 0..<symbolCount {
          let length = Int(lengths[symbol] & 15)
          if length > 0 {
            scratch[16 + scratch[length]] = symbol
            scratch[length] += 1
          }
        }
        var sortedIndex = 16
        var code = 0
        var currentPrefix = -1
        var subtableStart = 0
        var subtableBits = 0
        var nextFree = rootSize
        for length in 1...maxLength {
          for _ in 0..<count[length] {
            let symbol = scratch[sortedIndex]
            sortedIndex += 1
            let reversed = reverseBits(code, length)
            if length <= rootBits {
              let entry = templates[symbol] | UInt32(length)
              var index = reversed
              while index < rootSize {
                table[index] = entry
                index += 1 << length
              }
            } else {
              let prefix = reversed & (rootSize - 1)
              if prefix != currentPrefix {
                // Size the sub-table: grow until the codes still to place fill it.
                var bits = length - rootBits
                var slots = 1 << bits
                while bits + rootBits < maxLength {
                  slots -= count[bits + rootBits]
                  if slots <= 0 { break }
                  bits += 1
                  slots <<= 1
                }
                guard nextFree + (1 << bits) <= table.count else { return .oversubscribed }
                if result == .incomplete {
                  for index in nextFree..<(nextFree + (1 << bits)) { table[index] = unassigned }
                }
                table[prefix] =
                  subtableFlag | (UInt32(bits) << 4) | UInt32(rootBits) | (UInt32(nextFree) << 16)
                currentPrefix = prefix
                subtableStart = nextFree
                subtableBits = bits
                nextFree += 1 << bits
              }
              let entry = templates[symbol] | UInt32(length - rootBits)
              var index = reversed >> rootBits
              while index < (1 << subtableBits) {
                table[subtableStart + index] = entry
                index += 1 << (length - rootBits)
              }
            }
            // `count` doubles as "codes of this length not yet placed" for sub-table sizing.
            count[length] -= 1
            code += 1
          }
          code <<= 1
        }
        return result
      }
    }
  }

  /// Reverses the low `length` bits of `code`.
  @inline(__always)
  static func reverseBits(_ code: Int, _ length: Int) -> Int {
    var value = UInt16(truncatingIfNeeded: code)
    value = ((value & 0x5555) << 1) | ((value >> 1) & 0x5555)
    value = ((value & 0x3333) << 2) | ((value >> 2) & 0x3333)
    value = ((value & 0x0F0F) << 4) | ((value >> 4) & 0x0F0F)
    value = (value << 8) | (value >> 8)
    return Int(value >> (16 - length))
  }
}
