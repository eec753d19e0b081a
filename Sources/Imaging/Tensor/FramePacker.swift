/// The fast camera-frame path of ``TensorPacker/packFrame(image:orientation:crop:fit:spec:filter:maxBytes:)``
/// for YUV 4:2:0 images: the Y plane and the chroma plane(s) are resampled straight to the
/// output size in raw coordinates (``FramePlaneFilter``, weights from ``FrameFilterAxis``),
/// converted to R, G, B per output sample, and written through the orientation.
struct FramePacker {
  /// How the chroma samples are stored.
  enum Chroma {
    /// One interleaved plane; `crFirst` for NV21 (Cr, Cb pairs).
    case interleaved(crFirst: Bool)
    /// Separate Cb and Cr planes (I420).
    case planar
  }

  let geometry: FrameGeometry
  let lumaX, lumaY, chromaX, chromaY: FrameFilterAxis
  let chroma: Chroma
  let converter: YUVToRGBConverter

  /// Weight precision of the vertical pass (weights sum to 256).
  static let verticalBits = 8
  /// Weight precision of the horizontal pass (weights sum to 2^14).
  static let horizontalBits = 14

  /// The axes for `geometry` on a `width × height` image. Chroma coordinates are luma
  /// coordinates halved (chroma sample k covers luma `[2k, 2k + 2)`, centre-sited).
  init(
    geometry g: FrameGeometry, width: Int, height: Int, chroma: Chroma, space: YUVColorSpace,
    filter: ResamplingFilter
  ) {
    geometry = g
    self.chroma = chroma
    converter = YUVToRGBConverter(space)
    let chromaWidth = (width + 1) / 2
    let chromaHeight = (height + 1) / 2
    lumaX = FrameFilterAxis(
      start: Double(g.x0), end: Double(g.x1), size: width, outputCount: g.countX, filter: filter,
      bits: Self.horizontalBits, laneMultiple: 8)
    lumaY = FrameFilterAxis(
      start: Double(g.y0), end: Double(g.y1), size: height, outputCount: g.countY, filter: filter,
      bits: Self.verticalBits, laneMultiple: 1)
    chromaX = FrameFilterAxis(
      start: Double(g.x0) / 2, end: Double(g.x1) / 2, size: chromaWidth, outputCount: g.countX,
      filter: filter, bits: Self.horizontalBits, laneMultiple: 8)
    chromaY = FrameFilterAxis(
      start: Double(g.y0) / 2, end: Double(g.y1) / 2, size: chromaHeight, outputCount: g.countY,
      filter: filter, bits: Self.verticalBits, laneMultiple: 1)
  }

  /// The filter taps of the four axes as pointers, valid during one run.
  struct Taps {
    var lumaOffsets: UnsafePointer<Int>
    var lumaXWeights, lumaYWeights: UnsafePointer<Int16>
    var chromaOffsets: UnsafePointer<Int>
    var chromaXWeights, chromaYWeights: UnsafePointer<Int16>
  }

  /// Packs every raw sample into the tensor at `writer`: per output row of raw samples, the
  /// luma and chroma planes are filtered vertically then horizontally, converted to R, G, B
  /// and written through the orientation.
  func run(planes: PlanePointers, writer: TensorWriter, tensorWidth: Int) {
    let scratch = FrameScratch(
      lumaCount: lumaX.spanCount + lumaX.lanes + 8,
      chromaCount: chromaX.spanCount + chromaX.lanes + 8, outputs: geometry.countX,
      taps: max(lumaY.lanes, chromaY.lanes), anyRow: planes.plane0)
    defer { scratch.deallocate() }
    let vector = YUVVectorConverter(converter)
    let identity = Self.storesRawBytes(writer)
    withTaps { taps in
      for b in 0..<geometry.countY {
        filterLuma(row: b, planes, taps, scratch)
        filterChroma(row: b, planes, taps, scratch)
        let (start, step) = geometry.rowPlacement(b: b, tensorWidth: tensorWidth)
        Self.write(
          vector: vector, y: scratch.ys, cb: scratch.cbs, cr: scratch.crs,
          count: geometry.countX, writer: writer, identity: identity, start: start, step: step)
      }
    }
  }

  /// Whether `writer`'s tables store 8-bit R, G, B unchanged (uint8 without normalization),
  /// so bytes can be stored without the tables.
  private static func storesRawBytes(_ writer: TensorWriter) -> Bool {
    guard writer.channels == 3 && writer.elementSize == 1 else { return false }
    for c in 0..<3 {
      for p in 0..<256 where writer.table[c * 256 + p] != UInt32(p) { return false }
    }
    return true
  }

  /// Calls `body` with the axes' offsets and weights as pointers.
  private func withTaps(_ body: (Taps) -> Void) {
    lumaX.offsets.withUnsafeBufferPointer { lumaOffsets in
      lumaX.weights.withUnsafeBufferPointer { lumaXWeights in
        lumaY.weights.withUnsafeBufferPointer { lumaYWeights in
          chromaX.offsets.withUnsafeBufferPointer { chromaOffsets in
            chromaX.weights.withUnsafeBufferPointer { chromaXWeights in
              chromaY.weights.withUnsafeBufferPointer { chromaYWeights in
                guard let a = lumaOffsets.baseAddress, let b = lumaXWeights.baseAddress,
                  let c = lumaYWeights.baseAddress, let d = chromaOffsets.baseAddress,
                  let e = chromaXWeights.baseAddress, let f = chromaYWeights.baseAddress
                else { return }
                body(
                  Taps(
                    lumaOffsets: a, lumaXWeights: b, lumaYWeights: c, chromaOffsets: d,
                    chromaXWeights: e, chromaYWeights: f))
              }
            }
          }
        }
      }
    }
  }

  /// Output row `b`'s Y samples into `scratch.ys`.
  @inline(__always)
  private func filterLuma(
    row b: Int, _ planes: PlanePointers, _ taps: Taps, _ scratch: FrameScratch
  ) {
    let first = lumaY.spanStart + lumaY.offsets[b]
    let count = lumaY.counts[b]
    for k in 0..<count {
      scratch.rows[k] = planes.plane0 + (first + k) * planes.stride0 + lumaX.spanStart
    }
    FramePlaneFilter.vertical(
      rows: scratch.rows, weights: taps.lumaYWeights + b * lumaY.lanes, count: count,
      width: lumaX.spanCount, into: scratch.lumaLine)
    FramePlaneFilter.horizontal(
      line: scratch.lumaLine, offsets: taps.lumaOffsets, weights: taps.lumaXWeights,
      lanes: lumaX.lanes, outputs: geometry.countX, into: scratch.ys)
  }

  /// Output row `b`'s Cb and Cr samples into `scratch.cbs` and `scratch.crs`.
  @inline(__always)
  private func filterChroma(
    row b: Int, _ planes: PlanePointers, _ taps: Taps, _ scratch: FrameScratch
  ) {
    let pairs: Bool
    let crFirst: Bool
    switch chroma {
    case .interleaved(let first): (pairs, crFirst) = (true, first)
    case .planar: (pairs, crFirst) = (false, false)
    }
    let column = chromaX.spanStart * (pairs ? 2 : 1)
    let first = chromaY.spanStart + chromaY.offsets[b]
    let count = chromaY.counts[b]
    let weights = taps.chromaYWeights + b * chromaY.lanes
    let span = chromaX.spanCount
    for k in 0..<count {
      scratch.rows[k] = planes.plane1 + (first + k) * planes.stride1 + column
    }
    if pairs {
      FramePlaneFilter.verticalPairs(
        rows: scratch.rows, weights: weights, count: count, pairs: span,
        first: crFirst ? scratch.crLine : scratch.cbLine,
        second: crFirst ? scratch.cbLine : scratch.crLine)
    } else {
      FramePlaneFilter.vertical(
        rows: scratch.rows, weights: weights, count: count, width: span, into: scratch.cbLine)
      for k in 0..<count {
        scratch.rows[k] = planes.plane2 + (first + k) * planes.stride2 + column
      }
      FramePlaneFilter.vertical(
        rows: scratch.rows, weights: weights, count: count, width: span, into: scratch.crLine)
    }
    FramePlaneFilter.horizontalTwo(
      first: scratch.cbLine, second: scratch.crLine, offsets: taps.chromaOffsets,
      weights: taps.chromaXWeights, lanes: chromaX.lanes, outputs: geometry.countX,
      firstOut: scratch.cbs, secondOut: scratch.crs)
  }

  /// Converts `count` Y, Cb, Cr samples (readable up to a multiple of 8) to R, G, B and
  /// stores their elements at tensor pixels `start`, `start + step`, … through `writer`'s
  /// tables (gray: Pillow's luma of the RGB); `identity` when the tables map every 8-bit
  /// RGB value to itself (the bytes are stored directly).
  @inline(__always)
  static func write(
    vector: YUVVectorConverter, y: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>,
    cr: UnsafePointer<UInt8>, count: Int, writer: TensorWriter, identity: Bool, start: Int,
    step: Int
  ) {
    let table = writer.table
    let output = writer.output
    let bytes = output.assumingMemoryBound(to: UInt8.self)
    let gray = writer.channels == 1
    let wide = writer.elementSize == 4

    var index = start
    var a = 0
    while a < count {
      let yv = UnsafeRawPointer(y + a).loadUnaligned(as: SIMD8<UInt8>.self)
      let cbv = UnsafeRawPointer(cb + a).loadUnaligned(as: SIMD8<UInt8>.self)
      let crv = UnsafeRawPointer(cr + a).loadUnaligned(as: SIMD8<UInt8>.self)
      let (r, g, b) = vector.rgb(
        y: SIMD8<Int32>(truncatingIfNeeded: yv), cb: SIMD8<Int32>(truncatingIfNeeded: cbv),
        cr: SIMD8<Int32>(truncatingIfNeeded: crv))
      let lanes = min(8, count &- a)
      switch (gray, wide) {
      case (false, false) where identity:
        for lane in 0..<lanes {
          bytes[3 &* index] = r[lane]
          bytes[3 &* index &+ 1] = g[lane]
          bytes[3 &* index &+ 2] = b[lane]
          index &+= step
        }
      case (false, false):
        for lane in 0..<lanes {
          bytes[3 &* index] = UInt8(truncatingIfNeeded: table[Int(r[lane])])
          bytes[3 &* index &+ 1] = UInt8(truncatingIfNeeded: table[256 &+ Int(g[lane])])
          bytes[3 &* index &+ 2] = UInt8(truncatingIfNeeded: table[512 &+ Int(b[lane])])
          index &+= step
        }
      case (false, true):
        for lane in 0..<lanes {
          output.storeBytes(
            of: table[Int(r[lane])].littleEndian, toByteOffset: 12 &* index, as: UInt32.self)
          output.storeBytes(
            of: table[256 &+ Int(g[lane])].littleEndian, toByteOffset: 12 &* index &+ 4,
            as: UInt32.self)
          output.storeBytes(
            of: table[512 &+ Int(b[lane])].littleEndian, toByteOffset: 12 &* index &+ 8,
            as: UInt32.self)
          index &+= step
        }
      case (true, false):
        for lane in 0..<lanes {
          let level = LumaWeights.gray(r[lane], g[lane], b[lane])
          bytes[index] = UInt8(truncatingIfNeeded: table[Int(level)])
          index &+= step
        }
      case (true, true):
        for lane in 0..<lanes {
          let level = LumaWeights.gray(r[lane], g[lane], b[lane])
          output.storeBytes(
            of: table[Int(level)].littleEndian, toByteOffset: 4 &* index, as: UInt32.self)
          index &+= step
        }
      }
      a &+= 8
    }
  }
}
