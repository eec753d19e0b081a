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
  /// The flags that make a literal/length entry neither a literal nor a length: end of block,
  /// or invalid.
  static let specialFlags = endOfBlockFlag | invalidFlag
  /// The value stored in an invalid entry for a bit pattern that has no code.
  static let unassignedSymbol: UInt32 = 0xFFFF

  /// Root index bits of the literal/length table.
  static let literalRootBits = 10
  /// Root index bits of the distance table.
  static let distanceRootBits = 8
  /// The mask of the literal/length table's root index bits.
  static let literalRootMask = UInt64((1 << literalRootBits) - 1)
  /// The mask of the distance table's root index bits.
  static let distanceRootMask = UInt64((1 << distanceRootBits) - 1)
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
    var entries = [UInt32](repeating: 0, count: 288)
    for symbol in 0..<256 {
      entries[symbol] = literalFlag | (UInt32(symbol) << 16)
    }
    entries[256] = endOfBlockFlag | (256 << 16)
    for index in 0..<29 {
      entries[257 + index] =
        UInt32(DeflateTables.lengthBase[index]) << 16
        | UInt32(DeflateTables.lengthExtraBits[index]) << 4
    }
    entries[286] = invalidFlag | (286 << 16)
    entries[287] = invalidFlag | (287 << 16)
    return entries
  }()

  /// Entry templates for distance symbols 0–31.
  static let distanceSymbols: [UInt32] = {
    var entries = [UInt32](repeating: 0, count: 32)
    for index in 0..<30 {
      entries[index] =
        UInt32(DeflateTables.distanceBase[index]) << 16
        | UInt32(DeflateTables.distanceExtraBits[index]) << 4
    }
    entries[30] = invalidFlag | (30 << 16)
    entries[31] = invalidFlag | (31 << 16)
    return entries
  }()

  /// Entry templates for code-length symbols 0–18 (the symbol in bits 16–23).
  static let codeLengthSymbols: [UInt32] = (0..<19).map { UInt32($0) << 16 }

  /// The fixed literal/length table (RFC 1951 §3.2.6), built once.
  static let fixedLiteralTable = fixedTable(
    lengths: DeflateTables.fixedLiteralLengths, templates: literalLengthSymbols,
    rootBits: literalRootBits, size: literalTableSize)

  /// The fixed distance table: 32 five-bit codes (30 and 31 decode as invalid).
  static let fixedDistanceTable = fixedTable(
    lengths: DeflateTables.fixedDistanceLengths, templates: distanceSymbols,
    rootBits: distanceRootBits, size: distanceTableSize)

  /// A table of `size` entries for the fixed code `lengths`.
  private static func fixedTable(lengths: [UInt8], templates: [UInt32], rootBits: Int, size: Int)
    -> [UInt32]
  {
    var table = [UInt32](repeating: 0, count: size)
    _ = build(lengths: lengths, templates: templates, rootBits: rootBits, into: &table)
    return table
  }

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
    // scratch[0..<16]: codes per length; [16..<32]: next sorted slot per length;
    // [32...]: the symbols sorted by (length, symbol).
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 32 + 288) { scratch in
      let count = scratch.baseAddress.unsafelyUnwrapped
      count.initialize(repeating: 0, count: 16)
      for symbol in 0..<symbolCount {
        count[Int(lengths[symbol] & 15)] += 1
      }
      count[0] = 0
      guard let (result, maxLength) = classify(count) else { return .oversubscribed }
      let markUnassigned = result == .incomplete
      if markUnassigned {
        // Only an incomplete code leaves entries unwritten; mark them as unassigned.
        fillUnassigned(table, 0..<rootSize)
        if maxLength == 0 { return .incomplete }
      }
      let sorted = count + 32
      sortSymbols(lengths, symbolCount, count: count, next: count + 16, into: sorted)
      let fits = place(
        sorted, count: count, maxLength: maxLength, templates: templates, rootBits: rootBits,
        markUnassigned: markUnassigned, table: table)
      return fits ? result : .oversubscribed
    }
  }

  /// Whether the codes counted per length in `count[1...15]` are complete or incomplete (nil
  /// when they over-subscribe the code space), and the longest length used (0 for none).
  private static func classify(_ count: UnsafePointer<Int>) -> (BuildResult, Int)? {
    var maxLength = 0
    var left = 1
    for length in 1...15 {
      left <<= 1
      left -= count[length]
      if left < 0 { return nil }
      if count[length] > 0 { maxLength = length }
    }
    return (left > 0 || maxLength == 0 ? .incomplete : .complete, maxLength)
  }

  /// Writes the symbols with a code into `sorted`, ordered by (length, symbol); `next[1...15]`
  /// is scratch for the next slot of each length.
  private static func sortSymbols(
    _ lengths: UnsafeBufferPointer<UInt8>, _ symbolCount: Int, count: UnsafePointer<Int>,
    next: UnsafeMutablePointer<Int>, into sorted: UnsafeMutablePointer<Int>
  ) {
    var offset = 0
    for length in 1...15 {
      next[length] = offset
      offset += count[length]
    }
    for symbol in 0..<symbolCount {
      let length = Int(lengths[symbol] & 15)
      if length > 0 {
        sorted[next[length]] = symbol
        next[length] += 1
      }
    }
  }

  /// Writes the entry of every sorted symbol in canonical code order, opening a sub-table for
  /// each new root prefix of a code longer than `rootBits`. Consumes `count` (it doubles as
  /// "codes of this length not yet placed" for sub-table sizing). Returns false when the
  /// sub-tables do not fit in `table`.
  private static func place(
    _ sorted: UnsafePointer<Int>, count: UnsafeMutablePointer<Int>, maxLength: Int,
    templates: UnsafeBufferPointer<UInt32>, rootBits: Int, markUnassigned: Bool,
    table: UnsafeMutableBufferPointer<UInt32>
  ) -> Bool {
    let rootSize = 1 << rootBits
    let base = table.baseAddress.unsafelyUnwrapped
    var sortedIndex = 0
    var code = 0
    var currentPrefix = -1
    var subtableStart = 0
    var subtableBits = 0
    var nextFree = rootSize
    for length in 1...maxLength {
      for _ in 0..<count[length] {
        let symbol = sorted[sortedIndex]
        sortedIndex += 1
        let reversed = reverseBits(code, length)
        if length <= rootBits {
          replicate(
            templates[symbol] | UInt32(length), base, at: reversed, step: 1 << length, end: rootSize
          )
        } else {
          let prefix = reversed & (rootSize - 1)
          if prefix != currentPrefix {
            let bits = subtableIndexBits(
              length: length, rootBits: rootBits, maxLength: maxLength, count)
            guard nextFree + (1 << bits) <= table.count else { return false }
            if markUnassigned { fillUnassigned(table, nextFree..<(nextFree + (1 << bits))) }
            table[prefix] =
              subtableFlag | (UInt32(bits) << 4) | UInt32(rootBits) | (UInt32(nextFree) << 16)
            currentPrefix = prefix
            subtableStart = nextFree
            subtableBits = bits
            nextFree += 1 << bits
          }
          replicate(
            templates[symbol] | UInt32(length - rootBits), base + subtableStart,
            at: reversed >> rootBits, step: 1 << (length - rootBits), end: 1 << subtableBits)
        }
        count[length] -= 1
        code += 1
      }
      code <<= 1
    }
    return true
  }

  /// The index bits of a sub-table whose first code is `length` bits long: grown until the
  /// codes still to place (`count`) fill it.
  private static func subtableIndexBits(
    length: Int, rootBits: Int, maxLength: Int, _ count: UnsafePointer<Int>
  ) -> Int {
    var bits = length - rootBits
    var slots = 1 << bits
    while bits + rootBits < maxLength {
      slots -= count[bits + rootBits]
      if slots <= 0 { break }
      bits += 1
      slots <<= 1
    }
    return bits
  }

  /// Writes `entry` at `index`, `index + step`, … below `end` of `table`.
  @inline(__always)
  private static func replicate(
    _ entry: UInt32, _ table: UnsafeMutablePointer<UInt32>, at index: Int, step: Int, end: Int
  ) {
    var index = index
    while index < end {
      table[index] = entry
      index += step
    }
  }

  /// Marks the entries of `range` as decoding an unassigned bit pattern.
  private static func fillUnassigned(
    _ table: UnsafeMutableBufferPointer<UInt32>, _ range: Range<Int>
  ) {
    let unassigned = invalidFlag | (unassignedSymbol << 16) | 1
    for index in range { table[index] = unassigned }
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
