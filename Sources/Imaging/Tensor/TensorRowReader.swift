/// Reads a span of one display (upright) row of an image as R, G, B planes or gray levels,
/// through the BEHAVIOR.md F.1 orientation remap, converting the pixel format exactly as
/// ``PixelImage/converted(to:)`` does (YUV with nearest chroma and ``YUVToRGBConverter``, RGB →
/// gray with ``LumaWeights``). The tensor packer resamples these rows.
struct TensorRowReader {
  /// The image's format.
  let format: PixelFormat
  /// Stored size.
  let width, height: Int
  let orientation: ImageOrientation
  /// Output channels: 3 (R, G, B) or 1 (gray).
  let channels: Int
  /// First display column read.
  let spanStart: Int
  /// Display columns read (≥ 1).
  let spanCount: Int
  /// The image's planes.
  let planes: PlanePointers
  var plane0: UnsafePointer<UInt8> { planes.plane0 }
  var plane1: UnsafePointer<UInt8> { planes.plane1 }
  var plane2: UnsafePointer<UInt8> { planes.plane2 }
  var stride0: Int { planes.stride0 }
  var stride1: Int { planes.stride1 }
  var stride2: Int { planes.stride2 }

  /// Distance between the R, G, B planes of the output row.
  let planeStride: Int

  /// Writes display row `v` (0..<display height), columns `spanStart ..< spanStart +
  /// spanCount` (inside the display width), to `buffer` as planes: R at 0, G at
  /// `planeStride`, B at `2 × planeStride` (gray: one plane), and returns where the row is
  /// (`buffer`, or a slot of `cache`'s column block).
  ///
  /// `cache` keeps the chroma terms of the last chroma row for upright YUV rows, and for
  /// rotated orientations (display rows are stored columns) a block of 8 converted
  /// neighbouring columns, read row by row so memory is walked in order.
  func row(
    _ v: Int, buffer: UnsafeMutablePointer<UInt8>, cache: inout TensorRowCache
  ) -> UnsafePointer<UInt8> {
    let (start, dx, dy) = storedWalk(v)
    if dx == 0 && spanCount > 1 {
      return column(start: start, dy: dy, cache: &cache)
    }
    switch format {
    case .rgb8, .rgba8, .bgra8, .gray8:
      readPacked(start: start, dx: dx, dy: dy, buffer: buffer)
    case .nv12(let space), .nv21(let space), .i420(let space):
      let chroma = ChromaLayout(format: format, space: space)
      if dy == 0 && (dx == 1 || dx == -1) && channels == 3 {
        readYUVStoredRow(start: start, mirror: dx == -1, chroma, buffer: buffer, cache: &cache)
      } else {
        readYUVPixels(start: start, dx: dx, dy: dy, chroma, buffer: buffer)
      }
    }
    return UnsafePointer(buffer)
  }

  /// Where display row `v`'s first read column is stored, and the stored step between
  /// neighbouring display columns (one of ±1 in x or y).
  private func storedWalk(_ v: Int) -> (start: (x: Int, y: Int), dx: Int, dy: Int) {
    let start = TensorOrientationMap.storedPoint(
      u: spanStart, v: v, width: width, height: height, orientation: orientation)
    guard spanCount > 1 else { return (start, 1, 0) }
    let next = TensorOrientationMap.storedPoint(
      u: spanStart + 1, v: v, width: width, height: height, orientation: orientation)
    return (start, next.x - start.x, next.y - start.y)
  }

  /// A display row that is a stored column, served from a block of 8 columns converted
  /// together (filled when the row's column is not in the cached block).
  private func column(start: (x: Int, y: Int), dy: Int, cache: inout TensorRowCache)
    -> UnsafePointer<UInt8>
  {
    let bx = start.x & ~7
    let slot = 3 * planeStride
    if cache.blockX != bx {
      fillBlock(bx: bx, y0: start.y, dy: dy, into: cache.block, slotStride: slot)
      cache.blockX = bx
    }
    return UnsafePointer(cache.block + (start.x - bx) * slot)
  }

  /// RGB, RGBA, BGRA or gray pixels along the walk into the output planes.
  private func readPacked(
    start: (x: Int, y: Int), dx: Int, dy: Int, buffer: UnsafeMutablePointer<UInt8>
  ) {
    let n = spanCount
    let gOut = buffer + planeStride
    let bOut = buffer + 2 * planeStride
    let bpp = format == .rgb8 ? 3 : (format == .gray8 ? 1 : 4)
    var a = start.y * stride0 + start.x * bpp
    let step = dy * stride0 + dx * bpp
    if format == .gray8 {
      if step == 1 {
        buffer.update(from: plane0 + a, count: n)
      } else {
        for i in 0..<n {
          buffer[i] = plane0[a]
          a &+= step
        }
      }
      if channels == 3 {
        gOut.update(from: buffer, count: n)
        bOut.update(from: buffer, count: n)
      }
      return
    }
    let (ri, bi) = format == .bgra8 ? (2, 0) : (0, 2)
    for i in 0..<n {
      let r = plane0[a &+ ri]
      let g = plane0[a &+ 1]
      let b = plane0[a &+ bi]
      store(r, g, b, at: i, buffer)
      a &+= step
    }
  }

  /// Stores pixel `i` of the span: Pillow's luma of (r, g, b) for one channel, otherwise r, g
  /// and b into the red, green and blue planes (`planeStride` bytes apart).
  @inline(__always)
  private func store(
    _ r: UInt8, _ g: UInt8, _ b: UInt8, at i: Int, _ buffer: UnsafeMutablePointer<UInt8>
  ) {
    if channels == 1 {
      buffer[i] = LumaWeights.gray(r, g, b)
    } else {
      buffer[i] = r
      buffer[planeStride &+ i] = g
      buffer[2 &* planeStride &+ i] = b
    }
  }

  /// Along a stored YUV row (R, G, B output): 8 pixels (4 chroma samples) at a time, left to
  /// right; a mirrored row is converted left to right and stored from the end backwards. A
  /// leading odd pixel and the tail are converted one by one.
  private func readYUVStoredRow(
    start: (x: Int, y: Int), mirror: Bool, _ chroma: ChromaLayout,
    buffer: UnsafeMutablePointer<UInt8>, cache: inout TensorRowCache
  ) {
    let n = spanCount
    let gOut = buffer + planeStride
    let bOut = buffer + 2 * planeStride
    let y = start.y
    var x = mirror ? start.x - (n - 1) : start.x
    let luma = plane0 + y * stride0
    let cRow = plane1 + (y >> 1) * stride1
    let c2Row = plane2 + (y >> 1) * stride2
    var i = 0
    if x & 1 == 1 && n > 0 {
      let (r, g, b) = chroma.convert(luma: luma, cRow: cRow, c2Row: c2Row, x: x)
      let last = mirror ? n - 1 : 0
      buffer[last] = r
      gOut[last] = g
      bOut[last] = b
      i = 1
      x += 1
    }
    // The chroma terms of pixels i ..< i + 8 live at chroma[3·i ...] (R, G, B vectors of
    // 8, per group of 8 pixels), computed once per chroma row (two luma rows share it).
    let groups = (n - i) / 8
    if cache.row != y >> 1 || cache.start != i {
      Self.fillChromaTerms(
        cache.terms, groups: groups, x: x, cRow: cRow, c2Row: c2Row, chroma)
      cache.row = y >> 1
      cache.start = i
    }
    Self.convertGroups(
      groups, luma: luma + x, terms: UnsafeRawPointer(cache.terms),
      vector: YUVVectorConverter(chroma.converter), red: buffer, green: gOut, blue: bOut,
      count: n, first: i, mirror: mirror)
    i += 8 &* groups
    x += 8 &* groups
    while i < n {
      let (r, g, b) = chroma.convert(luma: luma, cRow: cRow, c2Row: c2Row, x: x)
      buffer[mirror ? n - 1 - i : i] = r
      gOut[mirror ? n - 1 - i : i] = g
      bOut[mirror ? n - 1 - i : i] = b
      i += 1
      x += 1
    }
  }

  /// The chroma terms (R, G, B: 24 `Int32` per group) of `groups` groups of 8 pixels from
  /// stored column `x` of one chroma row.
  private static func fillChromaTerms(
    _ termsBase: UnsafeMutablePointer<Int32>, groups: Int, x: Int, cRow: UnsafePointer<UInt8>,
    c2Row: UnsafePointer<UInt8>, _ chroma: ChromaLayout
  ) {
    let converter = chroma.converter
    let crToR = SIMD8<Int32>(repeating: converter.crToR)
    let cbToG = SIMD8<Int32>(repeating: converter.cbToG)
    let crToG = SIMD8<Int32>(repeating: converter.crToG)
    let cbToB = SIMD8<Int32>(repeating: converter.cbToB)
    let center = SIMD8<Int32>(repeating: 128)
    var cx = x
    for group in 0..<groups {
      let (cb, cr) = chroma.samplePairs(cRow: cRow, c2Row: c2Row, chromaColumn: cx >> 1)
      let u = cb &- center
      let v = cr &- center
      let terms = UnsafeMutableRawPointer(termsBase + 24 &* group)
      terms.storeBytes(of: crToR &* v, as: SIMD8<Int32>.self)
      terms.storeBytes(of: cbToG &* u &+ crToG &* v, toByteOffset: 32, as: SIMD8<Int32>.self)
      terms.storeBytes(of: cbToB &* u, toByteOffset: 64, as: SIMD8<Int32>.self)
      cx &+= 8
    }
  }

  /// YUV pixels one by one along any walk (mirrored columns, gray output).
  private func readYUVPixels(
    start: (x: Int, y: Int), dx: Int, dy: Int, _ chroma: ChromaLayout,
    buffer: UnsafeMutablePointer<UInt8>
  ) {
    var x = start.x
    var y = start.y
    for i in 0..<spanCount {
      let cb: UInt8
      let cr: UInt8
      if chroma.triPlanar {
        cb = plane1[(y >> 1) &* stride1 &+ (x >> 1)]
        cr = plane2[(y >> 1) &* stride2 &+ (x >> 1)]
      } else {
        let c = (y >> 1) &* stride1 &+ (x >> 1) &* 2
        cb = plane1[c &+ chroma.cbOffset]
        cr = plane1[c &+ chroma.crOffset]
      }
      let (r, g, b) = chroma.converter.rgb(y: plane0[y &* stride0 &+ x], cb: cb, cr: cr)
      store(r, g, b, at: i, buffer)
      x &+= dx
      y &+= dy
    }
  }

  /// Converts stored columns `bx ..< min(bx + 8, width)` over stored rows `y0 + i·dy`
  /// (i < spanCount) into planar display rows, column c at `block + c × slotStride`.
  private func fillBlock(
    bx: Int, y0: Int, dy: Int, into block: UnsafeMutablePointer<UInt8>, slotStride: Int
  ) {
    switch format {
    case .rgb8, .rgba8, .bgra8, .gray8:
      fillPackedBlock(bx: bx, y0: y0, dy: dy, into: block, slotStride: slotStride)
    case .nv12(let space), .nv21(let space), .i420(let space):
      let chroma = ChromaLayout(format: format, space: space)
      if width - bx >= 8 && channels == 3 {
        fillYUVBlockVectorized(bx: bx, y0: y0, dy: dy, chroma, into: block, slotStride: slotStride)
      } else {
        fillYUVBlock(bx: bx, y0: y0, dy: dy, chroma, into: block, slotStride: slotStride)
      }
    }
  }

  /// ``fillBlock(bx:y0:dy:into:slotStride:)`` for RGB, RGBA, BGRA and gray images.
  private func fillPackedBlock(
    bx: Int, y0: Int, dy: Int, into block: UnsafeMutablePointer<UInt8>, slotStride: Int
  ) {
    let columns = min(8, width - bx)
    let ps = planeStride
    let bpp = format == .rgb8 ? 3 : (format == .gray8 ? 1 : 4)
    let (ri, bi) = format == .bgra8 ? (2, 0) : (0, 2)
    let gi = bpp == 1 ? 0 : 1
    let (rOff, bOff) = bpp == 1 ? (0, 0) : (ri, bi)
    var y = y0
    for i in 0..<spanCount {
      let p = plane0 + (y &* stride0 &+ bx &* bpp)
      for c in 0..<columns {
        let q = p + c &* bpp
        let r = q[rOff]
        let g = q[gi]
        let b = q[bOff]
        let out = block + (c &* slotStride &+ i)
        if channels == 1 {
          out[0] = bpp == 1 ? g : LumaWeights.gray(r, g, b)
        } else {
          out[0] = r
          out[ps] = g
          out[2 &* ps] = b
        }
      }
      y &+= dy
    }
  }

  /// ``fillBlock(bx:y0:dy:into:slotStride:)`` for 8 full YUV columns in R, G, B: eight
  /// neighbouring pixels of each stored row as vector lanes; eight stored rows at a time,
  /// transposed so each column becomes 8 display bytes.
  private func fillYUVBlockVectorized(
    bx: Int, y0: Int, dy: Int, _ chroma: ChromaLayout, into block: UnsafeMutablePointer<UInt8>,
    slotStride: Int
  ) {
    let n = spanCount
    let ps = planeStride
    let k = YUVVectorConverter(chroma.converter)
    // One stored row's 8 pixels as vectors.
    func convert8(_ y: Int) -> (SIMD8<UInt8>, SIMD8<UInt8>, SIMD8<UInt8>) {
      let cRow = plane1 + (y >> 1) &* stride1
      let c2Row = plane2 + (y >> 1) &* stride2
      let (cb, cr) = chroma.samplePairs(cRow: cRow, c2Row: c2Row, chromaColumn: bx >> 1)
      let yv = YUVVectorConverter.widen(UnsafeRawPointer(plane0 + y &* stride0 + bx))
      return k.rgb(y: yv, cb: cb, cr: cr)
    }
    var i = 0
    var y = y0
    while i + 8 <= n {
      let p0 = convert8(y)
      let p1 = convert8(y &+ dy)
      let p2 = convert8(y &+ 2 &* dy)
      let p3 = convert8(y &+ 3 &* dy)
      let p4 = convert8(y &+ 4 &* dy)
      let p5 = convert8(y &+ 5 &* dy)
      let p6 = convert8(y &+ 6 &* dy)
      let p7 = convert8(y &+ 7 &* dy)
      for plane in 0..<3 {
        var m: [8 of UInt64] = [
          Self.bits(p0, plane), Self.bits(p1, plane), Self.bits(p2, plane),
          Self.bits(p3, plane), Self.bits(p4, plane), Self.bits(p5, plane),
          Self.bits(p6, plane), Self.bits(p7, plane),
        ]
        YUVVectorConverter.transpose(&m)
        let out = block + (plane &* ps &+ i)
        for lane in 0..<8 {
          UnsafeMutableRawPointer(out + lane &* slotStride).storeBytes(
            of: m[lane].littleEndian, as: UInt64.self)
        }
      }
      i &+= 8
      y &+= 8 &* dy
    }
    while i < n {
      let (r, g, b) = convert8(y)
      let out = block + i
      for lane in 0..<8 {
        let o = out + lane &* slotStride
        o[0] = r[lane]
        o[ps] = g[lane]
        o[2 &* ps] = b[lane]
      }
      i &+= 1
      y &+= dy
    }
  }

  /// ``fillBlock(bx:y0:dy:into:slotStride:)`` for YUV, pixel by pixel (a last block narrower
  /// than 8 columns, or gray output).
  private func fillYUVBlock(
    bx: Int, y0: Int, dy: Int, _ chroma: ChromaLayout, into block: UnsafeMutablePointer<UInt8>,
    slotStride: Int
  ) {
    let columns = min(8, width - bx)
    let ps = planeStride
    var y = y0
    for i in 0..<spanCount {
      let luma = plane0 + y &* stride0
      let cRow = plane1 + (y >> 1) &* stride1
      let c2Row = plane2 + (y >> 1) &* stride2
      for c in 0..<columns {
        let (r, g, b) = chroma.convert(luma: luma, cRow: cRow, c2Row: c2Row, x: bx &+ c)
        let out = block + (c &* slotStride &+ i)
        if channels == 1 {
          out[0] = LumaWeights.gray(r, g, b)
        } else {
          out[0] = r
          out[ps] = g
          out[2 &* ps] = b
        }
      }
      y &+= dy
    }
  }

  /// `groups` groups of eight pixels of a stored YUV row, converted with the chroma terms
  /// cached in `terms` (24 `Int32` per group: R, G, B) and stored from element `first` on
  /// (from the end backwards when `mirror`). Kept out of line: inside the large `row(_:…)`
  /// the compiler stops inlining the SIMD conversions, which then cost more than the math.
  @inline(never)
  private static func convertGroups(
    _ groups: Int, luma: UnsafePointer<UInt8>, terms: UnsafeRawPointer,
    vector: YUVVectorConverter, red: UnsafeMutablePointer<UInt8>,
    green: UnsafeMutablePointer<UInt8>, blue: UnsafeMutablePointer<UInt8>, count n: Int,
    first: Int, mirror: Bool
  ) {
    var i = first
    for group in 0..<groups {
      let yv = YUVVectorConverter.widen(UnsafeRawPointer(luma + 8 &* group))
      let t = terms + 96 &* group
      let l = vector.luma(yv)
      let r = (l &+ t.loadUnaligned(as: SIMD8<Int32>.self)) &>> 16
      let g = (l &- t.loadUnaligned(fromByteOffset: 32, as: SIMD8<Int32>.self)) &>> 16
      let b = (l &+ t.loadUnaligned(fromByteOffset: 64, as: SIMD8<Int32>.self)) &>> 16
      let at = mirror ? n - 8 - i : i
      UnsafeMutableRawPointer(red + at).storeBytes(
        of: ordered(YUVVectorConverter.clamp8(r), mirror), as: UInt64.self)
      UnsafeMutableRawPointer(green + at).storeBytes(
        of: ordered(YUVVectorConverter.clamp8(g), mirror), as: UInt64.self)
      UnsafeMutableRawPointer(blue + at).storeBytes(
        of: ordered(YUVVectorConverter.clamp8(b), mirror), as: UInt64.self)
      i &+= 8
    }
  }

  /// Eight bytes as a little-endian word, in reverse order when `reversed`.
  @inline(__always)
  private static func ordered(_ v: SIMD8<UInt8>, _ reversed: Bool) -> UInt64 {
    let word = UInt64(littleEndian: unsafeBitCast(v, to: UInt64.self))
    return (reversed ? word.byteSwapped : word).littleEndian
  }

  /// Channel `plane` (0: R, 1: G, 2: B) of eight converted pixels as a little-endian word.
  @inline(__always)
  private static func bits(
    _ p: (SIMD8<UInt8>, SIMD8<UInt8>, SIMD8<UInt8>), _ plane: Int
  ) -> UInt64 {
    let v = plane == 0 ? p.0 : (plane == 1 ? p.1 : p.2)
    return UInt64(littleEndian: unsafeBitCast(v, to: UInt64.self))
  }
}
