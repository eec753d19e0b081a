/// The pixel kernels behind ``PixelImage/applying(_:)``: one plane of `width × height` elements of
/// 1, 2, 3 or 4 bytes, read through a row stride and written tightly packed.
///
/// Callers guarantee that the source holds `sourceStride × (height − 1) + width × elementSize`
/// bytes and the destination `destinationStride × displayHeight` bytes.
enum OrientationRemap {
  /// Remaps one plane: destination (u, v) ← source (x, y) as in
  /// ``ImageOrientation/rawPixel(forDisplayX:y:rawWidth:rawHeight:)``.
  static func remap(
    source: UnsafeRawPointer, sourceStride: Int, width: Int, height: Int, elementSize: Int,
    orientation: ImageOrientation, destination: UnsafeMutableRawPointer,
    destinationStride: Int
  ) {
    let flipsX = orientation.flipsX
    let flipsY = orientation.flipsY
    let geometry = Geometry(
      source: source, sourceStride: sourceStride, width: width, height: height,
      flipsX: flipsX, flipsY: flipsY, destination: destination,
      destinationStride: destinationStride)
    if !orientation.swapsWidthAndHeight {
      switch elementSize {
      case 1: flipRows(geometry, UInt8.self)
      case 2: flipRows(geometry, UInt16.self)
      case 3: flipTriples(geometry)
      default: flipRows(geometry, UInt32.self)
      }
      return
    }
    switch elementSize {
    case 1: transposeBytes(geometry)
    case 2: transposePairs(geometry)
    case 3: transposeTriples(geometry)
    default: transposeQuads(geometry)
    }
  }

  /// The plane and the flips of one remap, in elements.
  struct Geometry {
    /// The first source row.
    var source: UnsafeRawPointer
    /// Bytes between source rows.
    var sourceStride: Int
    /// Source width W in elements (= destination height when transposing).
    var width: Int
    /// Source height H in rows.
    var height: Int
    /// Whether the source x axis runs backwards (``ImageOrientation/flipsX``).
    var flipsX: Bool
    /// Whether the source y axis runs backwards (``ImageOrientation/flipsY``).
    var flipsY: Bool
    /// The first destination row.
    var destination: UnsafeMutableRawPointer
    /// Bytes between destination rows.
    var destinationStride: Int

    /// The source row for display column u (transposing) or display row v (not transposing).
    @inline(__always) func sourceRow(_ index: Int) -> UnsafeRawPointer {
      source + (flipsY ? height - 1 - index : index) * sourceStride
    }
  }

  // MARK: - EXIF 1–4: row copies, reversed rows

  /// Destination row v ← source row (flipsY ? H−1−v : v), reversed when flipsX.
  @inline(__always)
  static func flipRows<T: BitwiseCopyable>(_ g: Geometry, _: T.Type) {
    let size = MemoryLayout<T>.size
    let rowBytes = g.width * size
    for v in 0..<g.height {
      let source = g.sourceRow(v)
      let target = g.destination + v * g.destinationStride
      if !g.flipsX {
        target.copyMemory(from: source, byteCount: rowBytes)
        continue
      }
      var u = 0
      // Sixteen bytes at a time as reversed vector lanes.
      switch size {
      case 1:
        while u + 16 <= g.width {
          let p = (source + (g.width - 16 - u)).loadUnaligned(as: SIMD16<UInt8>.self)
          let reversed = SIMD16(
            p[15], p[14], p[13], p[12], p[11], p[10], p[9], p[8], p[7], p[6], p[5], p[4], p[3],
            p[2], p[1], p[0])
          (target + u).storeBytes(of: reversed, as: SIMD16<UInt8>.self)
          u += 16
        }
      case 2:
        while u + 8 <= g.width {
          let p = (source + (g.width - 8 - u) * 2).loadUnaligned(as: SIMD8<UInt16>.self)
          let reversed = SIMD8(p[7], p[6], p[5], p[4], p[3], p[2], p[1], p[0])
          (target + u * 2).storeBytes(of: reversed, as: SIMD8<UInt16>.self)
          u += 8
        }
      case 4:
        while u + 4 <= g.width {
          let p = (source + (g.width - 4 - u) * 4).loadUnaligned(as: SIMD4<UInt32>.self)
          (target + u * 4).storeBytes(of: SIMD4(p[3], p[2], p[1], p[0]), as: SIMD4<UInt32>.self)
          u += 4
        }
      default: break
      }
      // Then eight bytes at a time: the mirrored word, its elements put in reverse order.
      if size == 1 || size == 2 || size == 4 {
        let perWord = 8 / size
        while u + perWord <= g.width {
          let word = load64(source + (g.width - perWord - u) * size)
          store64(reverseElements(word, size: size), target + u * size)
          u += perWord
        }
      }
      while u < g.width {
        let value = source.loadUnaligned(fromByteOffset: (g.width - 1 - u) * size, as: T.self)
        target.storeBytes(of: value, toByteOffset: u * size, as: T.self)
        u += 1
      }
    }
  }

  /// Three-byte elements (RGB8): like ``flipRows(_:_:)``, moving each pixel with one 4-byte
  /// load and store. The store's extra byte lands on the next destination pixel, which is
  /// written right after; the last pixel of a row and any read of the last source pixel use
  /// exact 3-byte copies, so nothing outside the rows is touched.
  static func flipTriples(_ g: Geometry) {
    typealias Triple = (UInt8, UInt8, UInt8)
    let rowBytes = g.width * 3
    for v in 0..<g.height {
      let source = g.sourceRow(v)
      let target = g.destination + v * g.destinationStride
      if !g.flipsX {
        target.copyMemory(from: source, byteCount: rowBytes)
        continue
      }
      // u = 0 reads the last source pixel: exact copy.
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: rowBytes - 3, as: Triple.self), as: Triple.self)
      var u = 1
      while u < g.width - 1 {
        let value = source.loadUnaligned(fromByteOffset: (g.width - 1 - u) * 3, as: UInt32.self)
        target.storeBytes(of: value, toByteOffset: u * 3, as: UInt32.self)
        u += 1
      }
      if u < g.width {
        // The last destination pixel: exact copy, so no byte spills past the row.
        target.storeBytes(
          of: source.loadUnaligned(as: Triple.self), toByteOffset: u * 3, as: Triple.self)
      }
    }
  }

  /// A little-endian word of 1-, 2- or 4-byte elements with the elements in reverse order.
  @inline(__always) static func reverseElements(_ word: UInt64, size: Int) -> UInt64 {
    switch size {
    case 1: return word.byteSwapped
    case 2:
      let swapped = word.byteSwapped
      return ((swapped >> 8) & 0x00FF_00FF_00FF_00FF) | ((swapped & 0x00FF_00FF_00FF_00FF) << 8)
    default: return (word << 32) | (word >> 32)
    }
  }

  // MARK: - EXIF 5–8: transposes
  //
  // Destination (u, v) ← source (x(v), y(u)): destination column u is source row y(u). The
  // loops run over bands of `bandRows` source rows, and inside a band over all destination
  // rows: the band's source rows are read front to back as parallel streams the prefetcher
  // follows, and each destination row gets a whole band segment (one to four cache lines) at
  // once. Walking down source columns instead (strips of columns over all rows) left almost
  // every load a cache miss and ran 4–8× slower on 1920 × 1080 RGBA.

  /// The number of source rows in a band (64 to 256 destination bytes: one to four cache
  /// lines), measured best on 1920 × 1080 frames. A multiple of every block height.
  static let bandRows = 64

  /// The plain transpose of a region: destination (u, v) ← source (x(v), y(u)) for u in
  /// `uRange` (source rows) and v in `vRange` (source columns).
  @inline(__always)
  static func transposeScalar<T: BitwiseCopyable>(
    _ g: Geometry, _: T.Type, uRange: Range<Int>, vRange: Range<Int>
  ) {
    let size = MemoryLayout<T>.size
    let band = bandRows
    let rowStep = g.flipsY ? -g.sourceStride : g.sourceStride
    var u0 = uRange.lowerBound
    while u0 < uRange.upperBound {
      let u1 = min(u0 + band, uRange.upperBound)
      let first = g.sourceRow(u0)
      for v in vRange {
        var source = first + (g.flipsX ? g.width - 1 - v : v) * size
        var target = g.destination + v * g.destinationStride + u0 * size
        for _ in u0..<u1 {
          target.storeBytes(of: source.loadUnaligned(as: T.self), as: T.self)
          source += rowStep
          target += size
        }
      }
      u0 = u1
    }
  }

  /// Three-byte elements (RGB8): the banded scalar transpose, moving each pixel with one
  /// 4-byte load and store where that stays inside the planes. A 4-byte store's extra byte lands
  /// on the next destination pixel, written after it (later in the band, or by the next band);
  /// the last band of a row stores its last pixel exactly. Source column W − 1 (whose fourth
  /// byte may lie past the last row) is copied exactly.
  static func transposeTriples(_ g: Geometry) {
    typealias Triple = (UInt8, UInt8, UInt8)
    let outWidth = g.height
    let rowStep = g.flipsY ? -g.sourceStride : g.sourceStride
    var u0 = 0
    while u0 < outWidth {
      let u1 = min(u0 + bandRows, outWidth)
      let first = g.sourceRow(u0)
      // Inside the row, the store after the band's last pixel is overwritten by the next band.
      let wideCount = u1 < outWidth ? u1 - u0 : u1 - u0 - 1
      for v in 0..<g.width {
        let x = g.flipsX ? g.width - 1 - v : v
        var source = first + x * 3
        var target = g.destination + v * g.destinationStride + u0 * 3
        if x < g.width - 1 {
          for _ in 0..<wideCount {
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            source += rowStep
            target += 3
          }
          if wideCount < u1 - u0 {
            target.storeBytes(of: source.loadUnaligned(as: Triple.self), as: Triple.self)
          }
        } else {
          for _ in u0..<u1 {
            target.storeBytes(of: source.loadUnaligned(as: Triple.self), as: Triple.self)
            source += rowStep
            target += 3
          }
        }
      }
      u0 = u1
    }
  }

  @inline(__always) static func load64(_ pointer: UnsafeRawPointer) -> UInt64 {
    UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
  }

  @inline(__always) static func store64(_ value: UInt64, _ pointer: UnsafeMutableRawPointer) {
    pointer.storeBytes(of: value.littleEndian, as: UInt64.self)
  }

  /// Interleaves the low halves of two byte vectors: a0 b0 a1 b1 … a7 b7.
  @inline(__always)
  static func interleaveLow(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
    SIMD16(
      a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3], a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7]
    )
  }

  /// Interleaves the high halves of two byte vectors: a8 b8 a9 b9 … a15 b15.
  @inline(__always)
  static func interleaveHigh(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
    SIMD16(
      a[8], b[8], a[9], b[9], a[10], b[10], a[11], b[11], a[12], b[12], a[13], b[13], a[14], b[14],
      a[15], b[15])
  }

  /// One-byte elements: 16 × 16 blocks transposed in sixteen 128-bit vectors (four rounds of
  /// interleaving row i with row i + 8 — each round a perfect shuffle of the 8 index bits).
  static func transposeBytes(_ g: Geometry) {
    forEachTile(g, size: 16, elementBytes: 1) { r, rowStep, d, dStep in
      var rows = (
        r.loadUnaligned(as: SIMD16<UInt8>.self),
        (r + rowStep).loadUnaligned(as: SIMD16<UInt8>.self),
        (r + 2 * rowStep).loadUnaligned(as: SIMD16<UInt8>.self),
        (r + 3 * rowStep).loadUnaligned(as: SIMD16<UInt8>.self),
        (r + 4 * rowStep).loadUnaligned(as: SIMD16<UInt8>.self),
        (r + 5 * rowStep).loadUnaligned(as: SIMD16<UInt8>.self),
        (r + 6 * rowStep).loadUnaligned(as: SIMD16<UInt8>.self),
        (r + 7 * rowStep).loadUnaligned(as: SIMD16<UInt8>.self),
        (r + 8 * rowStep).loadUnaligned(as: SIMD16<UInt8>.self),
        (r + 9 * rowStep).loadUnaligned(as: SIMD16<UInt8>.self),
        (r + 10 * rowStep).loadUnaligned(as: SIMD16<UInt8>.self),
        (r + 11 * rowStep).loadUnaligned(as: SIMD16<UInt8>.self),
        (r + 12 * rowStep).loadUnaligned(as: SIMD16<UInt8>.self),
        (r + 13 * rowStep).loadUnaligned(as: SIMD16<UInt8>.self),
        (r + 14 * rowStep).loadUnaligned(as: SIMD16<UInt8>.self),
        (r + 15 * rowStep).loadUnaligned(as: SIMD16<UInt8>.self)
      )
      for _ in 0..<4 {
        rows = (
          interleaveLow(rows.0, rows.8), interleaveHigh(rows.0, rows.8),
          interleaveLow(rows.1, rows.9), interleaveHigh(rows.1, rows.9),
          interleaveLow(rows.2, rows.10), interleaveHigh(rows.2, rows.10),
          interleaveLow(rows.3, rows.11), interleaveHigh(rows.3, rows.11),
          interleaveLow(rows.4, rows.12), interleaveHigh(rows.4, rows.12),
          interleaveLow(rows.5, rows.13), interleaveHigh(rows.5, rows.13),
          interleaveLow(rows.6, rows.14), interleaveHigh(rows.6, rows.14),
          interleaveLow(rows.7, rows.15), interleaveHigh(rows.7, rows.15)
        )
      }
      d.storeBytes(of: rows.0, as: SIMD16<UInt8>.self)
      (d + dStep).storeBytes(of: rows.1, as: SIMD16<UInt8>.self)
      (d + 2 * dStep).storeBytes(of: rows.2, as: SIMD16<UInt8>.self)
      (d + 3 * dStep).storeBytes(of: rows.3, as: SIMD16<UInt8>.self)
      (d + 4 * dStep).storeBytes(of: rows.4, as: SIMD16<UInt8>.self)
      (d + 5 * dStep).storeBytes(of: rows.5, as: SIMD16<UInt8>.self)
      (d + 6 * dStep).storeBytes(of: rows.6, as: SIMD16<UInt8>.self)
      (d + 7 * dStep).storeBytes(of: rows.7, as: SIMD16<UInt8>.self)
      (d + 8 * dStep).storeBytes(of: rows.8, as: SIMD16<UInt8>.self)
      (d + 9 * dStep).storeBytes(of: rows.9, as: SIMD16<UInt8>.self)
      (d + 10 * dStep).storeBytes(of: rows.10, as: SIMD16<UInt8>.self)
      (d + 11 * dStep).storeBytes(of: rows.11, as: SIMD16<UInt8>.self)
      (d + 12 * dStep).storeBytes(of: rows.12, as: SIMD16<UInt8>.self)
      (d + 13 * dStep).storeBytes(of: rows.13, as: SIMD16<UInt8>.self)
      (d + 14 * dStep).storeBytes(of: rows.14, as: SIMD16<UInt8>.self)
      (d + 15 * dStep).storeBytes(of: rows.15, as: SIMD16<UInt8>.self)
    }
    transposeRemainder(g, UInt8.self, fullU: g.height & ~15, fullV: g.width & ~15)
  }

  /// Interleaves the low halves of two 16-bit vectors: a0 b0 a1 b1 a2 b2 a3 b3.
  @inline(__always)
  static func interleaveLow(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
    SIMD8(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3])
  }

  /// Interleaves the high halves of two 16-bit vectors: a4 b4 a5 b5 a6 b6 a7 b7.
  @inline(__always)
  static func interleaveHigh(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
    SIMD8(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
  }

  /// Two-byte elements (NV12/NV21 chroma pairs): 8 × 8 blocks in eight 128-bit vectors (three
  /// rounds of interleaving row i with row i + 4; pairs move as opaque 16-bit lanes).
  static func transposePairs(_ g: Geometry) {
    forEachTile(g, size: 8, elementBytes: 2) { r, rowStep, d, dStep in
      var rows = (
        r.loadUnaligned(as: SIMD8<UInt16>.self),
        (r + rowStep).loadUnaligned(as: SIMD8<UInt16>.self),
        (r + 2 * rowStep).loadUnaligned(as: SIMD8<UInt16>.self),
        (r + 3 * rowStep).loadUnaligned(as: SIMD8<UInt16>.self),
        (r + 4 * rowStep).loadUnaligned(as: SIMD8<UInt16>.self),
        (r + 5 * rowStep).loadUnaligned(as: SIMD8<UInt16>.self),
        (r + 6 * rowStep).loadUnaligned(as: SIMD8<UInt16>.self),
        (r + 7 * rowStep).loadUnaligned(as: SIMD8<UInt16>.self)
      )
      for _ in 0..<3 {
        rows = (
          interleaveLow(rows.0, rows.4), interleaveHigh(rows.0, rows.4),
          interleaveLow(rows.1, rows.5), interleaveHigh(rows.1, rows.5),
          interleaveLow(rows.2, rows.6), interleaveHigh(rows.2, rows.6),
          interleaveLow(rows.3, rows.7), interleaveHigh(rows.3, rows.7)
        )
      }
      d.storeBytes(of: rows.0, as: SIMD8<UInt16>.self)
      (d + dStep).storeBytes(of: rows.1, as: SIMD8<UInt16>.self)
      (d + 2 * dStep).storeBytes(of: rows.2, as: SIMD8<UInt16>.self)
      (d + 3 * dStep).storeBytes(of: rows.3, as: SIMD8<UInt16>.self)
      (d + 4 * dStep).storeBytes(of: rows.4, as: SIMD8<UInt16>.self)
      (d + 5 * dStep).storeBytes(of: rows.5, as: SIMD8<UInt16>.self)
      (d + 6 * dStep).storeBytes(of: rows.6, as: SIMD8<UInt16>.self)
      (d + 7 * dStep).storeBytes(of: rows.7, as: SIMD8<UInt16>.self)
    }
    transposeRemainder(g, UInt16.self, fullU: g.height & ~7, fullV: g.width & ~7)
  }

  /// Four-byte elements (RGBA/BGRA pixels): 4 × 4 blocks in four 128-bit vectors (pixels are
  /// moved as opaque 32-bit lanes, so byte order does not matter).
  static func transposeQuads(_ g: Geometry) {
    forEachTile(g, size: 4, elementBytes: 4) { r, rowStep, d, dStep in
      // Four pixels of each of four rows; column j of the block becomes row j.
      let p0 = r.loadUnaligned(as: SIMD4<UInt32>.self)
      let p1 = (r + rowStep).loadUnaligned(as: SIMD4<UInt32>.self)
      let p2 = (r + 2 * rowStep).loadUnaligned(as: SIMD4<UInt32>.self)
      let p3 = (r + 3 * rowStep).loadUnaligned(as: SIMD4<UInt32>.self)
      d.storeBytes(of: SIMD4(p0[0], p1[0], p2[0], p3[0]), as: SIMD4<UInt32>.self)
      (d + dStep).storeBytes(of: SIMD4(p0[1], p1[1], p2[1], p3[1]), as: SIMD4<UInt32>.self)
      (d + 2 * dStep).storeBytes(
        of: SIMD4(p0[2], p1[2], p2[2], p3[2]), as: SIMD4<UInt32>.self)
      (d + 3 * dStep).storeBytes(
        of: SIMD4(p0[3], p1[3], p2[3], p3[3]), as: SIMD4<UInt32>.self)
    }
    transposeRemainder(g, UInt32.self, fullU: g.height & ~3, fullV: g.width & ~3)
  }

  /// Visits the whole `size` × `size` tiles of a transpose in bands of ``bandRows`` source rows
  /// (the remainder right and below is left to ``transposeRemainder(_:_:fullU:fullV:)``).
  /// `body` gets the tile's first source byte, the source row step in bytes (negative when
  /// flipping vertically), the tile's first destination byte and the destination row step in
  /// bytes (negative when mirroring): source row i of the tile, read at `source + i * rowStep`,
  /// lands as destination column i, and tile column j as the row at `destination + j * dStep`.
  @inline(__always)
  static func forEachTile(
    _ g: Geometry, size: Int, elementBytes: Int,
    _ body: (UnsafeRawPointer, Int, UnsafeMutableRawPointer, Int) -> Void
  ) {
    let fullU = g.height & ~(size - 1)
    let fullV = g.width & ~(size - 1)
    let rowStep = g.flipsY ? -g.sourceStride : g.sourceStride
    let dStep = g.flipsX ? -g.destinationStride : g.destinationStride
    var u0 = 0
    while u0 < fullU {
      let u1 = min(u0 + bandRows, fullU)
      var vb = 0
      while vb < fullV {
        let column = elementBytes * (g.flipsX ? g.width - size - vb : vb)
        let d0 = g.destination + (g.flipsX ? vb + size - 1 : vb) * g.destinationStride
        var ub = u0
        while ub < u1 {
          body(g.sourceRow(ub) + column, rowStep, d0 + elementBytes * ub, dStep)
          ub += size
        }
        vb += size
      }
      u0 = u1
    }
  }

  /// The destination columns right of `fullU` (all rows) and the destination rows below
  /// `fullV` (left columns) that the blocked loops leave.
  @inline(__always)
  static func transposeRemainder<T: BitwiseCopyable>(
    _ g: Geometry, _ type: T.Type, fullU: Int, fullV: Int
  ) {
    if fullU < g.height {
      transposeScalar(g, type, uRange: fullU..<g.height, vRange: 0..<g.width)
    }
    if fullV < g.width {
      transposeScalar(g, type, uRange: 0..<fullU, vRange: fullV..<g.width)
    }
  }
}
