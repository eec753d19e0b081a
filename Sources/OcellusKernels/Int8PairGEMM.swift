#if OCELLUS_AVX2 || OCELLUS_AVX512
  import OcellusKernels

  /// ``Int8GEMM``'s integer GEMM for CPUs without 8-bit dot products (AVX2, AVX-512 without
  /// VNNI), on 16-bit pairs: `vpmaddwd` multiplies two 16-bit activations by two 16-bit
  /// weights and adds both products into one Int32 lane, and a plain add accumulates it.
  ///
  /// Same operands and the same results, bit for bit, as ``Int8GEMM`` (the activations XORed
  /// with `flip` or read as int8, the weights as the other operand, `rowFactor` times each
  /// row's byte sum added): every product and pair sum is exact in Int32 (|a|, |w| ≤ 255), and
  /// the sums wrap as TFLite's int32 accumulator does.
  ///
  /// Each tile of ``tileRows`` rows of A is widened once to 16 bits, padded with zeros to a
  /// multiple of four (``widenRows(_:count:k:signed:flip:from:)``), then multiplied by every
  /// panel; the micro-kernel broadcasts pairs of it from memory and widens the weights as it
  /// loads them. Packed weights: ``Int8GEMM``'s panels of 16 columns and groups of 64 bytes,
  /// each group's bytes reordered as two pairs of 32: column `j`'s weights `k = 4g, 4g + 1` at
  /// bytes `2j, 2j + 1` of the first, `k = 4g + 2, 4g + 3` at the same bytes of the second.
  enum Int8PairGEMM {
    /// Rows of A widened and multiplied together.
    static let tileRows = Int8GEMM.tileRows

    /// Bytes of the packed weights of `n` columns of depth `k`.
    static func packedCount(n: Int, k: Int) -> Int { Int8GEMM.packedCount(n: n, k: k) }

    /// Packs `n` columns of int8 weights into `packed` (``packedCount(n:k:)`` bytes) as
    /// ``Int8GEMM/pack(_:n:k:run:flip:into:)`` does, then reorders each group into its two
    /// pairs.
    static func pack(
      _ weights: UnsafePointer<Int8>, n: Int, k: Int, run: (length: Int, stride: Int),
      flip: UInt8, into packed: UnsafeMutablePointer<Int8>
    ) {
      Int8GEMM.pack(weights, n: n, k: k, run: run, flip: flip, into: packed)
      withUnsafeTemporaryAllocation(of: Int8.self, capacity: 64) { buffer in
        guard let group = buffer.baseAddress else { return }
        for start in stride(from: 0, to: packedCount(n: n, k: k), by: 64) {
          group.update(from: packed + start, count: 64)
          for column in 0..<16 {
            for byte in 0..<4 {
              // Bytes 0 and 1 go to the first pair, bytes 2 and 3 to the second.
              packed[start &+ (byte / 2) &* 32 &+ column &* 2 &+ byte % 2] =
                group[column &* 4 &+ byte]
            }
          }
        }
      }
    }

    /// The row depth as widened: `k` rounded up to a multiple of four.
    @inline(__always)
    static func widenedDepth(_ k: Int) -> Int { Int8GEMM.groups(k) &* 4 }

    /// Widens `count` rows of `k` bytes (row `i` at `row(i)`) to 16 bits at `wide` (row `i` at
    /// `wide + i · widenedDepth(k)`, zeros past `k`): int8 values when `signed`, else the bytes
    /// XORed with `flip` as unsigned ones.
    @inline(__always)
    static func widenRows(
      _ wide: UnsafeMutablePointer<Int16>, count: Int, k: Int, signed: Bool, flip: UInt8,
      from row: (Int) -> UnsafeRawPointer
    ) {
      let depth = widenedDepth(k)
      for i in 0..<count {
        widen(row(i), count: k, signed: signed, flip: flip, into: wide + i &* depth)
        for j in k..<depth { wide[i &* depth &+ j] = 0 }
      }
    }

    /// Widens `count` bytes at `source` to 16 bits at `target`: int8 values when `signed`,
    /// else the bytes XORed with `flip` as unsigned ones; 16 at a time.
    @inline(never)
    static func widen(
      _ source: UnsafeRawPointer, count: Int, signed: Bool, flip: UInt8,
      into target: UnsafeMutablePointer<Int16>
    ) {
      let flips = SIMD16<UInt8>(repeating: flip)
      let out = UnsafeMutableRawPointer(target)
      var j = 0
      while j &+ 16 <= count {
        let words =
          signed
          ? AVX2Words.widenSigned(source + j)
          : AVX2Words.widenUnsigned(
            source.loadUnaligned(fromByteOffset: j, as: SIMD16<UInt8>.self) ^ flips)
        out.storeBytes(of: words, toByteOffset: j &* 2, as: SIMD16<Int16>.self)
        j &+= 16
      }
      while j < count {
        let byte = source.load(fromByteOffset: j, as: UInt8.self)
        target[j] = signed ? Int16(Int8(bitPattern: byte)) : Int16(byte ^ flip)
        j &+= 1
      }
    }

    /// Runs rows `rows` × panels `panels` (both clipped to `m` rows and `n` columns) of a GEMM
    /// of depth `k` tile by tile, the weights signed when `signedWeights`, else unsigned:
    /// `widen(wide, firstRow, rowCount)` writes the tile's rows to `wide`
    /// (``widenRows(_:count:k:signed:flip:from:)``), and after each panel
    /// `finish(tile, firstRow, rowCount, firstColumn, columnCount)` takes its Int32 sums (16
    /// per row).
    @inline(__always)
    static func forEachTile(
      m: Int, n: Int, k: Int, rows: Range<Int>, panels: Range<Int>,
      packed: UnsafePointer<Int8>, signedWeights: Bool,
      widen: (UnsafeMutablePointer<Int16>, Int, Int) -> Void,
      finish: (UnsafeMutablePointer<Int32>, Int, Int, Int, Int) -> Void
    ) {
      let rows = rows.clamped(to: 0..<max(m, 0))
      let panels = panels.clamped(to: 0..<Int8GEMM.panelCount(n))
      guard !rows.isEmpty, !panels.isEmpty, k > 0 else { return }
      let depth = widenedDepth(k)
      let panelBytes = depth &* 16
      withUnsafeTemporaryAllocation(of: Int16.self, capacity: tileRows &* depth) { rowBuffer in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: tileRows &* 16) { tileBuffer in
          guard let wide = rowBuffer.baseAddress, let tile = tileBuffer.baseAddress else { return }
          var row = rows.lowerBound
          while row < rows.upperBound {
            let count = min(tileRows, rows.upperBound &- row)
            widen(wide, row, count)
            for panel in panels {
              let b = UnsafeRawPointer(packed + panel &* panelBytes)
              multiplyTile(
                wide, depth: depth, rows: count, b: b, signedWeights: signedWeights, tile: tile)
              let first = panel &* 16
              finish(tile, row, count, first, min(16, n &- first))
            }
            row &+= tileRows
          }
        }
      }
    }
  }
#endif
