/// Integer GEMM on 8-bit dot products: `C = requantize(A · B)` for 8-bit activations A and
/// weights B, exact in Int32 as TFLite's accumulator.
///
/// Each step multiplies four unsigned bytes of a row of A by four signed bytes of 16 columns
/// and adds the four products to each column's Int32 sum (`vpdpbusd` on AVX-512 VNNI; a lane
/// loop elsewhere). int8 activations enter as `u = a + 128` (sign bits flipped), uint8 ones as
/// they are; uint8 weights are packed as `s = w − 128`. The caller turns the raw sums
/// `Σ u · s` into TFLite's `Σ (a − za) · (w − zw)` with a per-column term folded into the
/// requantization bias and, for uint8 weights, a per-row term (`rowFactor · Σ a`, added
/// here). All arithmetic wraps modulo 2^32, as TFLite's int32 accumulation does, so the
/// result is exact whatever the order.
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

  /// Packs `n` columns of `k` int8 weights (column `j` at `weights + j · k`) into `packed`
  /// (``packedCount(n:k:)`` bytes).
  static func pack(
    _ weights: UnsafePointer<Int8>, n: Int, k: Int, into packed: UnsafeMutablePointer<Int8>
  ) {
    let groupCount = groups(k)
    packed.initialize(repeating: 0, count: packedCount(n: n, k: k))
    let whole = k / 4
    for column in 0..<max(n, 0) {
      let source = UnsafeRawPointer(weights + column &* k)
      let target = UnsafeMutableRawPointer(
        packed + (column / 16) &* groupCount &* 64 + (column % 16) &* 4)
      for group in 0..<whole {
        target.storeBytes(
          of: source.loadUnaligned(fromByteOffset: group &* 4, as: UInt32.self),
          toByteOffset: group &* 64, as: UInt32.self)
      }
      for depth in (whole &* 4)..<k {
        target.storeBytes(
          of: source.load(fromByteOffset: depth, as: UInt8.self),
          toByteOffset: whole &* 64 &+ depth % 4, as: UInt8.self)
      }
    }
  }

  /// Computes rows `rows` of C for the column panels `panels` (both clipped to the matrix).
  @inline(never)
  static func multiply(_ o: Int8GEMMOperands, rows: Range<Int>, panels: Range<Int>) {
    if o.requantization.scale == nil && o.n & 15 == 0 {
      multiplyRequantizing(o, rows: rows, panels: panels)
      return
    }
    forEachTile(
      (m: o.m, n: o.n, k: o.k, a: o.a, lda: o.lda, flip: o.flip, packed: o.packed),
      rows: rows, panels: panels
    ) { tile, row, count, first, columns in
      if let sums = o.rowSums { addRows(sums + row, o.rowFactor, rows: count, tile: tile) }
      Requantization.rows(
        tile, stride: 16, rows: count, count: columns, column: first, o.requantization,
        o.c + row &* o.ldc + first, ldc: o.ldc)
    }
  }

  /// ``multiply(_:rows:panels:)`` for whole panels (`n` a multiple of 16) in the fixed-point
  /// requantization modes: each tile is requantized in registers as the micro-kernel ends.
  @inline(never)
  static func multiplyRequantizing(_ o: Int8GEMMOperands, rows: Range<Int>, panels: Range<Int>) {
    let rows = rows.clamped(to: 0..<max(o.m, 0))
    let panels = panels.clamped(to: 0..<panelCount(o.n))
    guard !rows.isEmpty, !panels.isEmpty, o.k > 0 else { return }
    let panelBytes = groups(o.k) &* 64
    var row = rows.lowerBound
    while row < rows.upperBound {
      let count = min(tileRows, rows.upperBound &- row)
      for panel in panels {
        let first = panel &* 16
        requantizingKernel(
          o.a + row &* o.lda, lda: o.lda, rows: count, k: o.k, flip: o.flip,
          b: o.packed + panel &* panelBytes,
          block: Requantization.ChannelBlock(o.requantization, column: first),
          rowSums: o.rowSums.map { $0 + row }, rowFactor: o.rowFactor,
          output: o.c + (row &* o.ldc &+ first), ldc: o.ldc)
      }
      row &+= tileRows
    }
  }

  /// The raw sums `Σ u · s` of rows `rows` and column panels `panels` (both clipped) into
  /// `o.sums`, without requantization: the hybrid kernels scale them in float themselves.
  @inline(never)
  static func sums(_ o: Int8SumsOperands, rows: Range<Int>, panels: Range<Int>) {
    forEachTile(
      (m: o.m, n: o.n, k: o.k, a: o.a, lda: o.lda, flip: o.flip, packed: o.packed),
      rows: rows, panels: panels
    ) { tile, row, count, first, columns in
      for i in 0..<count {
        let offset = (row &+ i) &* o.ldc &+ first
        (o.sums + offset).update(from: tile + i &* 16, count: columns)
      }
    }
  }

  /// Runs the micro-kernel over rows `rows` × panels `panels` of `g` (both clipped), tile by
  /// tile; after each, `finish(tile, firstRow, rowCount, firstColumn, columnCount)` takes the
  /// tile's Int32 sums (16 per row).
  @inline(__always)
  static func forEachTile(
    _ g: (
      m: Int, n: Int, k: Int, a: UnsafePointer<Int8>, lda: Int, flip: Int32,
      packed: UnsafePointer<Int8>
    ),
    rows: Range<Int>, panels: Range<Int>,
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
      var row = rows.lowerBound
      while row < rows.upperBound {
        let count = min(tileRows, rows.upperBound &- row)
        for panel in panels {
          let first = panel &* 16
          kernel(
            g.a + row &* g.lda, lda: g.lda, rows: count, k: g.k, flip: g.flip,
            b: g.packed + panel &* panelBytes, tile: tile)
          finish(tile, row, count, first, min(16, g.n &- first))
        }
        row &+= tileRows
      }
    }
  }

  /// Adds `factor · sums[i]` to the 16 entries of row `i` of `tile`, for `rows` rows.
  @inline(__always)
  static func addRows(
    _ sums: UnsafePointer<Int32>, _ factor: Int32, rows: Int, tile: UnsafeMutablePointer<Int32>
  ) {
    for i in 0..<rows {
      let row = UnsafeMutableRawPointer(tile + i &* 16)
      let value = row.load(as: SIMD16<Int32>.self) &+ SIMD16(repeating: factor &* sums[i])
      row.storeBytes(of: value, as: SIMD16<Int32>.self)
    }
  }

  /// Writes the sum of each of `rows` rows of `k` unsigned bytes (row `i` at `a + i · lda`).
  static func rowSums(
    _ a: UnsafePointer<UInt8>, lda: Int, rows: Int, k: Int, into sums: UnsafeMutablePointer<Int32>
  ) {
    for i in 0..<rows {
      let row = UnsafeRawPointer(a + i &* lda)
      var lanes = SIMD16<Int32>()
      var j = 0
      while j &+ 16 <= k {
        let bytes = row.loadUnaligned(fromByteOffset: j, as: SIMD16<UInt8>.self)
        for lane in 0..<16 { lanes[lane] &+= Int32(truncatingIfNeeded: bytes[lane]) }
        j &+= 16
      }
      var total = lanes.wrappedSum()
      while j < k {
        total &+= Int32(row.load(fromByteOffset: j, as: UInt8.self))
        j &+= 1
      }
      sums[i] = total
    }
  }

  /// Eight rows' Int32 sums against one panel.
  typealias TileSums = (
    SIMD16<Int32>, SIMD16<Int32>, SIMD16<Int32>, SIMD16<Int32>, SIMD16<Int32>, SIMD16<Int32>,
    SIMD16<Int32>, SIMD16<Int32>
  )

  /// The micro-kernel: the Int32 sums of `rows` (≤ 8) rows of A against one packed panel, into
  /// `tile` (16 per row).
  @inline(never)
  static func kernel(
    _ a: UnsafePointer<Int8>, lda: Int, rows: Int, k: Int, flip: Int32, b: UnsafePointer<Int8>,
    tile: UnsafeMutablePointer<Int32>
  ) {
    let s = accumulate(a, lda: lda, rows: rows, k: k, flip: flip, b: b)
    func store(_ sums: SIMD16<Int32>, _ i: Int) {
      if i < rows {
        UnsafeMutableRawPointer(tile + i &* 16).storeBytes(of: sums, as: SIMD16<Int32>.self)
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

  /// ``kernel(_:lda:rows:k:flip:b:tile:)`` requantizing the sums as
  /// ``requantize(_:rows:_:rowSums:rowFactor:output:ldc:)`` does.
  @inline(never)
  static func requantizingKernel(
    _ a: UnsafePointer<Int8>, lda: Int, rows: Int, k: Int, flip: Int32, b: UnsafePointer<Int8>,
    block: Requantization.ChannelBlock, rowSums: UnsafePointer<Int32>?, rowFactor: Int32,
    output: UnsafeMutablePointer<UInt8>, ldc: Int
  ) {
    let s = accumulate(a, lda: lda, rows: rows, k: k, flip: flip, b: b)
    requantize(
      s, rows: rows, block, rowSums: rowSums, rowFactor: rowFactor, output: output, ldc: ldc)
  }

  /// Requantizes the first `rows` sums of `s` with `block` (plus `rowFactor · rowSums[i]` for
  /// row `i` when `rowSums` is given), storing the 16 bytes of row `i` at `output + i · ldc`.
  @_transparent
  static func requantize(
    _ s: TileSums, rows: Int, _ block: Requantization.ChannelBlock,
    rowSums: UnsafePointer<Int32>?, rowFactor: Int32, output: UnsafeMutablePointer<UInt8>,
    ldc: Int
  ) {
    var terms = SIMD8<Int32>()
    if let rowSums {
      for i in 0..<rows { terms[i] = rowFactor &* rowSums[i] }
    }
    block.store(s.0 &+ SIMD16(repeating: terms[0]), to: output)
    guard rows > 1 else { return }
    block.store(s.1 &+ SIMD16(repeating: terms[1]), to: output + ldc)
    guard rows > 2 else { return }
    block.store(s.2 &+ SIMD16(repeating: terms[2]), to: output + 2 &* ldc)
    guard rows > 3 else { return }
    block.store(s.3 &+ SIMD16(repeating: terms[3]), to: output + 3 &* ldc)
    guard rows > 4 else { return }
    block.store(s.4 &+ SIMD16(repeating: terms[4]), to: output + 4 &* ldc)
    guard rows > 5 else { return }
    block.store(s.5 &+ SIMD16(repeating: terms[5]), to: output + 5 &* ldc)
    guard rows > 6 else { return }
    block.store(s.6 &+ SIMD16(repeating: terms[6]), to: output + 6 &* ldc)
    guard rows > 7 else { return }
    block.store(s.7 &+ SIMD16(repeating: terms[7]), to: output + 7 &* ldc)
  }

  /// The sums of `rows` (≤ 8) rows of A against one packed panel, A's groups of four XORed
  /// with `flip`. Rows past `rows` re-read the first row; their sums are not meaningful.
  @_transparent
  static func accumulate(
    _ a: UnsafePointer<Int8>, lda: Int, rows: Int, k: Int, flip: Int32, b: UnsafePointer<Int8>
  ) -> TileSums {
    func row(_ i: Int) -> UnsafeRawPointer { UnsafeRawPointer(a + (i < rows ? i &* lda : 0)) }
    let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3))
    let (r4, r5, r6, r7) = (row(4), row(5), row(6), row(7))
    var s: TileSums = (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
    let flips = opaqueSplat(flip)
    // One group of four: each row's four activations (as `word` reads them at a row) against
    // the 16 columns' four weights.
    @inline(__always)
    func accumulate(_ weights: SIMD16<Int32>, _ word: (UnsafeRawPointer) -> Int32) {
      s.0 = dot(s.0, word(r0), flips, weights)
      s.1 = dot(s.1, word(r1), flips, weights)
      s.2 = dot(s.2, word(r2), flips, weights)
      s.3 = dot(s.3, word(r3), flips, weights)
      s.4 = dot(s.4, word(r4), flips, weights)
      s.5 = dot(s.5, word(r5), flips, weights)
      s.6 = dot(s.6, word(r6), flips, weights)
      s.7 = dot(s.7, word(r7), flips, weights)
    }
    let whole = k / 4
    var w = UnsafeRawPointer(b)
    for g in 0..<whole {
      let at = g &* 4
      accumulate(w.loadUnaligned(as: SIMD16<Int32>.self)) { Self.word($0, at) }
      w += 64
    }
    if whole &* 4 < k {
      // The last one to three values: read byte by byte (the row may end there); the bytes
      // past them meet zero weights.
      let (at, tail) = (whole &* 4, k &- whole &* 4)
      accumulate(w.loadUnaligned(as: SIMD16<Int32>.self)) { Self.partialWord($0, at, tail) }
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
      for lane in 0..<16 {
        var sum: Int32 = 0
        for byte in 0..<4 {
          let unsigned = Int32((UInt32(bitPattern: word) >> (8 &* UInt32(byte))) & 0xFF)
          let signed = Int32(Int8(truncatingIfNeeded: weights[lane] >> (8 &* Int32(byte))))
          sum &+= unsigned &* signed
        }
        result[lane] &+= sum
      }
      return result
    #endif
  }
}
