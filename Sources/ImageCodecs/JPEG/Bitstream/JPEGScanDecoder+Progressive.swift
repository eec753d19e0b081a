extension JPEGScanDecoder {
  /// One block of an AC first scan (jdphuff.c `decode_mcu_AC_first`): coefficients Ss...Se
  /// scaled by 2^Al, or one block of a pending end-of-band run.
  @inline(__always)
  static func decodeACFirst(
    _ bits: inout JPEGBitReader, _ table: UnsafeRawPointer, _ block: UnsafeMutablePointer<Int16>,
    _ order: UnsafePointer<Int32>, band: (start: Int, end: Int, shift: Int),
    endOfBandRun: inout Int
  ) {
    if endOfBandRun > 0 {
      endOfBandRun -= 1
      return
    }
    var k = band.start
    while k <= band.end {
      bits.ensure()
      let symbol = bits.decode(table)
      let run = symbol >> 4
      let size = symbol & 15
      if size != 0 {
        k += run
        let value = bits.receiveExtend(size)
        block[Int(order[k])] = Int16(truncatingIfNeeded: value &<< Int32(band.shift))
      } else if run == 15 {
        k += 15
      } else {
        endOfBandRun = endOfBandLength(&bits, run: run) - 1
        break
      }
      k += 1
    }
  }

  /// One block of an AC refinement scan (jdphuff.c `decode_mcu_AC_refine`): newly nonzero
  /// coefficients of magnitude 2^Al, and a correction bit for each already nonzero coefficient
  /// passed over, including those in the rest of the band under an end-of-band run (found
  /// through `masks`: refining keeps nonzero coefficients nonzero, so the set is known up
  /// front and visited in zigzag order, as libjpeg's loop visits it).
  @inline(__always)
  static func decodeACRefine(
    _ bits: inout JPEGBitReader, _ table: UnsafeRawPointer, _ block: UnsafeMutablePointer<Int16>,
    _ order: UnsafePointer<Int32>, _ masks: JPEGRefinementMasks,
    band: (start: Int, end: Int, shift: Int), endOfBandRun: inout Int
  ) {
    let plusOne = Int16(truncatingIfNeeded: 1 << band.shift)
    let minusOne = Int16(truncatingIfNeeded: -1 << band.shift)
    var k = band.start
    if endOfBandRun == 0 {
      while k <= band.end {
        bits.ensure()
        let symbol = bits.decode(table)
        var run = symbol >> 4
        let size = symbol & 15
        var value: Int16 = 0
        if size != 0 {
          // The size should be 1; libjpeg only warns otherwise.
          value = bits.bit() ? plusOne : minusOne
        } else if run != 15 {
          endOfBandRun = endOfBandLength(&bits, run: run)
          break
        }
        // Pass over already-nonzero coefficients (correcting them) and `run` zero ones.
        repeat {
          let position = Int(order[k])
          if block[position] != 0 {
            refine(&block[position], &bits, plusOne: plusOne, minusOne: minusOne)
          } else {
            run -= 1
            if run < 0 { break }
          }
          k += 1
        } while k <= band.end
        if size != 0 {
          block[Int(order[k])] = value
        }
        k += 1
      }
    }
    if endOfBandRun > 0 {
      if k <= band.end {
        var nonzero = masks.nonzero(block, from: k, through: band.end)
        while nonzero != 0 {
          let position = Int(order[nonzero.trailingZeroBitCount])
          refine(&block[position], &bits, plusOne: plusOne, minusOne: minusOne)
          nonzero &= nonzero &- 1
        }
      }
      endOfBandRun -= 1
    }
  }

  /// The length of an end-of-band run coded with `run` (0...14): 2^run plus `run` more bits.
  @inline(__always)
  static func endOfBandLength(_ bits: inout JPEGBitReader, run: Int) -> Int {
    var length = 1 << run
    if run != 0 {
      bits.ensure()
      length += bits.bits(run)
    }
    return length
  }

  /// Reads the correction bit of an already nonzero `coefficient` and, when set and the bit
  /// at `plusOne` is still clear, moves the coefficient away from zero by one step.
  @inline(__always)
  static func refine(
    _ coefficient: inout Int16, _ bits: inout JPEGBitReader, plusOne: Int16, minusOne: Int16
  ) {
    bits.ensure()
    if bits.bit() && coefficient & plusOne == 0 {
      coefficient = coefficient >= 0 ? coefficient &+ plusOne : coefficient &+ minusOne
    }
  }
}
