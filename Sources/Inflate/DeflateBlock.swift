/// The LZ77 symbols of one DEFLATE block being built, with their frequencies, and the
/// writing of the block in its cheapest form (dynamic Huffman, fixed Huffman or stored).
struct DeflateBlock {
  /// Literals as their byte value; matches as `0x8000_0000 | (length − 3) << 16 | (distance − 1)`.
  private var symbols: [UInt32]
  private var literalFrequencies = [Int](repeating: 0, count: 286)
  private var distanceFrequencies = [Int](repeating: 0, count: 30)
  private let capacity: Int

  /// Creates an empty block holding up to `capacity` symbols.
  init(capacity: Int) {
    self.capacity = capacity
    symbols = []
    symbols.reserveCapacity(capacity)
  }

  /// Whether the block has reached its symbol capacity.
  var isFull: Bool { symbols.count >= capacity }

  /// Empties the block.
  mutating func reset() {
    symbols.removeAll(keepingCapacity: true)
    for index in literalFrequencies.indices { literalFrequencies[index] = 0 }
    for index in distanceFrequencies.indices { distanceFrequencies[index] = 0 }
  }

  @inline(__always)
  mutating func addLiteral(_ byte: UInt8) {
    symbols.append(UInt32(byte))
    literalFrequencies[Int(byte)] += 1
  }

  /// Adds a match; `length` is 3...258, `distance` 1...32768.
  @inline(__always)
  mutating func addMatch(length: Int, distance: Int) {
    symbols.append(0x8000_0000 | UInt32(length - 3) << 16 | UInt32(distance - 1))
    literalFrequencies[257 + Int(DeflateTables.lengthCode[length - 3])] += 1
    distanceFrequencies[DeflateTables.distanceCode(distance - 1)] += 1
  }

  /// Writes the block; `source` is the uncompressed bytes it covers (for a stored block).
  func write(to writer: inout DeflateBitWriter, source: UnsafeRawBufferPointer, isFinal: Bool) {
    var literals = literalFrequencies
    literals[256] = 1
    let literalCode = DeflateHuffmanCode(frequencies: literals, maxLength: 15)
    let distanceCode = DeflateHuffmanCode(frequencies: distanceFrequencies, maxLength: 15)
    let header = DeflateDynamicHeader(
      literalLengths: literalCode.lengths, distanceLengths: distanceCode.lengths)

    let extraBits = extraBitCount()
    let dynamicBits =
      3 + header.bitCount + literalCode.cost(literals) + distanceCode.cost(distanceFrequencies)
      + extraBits
    let fixedBits =
      3 + DeflateTables.fixedLiteral.cost(literals)
      + DeflateTables.fixedDistance.cost(distanceFrequencies)
      + extraBits
    // A stored block: header bits, padding to a byte, and 4 length bytes per 65,535-byte piece.
    let storedPieces = max(1, (source.count + 65_534) / 65_535)
    let storedBits = (source.count + 4 * storedPieces) * 8 + 3 + 7

    let final: UInt32 = isFinal ? 1 : 0
    if storedBits < dynamicBits && storedBits < fixedBits {
      var offset = 0
      for piece in 0..<storedPieces {
        let length = min(65_535, source.count - offset)
        let last = isFinal && piece == storedPieces - 1
        writer.write(last ? 1 : 0, count: 3)
        writer.alignToByte()
        writer.appendAligned([
          UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF),
          UInt8((~length >> 8) & 0xFF),
        ])
        writer.appendAligned(UnsafeRawBufferPointer(rebasing: source[offset..<(offset + length)]))
        offset += length
      }
    } else if fixedBits <= dynamicBits {
      writer.write(final | 0b010, count: 3)
      writeSymbols(
        to: &writer, literal: DeflateTables.fixedLiteral, distance: DeflateTables.fixedDistance)
    } else {
      writer.write(final | 0b100, count: 3)
      header.write(to: &writer)
      writeSymbols(to: &writer, literal: literalCode, distance: distanceCode)
    }
  }

  /// The extra bits all matches of the block need.
  private func extraBitCount() -> Int {
    var total = 0
    for code in 0..<29 {
      total += literalFrequencies[257 + code] * Int(DeflateTables.lengthExtraBits[code])
    }
    for code in 0..<30 {
      total += distanceFrequencies[code] * Int(DeflateTables.distanceExtraBits[code])
    }
    return total
  }

  private func writeSymbols(
    to writer: inout DeflateBitWriter, literal: DeflateHuffmanCode, distance: DeflateHuffmanCode
  ) {
    literal.codes.withUnsafeBufferPointer { literalCodes in
      literal.lengths.withUnsafeBufferPointer { literalLengths in
        distance.codes.withUnsafeBufferPointer { distanceCodes in
          distance.lengths.withUnsafeBufferPointer { distanceLengths in
            for symbol in symbols {
              if symbol & 0x8000_0000 == 0 {
                let byte = Int(symbol)
                writer.write(UInt32(literalCodes[byte]), count: Int(literalLengths[byte]))
                continue
              }
              let lengthOffset = Int((symbol >> 16) & 0xFF)
              let distanceOffset = Int(symbol & 0xFFFF)
              let lengthCode = Int(DeflateTables.lengthCode[lengthOffset])
              writer.write(
                UInt32(literalCodes[257 + lengthCode]), count: Int(literalLengths[257 + lengthCode])
              )
              let lengthExtra = Int(DeflateTables.lengthExtraBits[lengthCode])
              if lengthExtra > 0 {
                writer.write(
                  UInt32(lengthOffset - Int(DeflateTables.matchLengthOffsetBase[lengthCode])),
                  count: lengthExtra)
              }
              let distanceCode = DeflateTables.distanceCode(distanceOffset)
              writer.write(
                UInt32(distanceCodes[distanceCode]), count: Int(distanceLengths[distanceCode]))
              let distanceExtra = Int(DeflateTables.distanceExtraBits[distanceCode])
              if distanceExtra > 0 {
                writer.write(
                  UInt32(distanceOffset - Int(DeflateTables.distanceOffsetBase[distanceCode])),
                  count: distanceExtra)
              }
            }
            // End of block.
            writer.write(UInt32(literalCodes[256]), count: Int(literalLengths[256]))
          }
        }
      }
    }
  }
}
