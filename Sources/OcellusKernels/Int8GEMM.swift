/// Integer GEMM on 8-bit dot products: `C = requantize(A · B)` for 8-bit activations A and
/// weights B, exact in Int32 as TFLite's accumulator.
///
/// Each step multiplies four bytes of a row of A by four bytes of 16 columns and adds the four
/// products to each column's Int32 sum (`vpdpbusd` on AVX-512 VNNI, which multiplies unsigned
/// bytes by signed ones; a lane loop elsewhere). Two arrangements:
/// - signed activations (int8 models): the activations are the signed operand, as stored,
///   read straight from memory in each step; the weights are packed unsigned, `u = w + 128`.
/// - unsigned activations: the activations, XORed with `flip`, are the unsigned operand (uint8
///   ones as they are; int8 ones `+ 128` with the sign bits flipped, which costs an operation
///   per row and step but needs no row sums); the weights are packed signed (`s = w − 128`
///   for uint8 weights).
/// The caller turns the raw sums into TFLite's `Σ (a − za) · (w − zw)` with a per-column term
/// folded into the requantization bias and a per-row term, `rowFactor · Σ a` (the row's bytes
/// summed as the activations' type), that the GEMM adds itself. All arithmetic wraps modulo
/// 2^32, as TFLite's int32 accumulation does, so the result is exact whatever the order.
///
/// Packed weights: panels of 16 columns (the last zero-padded), each holding `⌈k / 4⌉` groups
/// of 64 bytes: column `j`'s four weights `k = 4g ..< 4g + 4` at bytes `4j ..< 4j + 4` of group
/// `g` (zero past `k`).
enum Int8GEMM {
  /// Columns per packed panel.
  static let panelColumns = 16
  /// Rows of A per micro-kernel call.
  static let tileRows = 8

  /// Bytes of the packed weights of `n` columns of depth `k`.
  static func packedCount(n: Int, k: Int) -> Int {
    panelCount(n) &* groups(k) &* 64
  }

  /// Panels of 16 columns for `n` columns.
  static func panelCount(_ n: Int) -> Int { (max(n, 0) &+ 15) / 16 }

  /// Groups of four along a depth of `k`.
  static func groups(_ k: Int) -> Int { (max(k, 0) &+ 3) / 4 }

  /// Packs `n` columns of int8 weights into `packed` (``packedCount(n:k:)`` bytes, every one
  /// written: no need to clear it first), each byte XORed with `flip`.
  ///
  /// A column's `k` packed bytes are runs of `run.length` weights at every `run.stride` bytes
  /// (`k` a multiple of the stride; bytes between runs zero): column `j`'s runs are read one
  /// after the other from `weights + j · (k / run.stride) · run.length`. One run of `k` is a
  /// plain row of `k` weights.
  static func pack(
    _ weights: UnsafePointer<Int8>, n: Int, k: Int, run: (length: Int, stride: Int), flip: UInt8,
    into packed: UnsafeMutablePointer<Int8>
  ) {
    let groupCount = groups(k)
    let sourceRow = run.stride > 0 ? k / run.stride &* run.length : 0
    let mask = UInt32(flip) &* 0x0101_0101
    for column in 0..<(panelCount(n) &* 16) {
      let target = UnsafeMutableRawPointer(
        packed + (column / 16) &* groupCount &* 64 + (column % 16) &* 4)
      guard column < n else {
        for group in 0..<groupCount {
          target.storeBytes(of: 0, toByteOffset: group &* 64, as: UInt32.self)
        }
        continue
      }
      let source = UnsafeRawPointer(weights + column &* sourceRow)
      var first = 0
      if run.length == run.stride {
        // Contiguous weights: every whole group is one 4-byte copy.
        first = k / 4
        for group in 0..<first {
          target.storeBytes(
            of: source.loadUnaligned(fromByteOffset: group &* 4, as: UInt32.self) ^ mask,
            toByteOffset: group &* 64, as: UInt32.self)
        }
      }
      // The group's place in the runs: run `segment`, byte `offset` of its stride.
      var (segment, offset) = ((first &* 4) / max(run.stride, 1), (first &* 4) % max(run.stride, 1))
      for group in first..<groupCount {
        let valid = min(4, run.length &- offset)
        let from = segment &* run.length &+ offset
        var word: UInt32 = 0
        if valid == 4 {
          word = source.loadUnaligned(fromByteOffset: from, as: UInt32.self) ^ mask
        } else if valid > 0 {
          for byte in 0..<valid {
            let value = source.load(fromByteOffset: from &+ byte, as: UInt8.self) ^ flip
            word |= UInt32(value) &<< (8 &* UInt32(byte))
          }
        }
        target.storeBytes(of: word, toByteOffset: group &* 64, as: UInt32.self)
        offset &+= 4
        if offset >= run.stride { (segment, offset) = (segment &+ 1, offset &- run.stride) }
      }
    }
  }

  /// Computes rows `rows` of C for the column panels `panels` (both clipped to the matrix).
  @inline(never)
  static func multiply(_ o: Int8GEMMOperands, rows: Range<Int>, panels: Range<Int>) {
    if o.requantization.scale == nil {
      multiplyRequantizing(o, rows: rows, panels: panels)
      return
    }
    forEachTile(
      (
        m: o.m, n: o.n, k: o.k, a: o.a, lda: o.lda, flip: o.flip,
        signedActivations: o.signedActivations, packed: o.packed
      ),
      rows: rows, panels: panels, rowFactor: o.rowFactor
    ) { tile, row, count, first, columns in
      Requantization.rows(
        tile, stride: 16, rows: count, count: columns, column: first, o.requantization,
        o.c + row &* o.ldc + first, ldc: o.ldc)
    }
  }

  /// ``multiply(_:rows:panels:)`` in the fixed-point requantization modes: each whole panel's
  /// tile is requantized in registers as the micro-kernel ends; a last panel of fewer than 16
  /// columns goes through a tile in memory and stores only its columns.
  @inline(never)
  static func multiplyRequantizing(_ o: Int8GEMMOperands, rows: Range<Int>, panels: Range<Int>) {
    let rows = rows.clamped(to: 0..<max(o.m, 0))
    let panels = panels.clamped(to: 0..<panelCount(o.n))
    guard !rows.isEmpty, !panels.isEmpty, o.k > 0 else { return }
    let panelBytes = groups(o.k) &* 64
    let flips = opaqueSplat(o.flip)
    var row = rows.lowerBound
    while row < rows.upperBound {
      let count = min(tileRows, rows.upperBound &- row)
      let a = o.a + row &* o.lda
      let terms = rowTerms(o.rowFactor, signed: o.signedActivations, rows: count, count: o.k) {
        UnsafeRawPointer(a + $0 &* o.lda)
      }
      for panel in panels {
        let first = panel &* 16
        let block = Requantization.ChannelBlock(o.requantization, column: first)
        let output = o.c + (row &* o.ldc &+ first)
        guard first &+ 16 <= o.n else {
          partialPanel(
            a, lda: o.lda, rows: count, k: o.k, flips: flips,
            signedActivations: o.signedActivations, b: o.packed + panel &* panelBytes,
            block: block, terms: terms, output: output, ldc: o.ldc, columns: o.n &- first)
          continue
        }
        requantizingKernel(
          a, lda: o.lda, rows: count, k: o.k, flips: flips,
          signedActivations: o.signedActivations, b: o.packed + panel &* panelBytes,
          block: block, terms: terms, output: output, ldc: o.ldc)
      }
      row &+= tileRows
    }
  }

  /// ``requantizingKernel(_:lda:rows:k:flips:signedActivations:b:block:terms:output:ldc:)``
  /// for a panel of which only the first `columns` (< 16) are the matrix's (eight or fewer on
  /// the half-width kernel).
  @inline(never)
  static func partialPanel(
    _ a: UnsafePointer<Int8>, lda: Int, rows: Int, k: Int, flips: SIMD16<Int32>,
    signedActivations: Bool, b: UnsafePointer<Int8>, block: Requantization.ChannelBlock,
    terms: SIMD8<Int32>, output: UnsafeMutablePointer<UInt8>, ldc: Int, columns: Int
  ) {
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: tileRows * 16) { buffer in
      guard let tile = buffer.baseAddress else { return }
      if columns <= 8 {
        halfKernel(
          a, lda: lda, rows: rows, k: k, flips: flips, signedActivations: signedActivations,
          b: b, terms: terms, tile: tile)
      } else {
        kernel(
          a, lda: lda, rows: rows, k: k, flips: flips, signedActivations: signedActivations,
          b: b, terms: terms, tile: tile)
      }
      for i in 0..<rows {
        block.store(loadInt32x16(tile + i &* 16), to: output + i &* ldc, count: columns)
      }
    }
  }

  /// The sums `Σ u · s − rowOffsets[i] · columnSums[j]` of rows `rows` and column panels
  /// `panels` (both clipped) into `o.sums`, without requantization: the hybrid kernels scale
  /// them in float themselves.
  @inline(never)
  static func sums(_ o: Int8SumsOperands, rows: Range<Int>, panels: Range<Int>) {
    forEachTile(
      (
        m: o.m, n: o.n, k: o.k, a: o.a, lda: o.lda, flip: o.flip, signedActivations: false,
        packed: o.packed
      ),
      rows: rows, panels: panels, rowFactor: 0
    ) { storeSums($0, o, rows: $1..<($1 &+ $2), columns: $3..<($3 &+ $4)) }
  }

  /// Stores a tile's raw sums (16 per row) less `rowOffsets[i] · columnSums[j]` at rows `rows`
  /// and columns `columns` (at most 16) of `o.sums`.
  @inline(__always)
  static func storeSums(
    _ tile: UnsafeMutablePointer<Int32>, _ o: Int8SumsOperands, rows: Range<Int>,
    columns: Range<Int>
  ) {
    let first = columns.lowerBound
    guard columns.count == 16 else {
      for (i, row) in rows.enumerated() {
        let target = o.sums + (row &* o.ldc &+ first)
        for j in 0..<columns.count {
          target[j] = tile[i &* 16 &+ j] &- o.rowOffsets[row] &* o.columnSums[first &+ j]
        }
      }
      return
    }
    let columnSums = loadInt32x16(o.columnSums + first)
    for (i, row) in rows.enumerated() {
      let value =
        loadInt32x16(tile + i &* 16) &- SIMD16(repeating: o.rowOffsets[row]) &* columnSums
      UnsafeMutableRawPointer(o.sums + (row &* o.ldc &+ first)).storeBytes(
        of: value, as: SIMD16<Int32>.self)
    }
  }

  /// Runs the micro-kernel over rows `rows` × panels `panels` of `g` (both clipped), tile by
  /// tile, adding `rowFactor` times each row's byte sum; after each tile,
  /// `finish(tile, firstRow, rowCount, firstColumn, columnCount)` takes its Int32 sums (16 per
  /// row).
  @inline(__always)
  static func forEachTile(
    _ g: (
      m: Int, n: Int, k: Int, a: UnsafePointer<Int8>, lda: Int, flip: Int32,
      signedActivations: Bool, packed: UnsafePointer<Int8>
    ),
    rows: Range<Int>, panels: Range<Int>, rowFactor: Int32,
    _ finish: (UnsafeMutablePointer<Int32>, Int, Int, Int, Int) -> Void
  ) {
    let rows = rows.clamped(to: 0..<max(g.m, 0))
    let panels = panels.clamped(to: 0..<panelCount(g.n))
    guard !rows.isEmpty, !panels.isEmpty, g.k > 0 else { return }
    let panelBytes = groups(g.k) &* 64
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: tileRows * 16) { buffer in
      guard let tile = buffer.baseAddress else { return }
      // Row tiles outer: each tile's rows of A stay in cache across the panels and its output
      // rows are written whole, one after the other.
      let flips = opaqueSplat(g.flip)
      var row = rows.lowerBound
      while row < rows.upperBound {
        let count = min(tileRows, rows.upperBound &- row)
        let a = g.a + row &* g.lda
        let terms = rowTerms(rowFactor, signed: g.signedActivations, rows: count, count: g.k) {
          UnsafeRawPointer(a + $0 &* g.lda)
        }
        for panel in panels {
          let first = panel &* 16
          kernel(
            a, lda: g.lda, rows: count, k: g.k, flips: flips,
            signedActivations: g.signedActivations, b: g.packed + panel &* panelBytes,
            terms: terms, tile: tile)
          finish(tile, row, count, first, min(16, g.n &- first))
        }
        row &+= tileRows
      }
    }
  }

  /// For each of `rows` (≤ 8) rows of `count` bytes (row `i` at `row(i)`), `factor` times the
  /// sum of its bytes (as Int8 when `signed`, else as UInt8; wrapping); all zero when `factor`
  /// is 0, and in the lanes past `rows`.
  @_transparent
  static func rowTerms(
    _ factor: Int32, signed: Bool, rows: Int, count: Int, _ row: (Int) -> UnsafeRawPointer
  ) -> SIMD8<Int32> {
    guard factor != 0 else { return SIMD8() }
    func at(_ i: Int) -> UnsafeRawPointer { row(i < rows ? i : 0) }
    let sums = byteSums(
      (at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7)), count: count, signed: signed)
    let live = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7) .< SIMD8(repeating: Int32(rows))
    return (sums &* factor).replacing(with: 0, where: .!live)
  }

  /// Eight rows' starts.
  typealias RowStarts = (
    UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer,
    UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer
  )

  /// The sums of the `count` bytes of each of eight rows, read as Int8 when `signed`, else as
  /// UInt8 (wrapping): 64 bytes of each row at a time, the eight rows side by side.
  @inline(never)
  static func byteSums(_ r: RowStarts, count: Int, signed: Bool) -> SIMD8<Int32> {
    var j = 0
    var sums = SIMD8<Int32>()
    #if OCELLUS_VNNI
      // Sixteen lanes per row of four-byte dot products with ones.
      let ones = SIMD16<Int32>(repeating: 0x0101_0101)
      var lanes: TileSums = (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
      // Each row's 64 bytes at `j`, ANDed with `keep`, into its lanes.
      @inline(__always)
      func addRows(_ keep: SIMD16<Int32>) {
        @inline(__always)
        func add(_ acc: inout SIMD16<Int32>, _ row: UnsafeRawPointer) {
          let bytes = loadInt32x16(row, j) & keep
          acc = signed ? VNNI.dotBytes(acc, ones, bytes) : VNNI.dotBytes(acc, bytes, ones)
        }
        add(&lanes.0, r.0)
        add(&lanes.1, r.1)
        add(&lanes.2, r.2)
        add(&lanes.3, r.3)
        add(&lanes.4, r.4)
        add(&lanes.5, r.5)
        add(&lanes.6, r.6)
        add(&lanes.7, r.7)
      }
      while j &+ 64 <= count {
        addRows(SIMD16(repeating: -1))
        j &+= 64
      }
      if j < count && j >= 64 {
        // The rest: the last 64 bytes of each row, those already summed masked off (64 zero
        // bytes then 64 ones, read from byte `rest` on: 64 − rest zeros, then rest ones).
        let rest = count &- j
        let halves = (SIMD16<Int32>(), SIMD16<Int32>(repeating: -1))
        let keep = withUnsafeBytes(of: halves) { loadInt32x16($0.baseAddress!, rest) }
        j = count &- 64
        addRows(keep)
        j = count
      }
      sums = rowTotals(lanes)
    #endif
    guard j < count else { return sums }
    return sums
      &+ SIMD8(
        byteSum(r.0 + j, count: count &- j, signed: signed),
        byteSum(r.1 + j, count: count &- j, signed: signed),
        byteSum(r.2 + j, count: count &- j, signed: signed),
        byteSum(r.3 + j, count: count &- j, signed: signed),
        byteSum(r.4 + j, count: count &- j, signed: signed),
        byteSum(r.5 + j, count: count &- j, signed: signed),
        byteSum(r.6 + j, count: count &- j, signed: signed),
        byteSum(r.7 + j, count: count &- j, signed: signed))
  }

  #if OCELLUS_VNNI
    /// Each of eight vectors' lane sum (wrapping), as a tree that adds neighbouring lanes of
    /// two vectors at a time: 15 permutes and 15 adds instead of a reduction per vector.
    @inline(__always)
    static func rowTotals(_ lanes: TileSums) -> SIMD8<Int32> {
      @inline(__always)
      func pairs(_ a: SIMD16<Int32>, _ b: SIMD16<Int32>) -> SIMD16<Int32> {
        let both = SIMD32(lowHalf: a, highHalf: b)
        return both.evenHalf &+ both.oddHalf
      }
      // Two lanes per row after three levels: rows 0…7 in lanes (0, 1), (2, 3), …
      let quarters = pairs(
        pairs(pairs(lanes.0, lanes.1), pairs(lanes.2, lanes.3)),
        pairs(pairs(lanes.4, lanes.5), pairs(lanes.6, lanes.7)))
      return quarters.evenHalf &+ quarters.oddHalf
    }
  #endif

  /// The sum of `count` bytes at `start`, read as Int8 when `signed`, else as UInt8 (eight
  /// bytes at a time as unsigned, sign bits flipped when signed: 128 more each).
  @inline(__always)
  static func byteSum(_ start: UnsafeRawPointer, count: Int, signed: Bool) -> Int32 {
    let flip: UInt64 = signed ? 0x8080_8080_8080_8080 : 0
    let (words, evenBytes) = (UInt64(0x0001_0001_0001_0001), UInt64(0x00FF_00FF_00FF_00FF))
    var (j, total) = (0, Int32(0))
    while j &+ 8 <= count {
      let word = start.loadUnaligned(fromByteOffset: j, as: UInt64.self) ^ flip
      let pairs = (word & evenBytes) &+ ((word &>> 8) & evenBytes)
      total &+= Int32(truncatingIfNeeded: (pairs &* words) &>> 48)
      j &+= 8
    }
    if signed { total &-= Int32(truncatingIfNeeded: j &* 128) }
    while j < count {
      let byte = start.load(fromByteOffset: j, as: UInt8.self)
      total &+= signed ? Int32(Int8(bitPattern: byte)) : Int32(byte)
      j &+= 1
    }
    return total
  }

  /// Eight rows' Int32 sums against one panel.
  typealias TileSums = Tile<SIMD16<Int32>>

  /// One vector per row of a tile.
  typealias Tile<V> = (V, V, V, V, V, V, V, V)

  /// The micro-kernel: the Int32 sums of `rows` (≤ 8) rows of A against one packed panel, plus
  /// `terms[i]` in row `i`, into `tile` (16 per row).
  @inline(never)
  static func kernel(
    _ a: UnsafePointer<Int8>, lda: Int, rows: Int, k: Int, flips: SIMD16<Int32>,
    signedActivations: Bool, b: UnsafePointer<Int8>, terms: SIMD8<Int32>,
    tile: UnsafeMutablePointer<Int32>
  ) {
    let s = accumulate(
      a, lda: lda, rows: rows, k: k, flips: flips, signedActivations: signedActivations, b: b,
      from: (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero))
    store(s, rows: rows, tile) { $0 &+ SIMD16(repeating: terms[$1]) }
  }

  /// Stores `row(s.i, i)` (16 lanes) at `tile + 16 i` for each of the first `rows` rows.
  @_transparent
  static func store<V>(
    _ s: Tile<V>, rows: Int, _ tile: UnsafeMutablePointer<Int32>,
    _ row: (V, Int) -> SIMD16<Int32>
  ) {
    func store(_ sums: V, _ i: Int) {
      if i < rows {
        UnsafeMutableRawPointer(tile + i &* 16).storeBytes(of: row(sums, i), as: SIMD16<Int32>.self)
      }
    }
    store(s.0, 0)
    store(s.1, 1)
    store(s.2, 2)
    store(s.3, 3)
    store(s.4, 4)
    store(s.5, 5)
    store(s.6, 6)
    store(s.7, 7)
  }

  /// ``kernel(_:lda:rows:k:flips:signedActivations:b:terms:tile:)`` requantizing the sums as
  /// ``requantize(_:rows:_:output:ldc:)`` does.
  @inline(never)
  static func requantizingKernel(
    _ a: UnsafePointer<Int8>, lda: Int, rows: Int, k: Int, flips: SIMD16<Int32>,
    signedActivations: Bool, b: UnsafePointer<Int8>, block: Requantization.ChannelBlock,
    terms: SIMD8<Int32>, output: UnsafeMutablePointer<UInt8>, ldc: Int
  ) {
    let s = accumulate(
      a, lda: lda, rows: rows, k: k, flips: flips, signedActivations: signedActivations, b: b,
      from: start(block, terms))
    requantize(s, rows: rows, block, output: output, ldc: ldc)
  }

  /// Each row's starting sums: the block's bias, plus `terms[i]` in row `i` (so that neither
  /// is added per output afterwards).
  @_transparent
  static func start(_ block: Requantization.ChannelBlock, _ terms: SIMD8<Int32>) -> TileSums {
    let bias = block.bias
    guard terms != .zero else { return (bias, bias, bias, bias, bias, bias, bias, bias) }
    func row(_ i: Int) -> SIMD16<Int32> { bias &+ SIMD16(repeating: terms[i]) }
    return (row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7))
  }

  /// Requantizes the first `rows` sums of `s` (bias and row terms included) with `block`,
  /// storing the 16 bytes of row `i` at `output + i · ldc`: the float path for every row, then
  /// the exact one for the rows it could not vouch for (so that the tile's sums need not be
  /// saved around a call on the common path).
  @_transparent
  static func requantize(
    _ s: TileSums, rows: Int, _ block: Requantization.ChannelBlock,
    output: UnsafeMutablePointer<UInt8>, ldc: Int
  ) {
    var missed = 0
    @_transparent
    func row(_ i: Int, _ sums: SIMD16<Int32>) {
      if i < rows && !block.tryStore(sums, to: output + i &* ldc) { missed |= 1 &<< i }
    }
    row(0, s.0)
    row(1, s.1)
    row(2, s.2)
    row(3, s.3)
    row(4, s.4)
    row(5, s.5)
    row(6, s.6)
    row(7, s.7)
    if missed != 0 { requantizeExactly(s, rows: missed, block, output: output, ldc: ldc) }
  }

  /// The exact path of ``requantize(_:rows:_:output:ldc:)`` for the rows set in the bit mask
  /// `rows`.
  @inline(never)
  static func requantizeExactly(
    _ s: TileSums, rows: Int, _ block: Requantization.ChannelBlock,
    output: UnsafeMutablePointer<UInt8>, ldc: Int
  ) {
    // (A tuple walked through its bytes: an array here would allocate on every call.)
    withUnsafeBytes(of: s) { sums in
      for i in 0..<8 where rows & (1 &<< i) != 0 {
        block.exactStore(loadInt32x16(sums.baseAddress!, i &* 64), to: output + i &* ldc)
      }
    }
  }

  /// `initial` plus the sums of `rows` (≤ 8) rows of A against one packed panel: signed
  /// activations as they are, or unsigned ones with each group of four XORed with `flips` (a
  /// splat). Rows past `rows` re-read the first row; their sums are not meaningful.
  @_transparent
  static func accumulate(
    _ a: UnsafePointer<Int8>, lda: Int, rows: Int, k: Int, flips: SIMD16<Int32>,
    signedActivations: Bool, b: UnsafePointer<Int8>, from initial: TileSums
  ) -> TileSums {
    let load = { (w: UnsafeRawPointer) in loadInt32x16(w) }
    if signedActivations {
      return accumulate(a, lda: lda, rows: rows, k: k, b: b, from: initial, load: load) {
        signedDot($0, $1, $2)
      }
    }
    return accumulate(a, lda: lda, rows: rows, k: k, b: b, from: initial, load: load) {
      dot($0, $1, flips, $2)
    }
  }

  /// ``accumulate(_:lda:rows:k:flips:signedActivations:b:from:)`` with
  /// `step(acc, word, weights)` adding one group of four, the weights of each group being
  /// `load(group)` (the first `V.scalarCount` columns of the panel).
  @_transparent
  static func accumulate<V: SIMD>(
    _ a: UnsafePointer<Int8>, lda: Int, rows: Int, k: Int, b: UnsafePointer<Int8>,
    from initial: Tile<V>, load: (UnsafeRawPointer) -> V, _ step: (V, Int32, V) -> V
  ) -> Tile<V> where V.Scalar == Int32 {
    func row(_ i: Int) -> UnsafeRawPointer { UnsafeRawPointer(a + (i < rows ? i &* lda : 0)) }
    let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3))
    let (r4, r5, r6, r7) = (row(4), row(5), row(6), row(7))
    var s = initial
    // One group of four: each row's four activations (as `word` reads them at a row) against
    // the columns' four weights.
    @inline(__always)
    func accumulate(_ weights: V, _ word: (UnsafeRawPointer) -> Int32) {
      s.0 = step(s.0, word(r0), weights)
      s.1 = step(s.1, word(r1), weights)
      s.2 = step(s.2, word(r2), weights)
      s.3 = step(s.3, word(r3), weights)
      s.4 = step(s.4, word(r4), weights)
      s.5 = step(s.5, word(r5), weights)
      s.6 = step(s.6, word(r6), weights)
      s.7 = step(s.7, word(r7), weights)
    }
    let whole = k / 4
    var w = UnsafeRawPointer(b)
    for g in 0..<whole {
      let at = g &* 4
      accumulate(load(w)) { Self.word($0, at) }
      w += 64
    }
    if whole &* 4 < k {
      // The last one to three values: read byte by byte (the row may end there); the bytes
      // past them meet zero weights.
      let (at, tail) = (whole &* 4, k &- whole &* 4)
      accumulate(load(w)) { Self.partialWord($0, at, tail) }
    }
    return s
  }

  /// Four activations at `row + at`, in one Int32.
  @inline(__always)
  static func word(_ row: UnsafeRawPointer, _ at: Int) -> Int32 {
    row.loadUnaligned(fromByteOffset: at, as: Int32.self)
  }

  /// ``word(_:_:)`` for the last `count` (1...3) activations of a row.
  @inline(__always)
  static func partialWord(_ row: UnsafeRawPointer, _ at: Int, _ count: Int) -> Int32 {
    var word: UInt32 = 0
    for i in 0..<count {
      word |= UInt32(row.load(fromByteOffset: at &+ i, as: UInt8.self)) << (8 &* UInt32(i))
    }
    return Int32(bitPattern: word)
  }

  /// `flip` in every lane, as a vector the optimizer cannot see through: XORed with each
  /// broadcast word in the vector unit (so words broadcast straight from memory) rather than
  /// folded into a scalar XOR before a register broadcast, which costs an extra shuffle-port
  /// operation per row and group.
  @inline(never)
  @_optimize(none)
  static func opaqueSplat(_ flip: Int32) -> SIMD16<Int32> { SIMD16(repeating: flip) }

  /// `acc` plus, in each lane `j`, the four products of the signed bytes of `word` with the
  /// unsigned bytes of lane `j` of `weights` (wrapping): the activation is the instruction's
  /// signed operand, broadcast from memory in the same instruction.
  @inline(__always)
  static func signedDot(_ acc: SIMD16<Int32>, _ word: Int32, _ weights: SIMD16<Int32>)
    -> SIMD16<Int32>
  {
    #if OCELLUS_VNNI
      VNNI.dotBytes(acc, weights, SIMD16(repeating: word))
    #else
      var result = acc
      for lane in 0..<16 { result[lane] &+= bytesDot(unsigned: weights[lane], signed: word) }
      return result
    #endif
  }

  /// The four products of the unsigned bytes of `unsigned` with the signed bytes of `signed`,
  /// summed (the portable builds' `vpdpbusd` lane).
  @inline(__always)
  static func bytesDot(unsigned: Int32, signed: Int32) -> Int32 {
    var sum: Int32 = 0
    for byte in 0..<4 {
      let u = Int32((UInt32(bitPattern: unsigned) >> (8 &* UInt32(byte))) & 0xFF)
      let s = Int32(Int8(truncatingIfNeeded: signed >> (8 &* Int32(byte))))
      sum &+= u &* s
    }
    return sum
  }

  /// `acc` plus, in each lane `j`, the four products of the unsigned bytes of `word ^ flips`
  /// (`flips` a splat) with the signed bytes of lane `j` of `weights` (wrapping).
  @inline(__always)
  static func dot(
    _ acc: SIMD16<Int32>, _ word: Int32, _ flips: SIMD16<Int32>, _ weights: SIMD16<Int32>
  ) -> SIMD16<Int32> {
    #if OCELLUS_VNNI
      VNNI.dotBytes(acc, SIMD16(repeating: word) ^ flips, weights)
    #else
      let word = word ^ flips[0]
      var result = acc
      for lane in 0..<16 { result[lane] &+= bytesDot(unsigned: word, signed: weights[lane]) }
      return result
    #endif
  }
}
