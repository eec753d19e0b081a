/// The header of a dynamic-Huffman DEFLATE block: the code lengths of both codes,
/// run-length encoded (symbols 16, 17, 18) and Huffman coded (RFC 1951 3.2.7).
struct DeflateDynamicHeader {
  private let literalCount, distanceCount: Int
  /// Run-length symbols: the symbol (0...18) in the low byte, its extra-bit value above.
  private let runs: [UInt16]
  private let code: DeflateHuffmanCode
  private let storedCodeLengthCount: Int

  init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
    var literalCount = 286
    while literalCount > 257 && literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
    var distanceCount = 30
    while distanceCount > 1 && distanceLengths[distanceCount - 1] == 0 { distanceCount -= 1 }
    self.literalCount = literalCount
    self.distanceCount = distanceCount
    let all = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])
    var runs: [UInt16] = []
    var frequencies = [Int](repeating: 0, count: 19)
    var index = 0
    while index < all.count {
      let value = all[index]
      var run = 1
      while index + run < all.count && all[index + run] == value { run += 1 }
      var remaining = run
      if value == 0 {
        while remaining >= 11 {
          let take = min(remaining, 138)
          runs.append(18 | UInt16(take - 11) << 8)
          frequencies[18] += 1
          remaining -= take
        }
        if remaining >= 3 {
          runs.append(17 | UInt16(remaining - 3) << 8)
          frequencies[17] += 1
          remaining = 0
        }
      } else {
        runs.append(UInt16(value))
        frequencies[Int(value)] += 1
        remaining -= 1
        while remaining >= 3 {
          let take = min(remaining, 6)
          runs.append(16 | UInt16(take - 3) << 8)
          frequencies[16] += 1
          remaining -= take
        }
      }
      for _ in 0..<remaining {
        runs.append(UInt16(value))
        frequencies[Int(value)] += 1
      }
      index += run
    }
    self.runs = runs
    code = DeflateHuffmanCode(frequencies: frequencies, maxLength: 7)
    var stored = 19
    while stored > 4 && code.lengths[DeflateTables.codeLengthOrder[stored - 1]] == 0 { stored -= 1 }
    storedCodeLengthCount = stored
  }

  /// The header's size in bits (after the 3 block-type bits).
  var bitCount: Int {
    var total = 5 + 5 + 4 + 3 * storedCodeLengthCount
    for run in runs {
      let symbol = Int(run & 0xFF)
      total +=
        Int(code.lengths[symbol]) + (symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0)
    }
    return total
  }

  func write(to writer: inout DeflateBitWriter) {
    writer.write(UInt32(literalCount - 257), count: 5)
    writer.write(UInt32(distanceCount - 1), count: 5)
    writer.write(UInt32(storedCodeLengthCount - 4), count: 4)
    for position in 0..<storedCodeLengthCount {
      writer.write(UInt32(code.lengths[DeflateTables.codeLengthOrder[position]]), count: 3)
    }
    for run in runs {
      let symbol = Int(run & 0xFF)
      writer.write(UInt32(code.codes[symbol]), count: Int(code.lengths[symbol]))
      switch symbol {
      case 16: writer.write(UInt32(run >> 8), count: 2)
      case 17: writer.write(UInt32(run >> 8), count: 3)
      case 18: writer.write(UInt32(run >> 8), count: 7)
      default: break
      }
    }
  }
}
