/// A canonical, length-limited Huffman code for the DEFLATE encoder.
struct DeflateHuffmanCode {
  /// The code length of each symbol in bits (0 = unused).
  var lengths: [UInt8]
  /// Each symbol's code, bit-reversed so that it can be written least-significant bit first.
  var codes: [UInt16]

  /// Builds a code for `frequencies` with no code longer than `maxLength` bits.
  ///
  /// At least two symbols get codes (a lone used symbol is paired with another), so that
  /// every code is complete, as zlib does.
  init(frequencies: [Int], maxLength: Int) {
    let count = frequencies.count
    var used = (0..<count).filter { frequencies[$0] > 0 }
    var weights = frequencies
    if used.count < 2 {
      for symbol in 0..<count where used.count < 2 && !used.contains(symbol) {
        used.append(symbol)
        weights[symbol] = 1
      }
      used.sort()
    }
    // Leaves sorted by weight ascending (ties by symbol, for determinism).
    let leaves = used.sorted { weights[$0] != weights[$1] ? weights[$0] < weights[$1] : $0 < $1 }
    // Two-queue Huffman construction: internal nodes are created in non-decreasing weight order.
    let leafCount = leaves.count
    var nodeWeight = [Int](repeating: 0, count: 2 * leafCount)
    var parent = [Int](repeating: -1, count: 2 * leafCount)
    for (index, symbol) in leaves.enumerated() { nodeWeight[index] = weights[symbol] }
    var nextLeaf = 0
    var nextInternal = leafCount
    var created = leafCount
    func takeSmallest() -> Int {
      if nextLeaf < leafCount
        && (nextInternal >= created || nodeWeight[nextLeaf] <= nodeWeight[nextInternal])
      {
        nextLeaf += 1
        return nextLeaf - 1
      }
      nextInternal += 1
      return nextInternal - 1
    }
    while created < 2 * leafCount - 1 {
      let first = takeSmallest()
      let second = takeSmallest()
      nodeWeight[created] = nodeWeight[first] + nodeWeight[second]
      parent[first] = created
      parent[second] = created
      created += 1
    }
    // Depths: the root is the last node; parents come after their children.
    var depth = [Int](repeating: 0, count: 2 * leafCount)
    if created >= 2 {
      for node in stride(from: created - 2, through: 0, by: -1) {
        depth[node] = depth[parent[node]] + 1
      }
    }
    // Count codes per length, folding over-long codes into maxLength and repairing the Kraft sum.
    var lengthCounts = [Int](repeating: 0, count: max(maxLength, 1) + 1)
    for leaf in 0..<leafCount { lengthCounts[min(depth[leaf], maxLength)] += 1 }
    var kraft = 0
    for length in 1...maxLength { kraft += lengthCounts[length] << (maxLength - length) }
    while kraft > 1 << maxLength {
      // Lengthen one code: take a code of the longest length below the limit and split it.
      lengthCounts[maxLength] -= 1
      for length in stride(from: maxLength - 1, through: 1, by: -1) where lengthCounts[length] > 0 {
        lengthCounts[length] -= 1
        lengthCounts[length + 1] += 2
        break
      }
      kraft -= 1
    }
    // Assign lengths: the heaviest symbols (end of `leaves`) get the shortest codes.
    var lengths = [UInt8](repeating: 0, count: count)
    var leaf = leafCount - 1
    for length in 1...maxLength {
      for _ in 0..<lengthCounts[length] where leaf >= 0 {
        lengths[leaves[leaf]] = UInt8(length)
        leaf -= 1
      }
    }
    self.lengths = lengths
    codes = DeflateHuffmanCode.canonicalCodes(lengths: lengths)
  }

  /// The fixed literal/length (288 symbols) or distance (32 symbols) code of RFC 1951 3.2.6.
  init(fixedLengths: [UInt8]) {
    lengths = fixedLengths
    codes = DeflateHuffmanCode.canonicalCodes(lengths: fixedLengths)
  }

  /// Canonical codes for `lengths` (RFC 1951 3.2.2), bit-reversed.
  static func canonicalCodes(lengths: [UInt8]) -> [UInt16] {
    var lengthCounts = [Int](repeating: 0, count: 16)
    for length in lengths where length > 0 { lengthCounts[Int(length)] += 1 }
    var next = [Int](repeating: 0, count: 16)
    var code = 0
    for bits in 1...15 {
      code = (code + lengthCounts[bits - 1]) << 1
      next[bits] = code
    }
    var codes = [UInt16](repeating: 0, count: lengths.count)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      let value = next[Int(length)]
      next[Int(length)] += 1
      var reversed = 0
      for bit in 0..<Int(length) where value & (1 << bit) != 0 {
        reversed |= 1 << (Int(length) - 1 - bit)
      }
      codes[symbol] = UInt16(reversed)
    }
    return codes
  }

  /// The number of bits `frequencies` cost with this code.
  func cost(_ frequencies: [Int]) -> Int {
    var total = 0
    for (symbol, frequency) in frequencies.enumerated() {
      total += frequency * Int(lengths[symbol])
    }
    return total
  }
}
