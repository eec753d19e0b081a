#if OCELLUS_AVX2 || OCELLUS_AVX512
  import OcellusKernels

  extension Int8PairGEMM {
    /// Sets the int8 GEMM's entries (`int8PackedCount`, `int8Pack`, `int8Multiply`,
    /// `int8MultiplyIndirect`, `int8Sums`) to this type's.
    static func plug(into entries: inout KernelEntryPoints) {
      entries.int8PackedCount = { packedCount(n: $0, k: $1) }
      entries.int8Pack = { pack($0, n: $1, k: $2, run: $3, flip: $4, into: $5) }
      entries.int8MultiplyIndirect = { multiplyIndirect($0, rows: $1, panels: $2) }
      entries.int8Multiply = { multiply($0, rows: $1, panels: $2) }
      entries.int8Sums = { sums($0, rows: $1, panels: $2) }
    }

    /// ``Int8GEMM/multiply(_:rows:panels:)`` on 16-bit pairs: the same outputs.
    @inline(never)
    static func multiply(_ o: Int8GEMMOperands, rows: Range<Int>, panels: Range<Int>) {
      let (signed, flip) = (o.signedActivations, UInt8(truncatingIfNeeded: o.flip))
      var terms = SIMD8<Int32>()
      forEachTile(
        m: o.m, n: o.n, k: o.k, rows: rows, panels: panels, packed: o.packed,
        signedWeights: !signed,
        widen: { wide, row, count in
          let a = UnsafeRawPointer(o.a + row &* o.lda)
          widenRows(wide, count: count, k: o.k, signed: signed, flip: flip) { a + $0 &* o.lda }
          terms = Int8GEMM.rowTerms(o.rowFactor, signed: signed, rows: count, count: o.k) {
            a + $0 &* o.lda
          }
        },
        finish: { tile, row, count, first, columns in
          requantize(
            tile, terms: terms, rows: count, columns: columns, column: first, o.requantization,
            o.c + (row &* o.ldc &+ first), ldc: o.ldc)
        })
    }

    /// ``Int8GEMM/multiplyIndirect(_:rows:panels:)`` on 16-bit pairs: each row's segments
    /// widened one after the other, then multiplied as a plain row.
    @inline(never)
    static func multiplyIndirect(
      _ o: Int8IndirectGEMMOperands, rows: Range<Int>, panels: Range<Int>
    ) {
      guard Int8GEMM.accepts(o) else { return }
      let (signed, flip) = (o.signedActivations, UInt8(truncatingIfNeeded: o.flip))
      let (segments, stride) = (o.segments, o.segmentStride)
      var terms = SIMD8<Int32>()
      forEachTile(
        m: o.m, n: o.n, k: segments &* stride, rows: rows, panels: panels, packed: o.packed,
        signedWeights: !signed,
        widen: { wide, row, count in
          let table = o.rows + row &* segments
          for i in 0..<count {
            for s in 0..<segments {
              widen(
                UnsafeRawPointer(table[i &* segments &+ s]), count: stride, signed: signed,
                flip: flip, into: wide + (i &* segments &+ s) &* stride)
            }
          }
          terms = Int8GEMM.rowTerms(
            o.rowFactor, signed: signed, rows: count, segments: segments,
            segmentLength: o.segmentLength, table: table)
        },
        finish: { tile, row, count, first, columns in
          requantize(
            tile, terms: terms, rows: count, columns: columns, column: first, o.requantization,
            o.c + (row &* o.ldc &+ first), ldc: o.ldc)
        })
    }

    /// ``Int8GEMM/sums(_:rows:panels:)`` on 16-bit pairs: the same sums.
    @inline(never)
    static func sums(_ o: Int8SumsOperands, rows: Range<Int>, panels: Range<Int>) {
      let flip = UInt8(truncatingIfNeeded: o.flip)
      forEachTile(
        m: o.m, n: o.n, k: o.k, rows: rows, panels: panels, packed: o.packed,
        signedWeights: true,
        widen: { wide, row, count in
          let a = UnsafeRawPointer(o.a + row &* o.lda)
          widenRows(wide, count: count, k: o.k, signed: false, flip: flip) { a + $0 &* o.lda }
        },
        finish: { Int8GEMM.storeSums($0, o, rows: $1..<($1 &+ $2), columns: $3..<($3 &+ $4)) })
    }

    /// Adds `terms[i]` to row `i` of the tile's `rows` rows, then requantizes their first
    /// `columns` sums (matrix columns from `column`) into `output` (row `i` at
    /// `output + i · ldc`).
    @inline(__always)
    static func requantize(
      _ tile: UnsafeMutablePointer<Int32>, terms: SIMD8<Int32>, rows: Int, columns: Int,
      column: Int, _ t: RequantizationTable, _ output: UnsafeMutablePointer<UInt8>, ldc: Int
    ) {
      if terms != .zero {
        for i in 0..<rows {
          let at = UnsafeMutableRawPointer(tile + i &* 16)
          at.storeBytes(of: loadInt32x16(at) &+ SIMD16(repeating: terms[i]), as: SIMD16<Int32>.self)
        }
      }
      Requantization.rows(
        tile, stride: 16, rows: rows, count: columns, column: column, t, output, ldc: ldc)
    }
  }
#endif
