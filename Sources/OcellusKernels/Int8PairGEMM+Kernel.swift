#if OCELLUS_AVX2 || OCELLUS_AVX512
  import OcellusKernels

  extension Int8PairGEMM {
    /// Rows of A per micro-kernel call: four rows of two 8-lane accumulators, the two widened
    /// weight vectors, a broadcast pair and a product fill 12 of the 16 ymm registers.
    static let kernelRows = 4

    /// The Int32 sums of `rows` (≤ ``tileRows``) widened rows at `wide` (`depth` values each,
    /// a multiple of four) against one packed panel at `b` (signed weights when
    /// `signedWeights`, else unsigned), into `tile` (16 per row).
    @inline(__always)
    static func multiplyTile(
      _ wide: UnsafeMutablePointer<Int16>, depth: Int, rows: Int, b: UnsafeRawPointer,
      signedWeights: Bool, tile: UnsafeMutablePointer<Int32>
    ) {
      var first = 0
      while first < rows {
        let (a, count) = (UnsafeRawPointer(wide + first &* depth), min(kernelRows, rows &- first))
        if signedWeights {
          kernel(a, depth: depth, rows: count, b: b, tile: tile + first &* 16) {
            AVX2Words.widenSigned($0)
          }
        } else {
          kernel(a, depth: depth, rows: count, b: b, tile: tile + first &* 16) {
            AVX2Words.widenUnsigned($0.loadUnaligned(as: SIMD16<UInt8>.self))
          }
        }
        first &+= kernelRows
      }
    }

    /// The micro-kernel: `rows` (≤ 4) widened rows from `a` (row `i` at `a + 2 · i · depth`)
    /// times one packed panel, pair by pair (`weights(p)` widens the 16 bytes at `p`), into
    /// rows `0 ..< rows` of `tile` (16 Int32 each). Rows past `rows` re-read row 0 and are not
    /// stored. A function of its own per weight type (`@inline(never)` on each
    /// specialization), so that its accumulators keep their registers.
    @inline(never)
    static func kernel(
      _ a: UnsafeRawPointer, depth: Int, rows: Int, b: UnsafeRawPointer,
      tile: UnsafeMutablePointer<Int32>, weights: (UnsafeRawPointer) -> SIMD16<Int16>
    ) {
      func row(_ i: Int) -> UnsafeRawPointer { a + (i < rows ? i &* depth &* 2 : 0) }
      let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3))
      var (s00, s01, s10, s11) = (SIMD8<Int32>(), SIMD8<Int32>(), SIMD8<Int32>(), SIMD8<Int32>())
      var (s20, s21, s30, s31) = (SIMD8<Int32>(), SIMD8<Int32>(), SIMD8<Int32>(), SIMD8<Int32>())
      var w = b
      var at = 0
      let end = depth &* 2
      while at < end {
        let (w0, w1) = (weights(w), weights(w + 16))
        var x = pair(r0, at)
        s00 &+= AVX2Words.multiplyAdd(x, w0)
        s01 &+= AVX2Words.multiplyAdd(x, w1)
        x = pair(r1, at)
        s10 &+= AVX2Words.multiplyAdd(x, w0)
        s11 &+= AVX2Words.multiplyAdd(x, w1)
        x = pair(r2, at)
        s20 &+= AVX2Words.multiplyAdd(x, w0)
        s21 &+= AVX2Words.multiplyAdd(x, w1)
        x = pair(r3, at)
        s30 &+= AVX2Words.multiplyAdd(x, w0)
        s31 &+= AVX2Words.multiplyAdd(x, w1)
        w += 32
        at &+= 4
      }
      store(s00, s01, row: 0, rows: rows, tile)
      store(s10, s11, row: 1, rows: rows, tile)
      store(s20, s21, row: 2, rows: rows, tile)
      store(s30, s31, row: 3, rows: rows, tile)
    }

    /// The two 16-bit values at byte `at` of `row`, in every pair of lanes.
    @inline(__always)
    static func pair(_ row: UnsafeRawPointer, _ at: Int) -> SIMD16<Int16> {
      unsafeBitCast(
        SIMD8<Int32>(repeating: row.loadUnaligned(fromByteOffset: at, as: Int32.self)),
        to: SIMD16<Int16>.self)
    }

    /// Stores a row's two halves at row `row` of `tile` when `row < rows`.
    @inline(__always)
    static func store(
      _ low: SIMD8<Int32>, _ high: SIMD8<Int32>, row: Int, rows: Int,
      _ tile: UnsafeMutablePointer<Int32>
    ) {
      guard row < rows else { return }
      UnsafeMutableRawPointer(tile + row &* 16).storeBytes(
        of: SIMD16(lowHalf: low, highHalf: high), as: SIMD16<Int32>.self)
    }
  }
#endif
