/// Reads a span of one display (upright) row of an image as R, G, B planes or gray levels,
/// through the SPEC §F.1 orientation remap, converting the pixel format exactly as
/// ``Image/converted(to:)`` does (YUV with nearest chroma and ``YUVToRGBConverter``, RGB →
/// gray with ``LumaWeights``). The tensor packer resamples these rows.
struct TensorRowReader {
  /// The image's format.
  let format: PixelFormat
  /// Stored size.
  let width: Int
  let height: Int
  let orientation: ImageOrientation
  /// Output channels: 3 (R, G, B) or 1 (gray).
  let channels: Int
  /// First display column read.
  let spanStart: Int
  /// Display columns read (≥ 1).
  let spanCount: Int
  /// Plane bases (unused planes repeat the first) and strides.
  let plane0: UnsafePointer<UInt8>
  let plane1: UnsafePointer<UInt8>
  let plane2: UnsafePointer<UInt8>
  let stride0: Int
  let stride1: Int
  let stride2: Int

  /// Distance between the R, G, B planes of the output row.
  let planeStride: Int

  /// Writes display row `v` (0..<display height), columns `spanStart ..< spanStart +
  /// spanCount` (inside the display width), to `buffer` as planes: R at 0, G at
  /// `planeStride`, B at `2 × planeStride` (gray: one plane), and returns `buffer`.
  ///
  /// `cache` keeps the chroma terms of the last chroma row for upright YUV rows, and for
  /// rotated orientations (display rows are stored columns) a block of 8 converted
  /// neighbouring columns, read row by row so memory is walked in order.
  func row(
    _ v: Int, buffer: UnsafeMutablePointer<UInt8>, cache: inout TensorRowCache
  ) -> UnsafePointer<UInt8> {
    let start = TensorOrientationMap.storedPoint(
      u: spanStart, v: v, width: width, height: height, orientation: orientation)
    var dx = 1
    var dy = 0
    if spanCount > 1 {
      let next = TensorOrientationMap.storedPoint(
        u: spanStart + 1, v: v, width: width, height: height, orientation: orientation)
      dx = next.x - start.x
      dy = next.y - start.y
    }
    let n = spanCount
    let gOut = buffer + planeStride
    let bOut = buffer + 2 * planeStride
    if dx == 0 && n > 1 {
      // A stored column: serve it from a block of 8 columns converted together.
      let bx = start.x & ~7
      let slot = 3 * planeStride
      if cache.blockX != bx {
        fillBlock(bx: bx, y0: start.y, dy: dy, into: cache.block, slotStride: slot)
        cache.blockX = bx
      }
      return UnsafePointer(cache.block + (start.x - bx) * slot)
    }
    switch format {
    case .rgb8, .rgba8, .bgra8, .gray8:
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
        return UnsafePointer(buffer)
      }
      let (ri, bi) = format == .bgra8 ? (2, 0) : (0, 2)
      for i in 0..<n {
        let r = plane0[a &+ ri]
        let g = plane0[a &+ 1]
        let b = plane0[a &+ bi]
        if channels == 1 {
          buffer[i] = LumaWeights.gray(r, g, b)
        } else {
          buffer[i] = r
          gOut[i] = g
          bOut[i] = b
        }
        a &+= step
      }
      return UnsafePointer(buffer)
    case .nv12(let space), .nv21(let space), .i420(let space):
      let converter = YUVToRGBConverter(space)
      let triPlanar = format == .i420(space)
      let (cbOffset, crOffset) = format == .nv21(space) ? (1, 0) : (0, 1)
      var x = start.x
      var y = start.y
      var i = 0
      if dy == 0 && (dx == 1 || dx == -1) && channels == 3 {
        // Along a stored row: 8 pixels (4 chroma samples) at a time, left to right (a
        // mirrored row is converted left to right and stored from the end backwards).
        let mirror = dx == -1
        if mirror { x = start.x - (n - 1) }
        let last = mirror ? n - 1 : 0
        let luma = plane0 + y * stride0
        let cRow = plane1 + (y >> 1) * stride1
        let c2Row = plane2 + (y >> 1) * stride2
        if x & 1 == 1 && n > 0 {
          let (r, g, b) = Self.convert(
            converter, luma: luma, cRow: cRow, c2Row: c2Row, x: x, triPlanar: triPlanar,
            cbOffset: cbOffset, crOffset: crOffset)
          buffer[last] = r
          gOut[last] = g
          bOut[last] = b
          i = 1
          x += 1
        }
        let vector = YUVVectorConverter(converter)
        // The chroma terms of pixels i ..< i + 8 live at chroma[3·i ...] (R, G, B vectors of
        // 8, per group of 8 pixels), computed once per chroma row (two luma rows share it).
        let groups = (n - i) / 8
        if cache.row != y >> 1 || cache.start != i {
          let crToR = SIMD8<Int32>(repeating: converter.crToR)
          let cbToG = SIMD8<Int32>(repeating: converter.cbToG)
          let crToG = SIMD8<Int32>(repeating: converter.crToG)
          let cbToB = SIMD8<Int32>(repeating: converter.cbToB)
          let center = SIMD8<Int32>(repeating: 128)
          var cx = x
          for group in 0..<groups {
            let cb: SIMD8<Int32>
            let cr: SIMD8<Int32>
            let c = cx >> 1
            if triPlanar {
              cb = Self.pairs(cRow + c, step: 1)
              cr = Self.pairs(c2Row + c, step: 1)
            } else {
              cb = Self.pairs(cRow + (2 &* c &+ cbOffset), step: 2)
              cr = Self.pairs(cRow + (2 &* c &+ crOffset), step: 2)
            }
            let u = cb &- center
            let v = cr &- center
            let terms = UnsafeMutableRawPointer(cache.terms + 24 &* group)
            terms.storeBytes(of: crToR &* v, as: SIMD8<Int32>.self)
            terms.storeBytes(of: cbToG &* u &+ crToG &* v, toByteOffset: 32, as: SIMD8<Int32>.self)
            terms.storeBytes(of: cbToB &* u, toByteOffset: 64, as: SIMD8<Int32>.self)
            cx &+= 8
          }
          cache.row = y >> 1
          cache.start = i
        }
        Self.convertGroups(
          groups, luma: luma + x, terms: UnsafeRawPointer(cache.terms), vector: vector,
          red: buffer, green: gOut, blue: bOut, count: n, first: i, mirror: mirror)
        i += 8 &* groups
        x += 8 &* groups
        while i < n {
          let (r, g, b) = Self.convert(
            converter, luma: luma, cRow: cRow, c2Row: c2Row, x: x, triPlanar: triPlanar,
            cbOffset: cbOffset, crOffset: crOffset)
          buffer[mirror ? n - 1 - i : i] = r
          gOut[mirror ? n - 1 - i : i] = g
          bOut[mirror ? n - 1 - i : i] = b
          i += 1
          x += 1
        }
        return UnsafePointer(buffer)
      }
      while i < n {
        let cb: UInt8
        let cr: UInt8
        if triPlanar {
          cb = plane1[(y >> 1) &* stride1 &+ (x >> 1)]
          cr = plane2[(y >> 1) &* stride2 &+ (x >> 1)]
        } else {
          let c = (y >> 1) &* stride1 &+ (x >> 1) &* 2
          cb = plane1[c &+ cbOffset]
          cr = plane1[c &+ crOffset]
        }
        let (r, g, b) = converter.rgb(y: plane0[y &* stride0 &+ x], cb: cb, cr: cr)
        if channels == 1 {
          buffer[i] = LumaWeights.gray(r, g, b)
        } else {
          buffer[i] = r
          gOut[i] = g
          bOut[i] = b
        }
        x &+= dx
        y &+= dy
        i += 1
      }
      return UnsafePointer(buffer)
    }
  }

  /// Converts stored columns `bx ..< min(bx + 8, width)` over stored rows `y0 + i·dy`
  /// (i < spanCount) into planar display rows, column c at `block + c × slotStride`.
  private func fillBlock(
    bx: Int, y0: Int, dy: Int, into block: UnsafeMutablePointer<UInt8>, slotStride: Int
  ) {
    let columns = min(8, width - bx)
    let n = spanCount
    let ps = planeStride
    var y = y0
    switch format {
    case .rgb8, .rgba8, .bgra8, .gray8:
      let bpp = format == .rgb8 ? 3 : (format == .gray8 ? 1 : 4)
      let (ri, bi) = format == .bgra8 ? (2, 0) : (0, 2)
      let gi = bpp == 1 ? 0 : 1
      let (rOff, bOff) = bpp == 1 ? (0, 0) : (ri, bi)
      for i in 0..<n {
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
    case .nv12(let space), .nv21(let space), .i420(let space):
      let converter = YUVToRGBConverter(space)
      let triPlanar = format == .i420(space)
      let (cbOffset, crOffset) = format == .nv21(space) ? (1, 0) : (0, 1)
      if columns == 8 && channels == 3 {
        // Eight neighbouring pixels of each stored row as vector lanes.
        let k = YUVVectorConverter(converter)
        // One stored row's 8 pixels as vectors.
        func convert8(_ y: Int) -> (SIMD8<UInt8>, SIMD8<UInt8>, SIMD8<UInt8>) {
          let luma = plane0 + y &* stride0
          let cRow = plane1 + (y >> 1) &* stride1
          let c = bx >> 1
          let cb: SIMD8<Int32>
          let cr: SIMD8<Int32>
          if triPlanar {
            let c2Row = plane2 + (y >> 1) &* stride2
            cb = Self.pairs(cRow + c, step: 1)
            cr = Self.pairs(c2Row + c, step: 1)
          } else {
            cb = Self.pairs(cRow + (2 &* c &+ cbOffset), step: 2)
            cr = Self.pairs(cRow + (2 &* c &+ crOffset), step: 2)
          }
          let yv = YUVVectorConverter.widen(UnsafeRawPointer(luma + bx))
          return k.rgb(y: yv, cb: cb, cr: cr)
        }
        do {
          var i = 0
          // Eight stored rows at a time, transposed so each column becomes 8 display bytes.
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
        return
      }
      for i in 0..<n {
        let luma = plane0 + y &* stride0
        let cRow = plane1 + (y >> 1) &* stride1
        let c2Row = plane2 + (y >> 1) &* stride2
        for c in 0..<columns {
          let (r, g, b) = Self.convert(
            converter, luma: luma, cRow: cRow, c2Row: c2Row, x: bx &+ c, triPlanar: triPlanar,
            cbOffset: cbOffset, crOffset: crOffset)
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

  /// `p[0], p[0], p[step], p[step], …` for four samples: chroma shared by pixel pairs.
  @inline(__always)
  private static func pairs(_ p: UnsafePointer<UInt8>, step: Int) -> SIMD8<Int32> {
    let a = Int32(p[0])
    let b = Int32(p[step])
    let c = Int32(p[2 &* step])
    let d = Int32(p[3 &* step])
    return SIMD8<Int32>(a, a, b, b, c, c, d, d)
  }

  /// One pixel of a stored YUV row.
  @inline(__always)
  private static func convert(
    _ converter: YUVToRGBConverter, luma: UnsafePointer<UInt8>, cRow: UnsafePointer<UInt8>,
    c2Row: UnsafePointer<UInt8>, x: Int, triPlanar: Bool, cbOffset: Int, crOffset: Int
  ) -> (UInt8, UInt8, UInt8) {
    if triPlanar {
      return converter.rgb(y: luma[x], cb: cRow[x >> 1], cr: c2Row[x >> 1])
    }
    let c = (x >> 1) &* 2
    return converter.rgb(y: luma[x], cb: cRow[c &+ cbOffset], cr: cRow[c &+ crOffset])
  }
}
