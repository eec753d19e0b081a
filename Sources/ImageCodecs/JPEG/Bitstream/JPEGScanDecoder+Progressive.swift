extension JPEGScanDecoder {
  /// One block of an AC first scan (jdphuff.c `decode_mcu_AC_first`): coefficients Ss...Se
  /// scaled by 2^Al, or one block of a pending end-of-band run.
  @inline(__always)
  static func decodeACFirst(
    _ bits: inout JPEGBitReader, _ table: UnsafeRawPointer, _ block: UnsafeMutablePointer<Int16>,
    _ order: UnsafePointer<Int32>, start: Int, end: Int, shift: Int, endOfBandRun: inout Int
  ) {
    if endOfBandRun > 0 {
      endOfBandRun -= 1
      return
    }
    var k = start
    while k <= end {
      bits.ensure()
      let symbol = bits.decode(table)
      let run = symbol >> 4
      let size = symbol & 15
      if size != 0 {
        k += run
        let value = bits.receiveExtend(size)
        block[Int(order[k])] = Int16(truncatingIfNeeded: value &<< Int32(shift))
      } else if run == 15 {
        k += 15
      } else {
        var length = 1 << run
        if run != 0 {
          bits.ensure()
          length += bits.bits(run)
        }
        endOfBandRun = length - 1
        break
      }
      k += 1
    }
  }

  /// One block of an AC refinement scan (jdphuff.c `decode_mcu_AC_refine`): newly nonzero
  /// coefficients of magnitude 2^Al, and a correction bit for each already nonzero coefficient
  /// passed over, including those in the rest of the band under an end-of-band run.
  @inline(__always)
  static func decodeACRefine(
    _ bits: inout JPEGBitReader, _ table: UnsafeRawPointer, _ block: UnsafeMutablePointer<Int16>,
    _ order: UnsafePointer<Int32>, start: Int, end: Int, shift: Int, endOfBandRun: inout Int
  ) {
    let plusOne = Int16(truncatingIfNeeded: 1 << shift)
    let minusOne = Int16(truncatingIfNeeded: -1 << shift)
    var k = start
    if endOfBandRun == 0 {
      while k <= end {
        bits.ensure()
        let symbol = bits.decode(table)
        var run = symbol >> 4
        let size = symbol & 15
        var value: Int16 = 0
        if size != 0 {
          // The size should be 1; libjpeg only warns otherwise.
          value = bits.bit() ? plusOne : minusOne
        } else if run != 15 {
          endOfBandRun = 1 << run
          if run != 0 {
            bits.ensure()
            endOfBandRun += bits.bits(run)
          }
          break
        }
        // Pass over already-nonzero coefficients (correcting them) and `run` zero ones.
        repeat {
          let position = Int(order[k])
          let coefficient = block[position]
          if coefficient != 0 {
            bits.ensure()
            if bits.bit() && coefficient & plusOne == 0 {
              block[position] = coefficient >= 0 ? coefficient &+ plusOne : coefficient &+ minusOne
            }
          } else {
            run -= 1
            if run < 0 { break }
          }
          k += 1
        } while k <= end
        if size != 0 {
          block[Int(order[k])] = value
        }
        k += 1
      }
    }
    if endOfBandRun > 0 {
      while k <= end {
        let position = Int(order[k])
        let coefficient = block[position]
        if coefficient != 0 {
          bits.ensure()
          if bits.bit() && coefficient & plusOne == 0 {
            block[position] = coefficient >= 0 ? coefficient &+ plusOne : coefficient &+ minusOne
          }
        }
        k += 1
      }
      endOfBandRun -= 1
    }
  }
}
