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
  let lumaX: FrameFilterAxis
  let lumaY: FrameFilterAxis
  let chromaX: FrameFilterAxis
  let chromaY: FrameFilterAxis
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

  /// Packs every raw sample into the tensor at `writer` (planes as in ``Image``: Y, then
  /// chroma; `strides` their row strides).
  func run(
    plane0: UnsafePointer<UInt8>, plane1: UnsafePointer<UInt8>, plane2: UnsafePointer<UInt8>,
    stride0: Int, stride1: Int, stride2: Int, writer: TensorWriter, tensorWidth: Int
  ) {
    let countX = geometry.countX
    let countY = geometry.countY
    let pairs: Bool
    let crFirst: Bool
    switch chroma {
    case .interleaved(let first): (pairs, crFirst) = (true, first)
    case .planar: (pairs, crFirst) = (false, false)
    }
    let lumaSpan = lumaX.spanCount
    let chromaSpan = chromaX.spanCount
    let chromaLanes = chromaX.lanes
    let padded = (countX + 7) / 8 * 8
    // Scratch: lines (zero-padded past the span for the vector loads), 8-bit Y/Cb/Cr per
    // sample, R, G, B per sample, tap row pointers.
    let lumaLineCount = lumaSpan + lumaX.lanes + 8
    let chromaLineCount = chromaSpan + chromaLanes + 8
    let lumaLine = UnsafeMutablePointer<Int16>.allocate(capacity: lumaLineCount)
    lumaLine.initialize(repeating: 0, count: lumaLineCount)
    let cbLine = UnsafeMutablePointer<Int16>.allocate(capacity: chromaLineCount)
    cbLine.initialize(repeating: 0, count: chromaLineCount)
    let crLine = UnsafeMutablePointer<Int16>.allocate(capacity: chromaLineCount)
    crLine.initialize(repeating: 0, count: chromaLineCount)
    let samples = UnsafeMutablePointer<UInt8>.allocate(capacity: 3 * padded)
    samples.initialize(repeating: 0, count: 3 * padded)
    let maxTaps = max(lumaY.lanes, chromaY.lanes, 1)
    let rows = UnsafeMutablePointer<UnsafePointer<UInt8>>.allocate(capacity: maxTaps)
    rows.initialize(repeating: plane0, count: maxTaps)
    defer {
      lumaLine.deallocate()
      cbLine.deallocate()
      crLine.deallocate()
      samples.deallocate()
      rows.deallocate()
    }
    let ys = samples
    let cbs = samples + padded
    let crs = samples + 2 * padded
    let vector = YUVVectorConverter(converter)
    // Raw 8-bit RGB elements (uint8 without normalization) are stored without the tables.
    var identity = writer.channels == 3 && writer.elementSize == 1
    for c in 0..<3 where identity {
      for p in 0..<256 where writer.table[c * 256 + p] != UInt32(p) { identity = false }
    }
    lumaX.offsets.withUnsafeBufferPointer { lumaOffsetBuffer in
      lumaX.weights.withUnsafeBufferPointer { lumaXWeightBuffer in
        lumaY.weights.withUnsafeBufferPointer { lumaYWeightBuffer in
          chromaX.offsets.withUnsafeBufferPointer { chromaOffsetBuffer in
            chromaX.weights.withUnsafeBufferPointer { chromaXWeightBuffer in
              chromaY.weights.withUnsafeBufferPointer { chromaYWeightBuffer in
                guard let lumaOffsets = lumaOffsetBuffer.baseAddress,
                  let lumaXWeights = lumaXWeightBuffer.baseAddress,
                  let lumaYWeights = lumaYWeightBuffer.baseAddress,
                  let chromaOffsets = chromaOffsetBuffer.baseAddress,
                  let chromaXWeights = chromaXWeightBuffer.baseAddress,
                  let chromaYWeights = chromaYWeightBuffer.baseAddress
                else { return }
                let lumaColumn = lumaX.spanStart
                let chromaColumn = chromaX.spanStart * (pairs ? 2 : 1)
                for b in 0..<countY {
                  // Luma.
                  let lumaFirst = lumaY.spanStart + lumaY.offsets[b]
                  let lumaCount = lumaY.counts[b]
                  for k in 0..<lumaCount {
                    rows[k] = plane0 + (lumaFirst + k) * stride0 + lumaColumn
                  }
                  FramePlaneFilter.vertical(
                    rows: rows, weights: lumaYWeights + b * lumaY.lanes, count: lumaCount,
                    width: lumaSpan, into: lumaLine)
                  FramePlaneFilter.horizontal(
                    line: lumaLine, offsets: lumaOffsets, weights: lumaXWeights,
                    lanes: lumaX.lanes, outputs: countX, into: ys)
                  // Chroma.
                  let chromaFirst = chromaY.spanStart + chromaY.offsets[b]
                  let chromaCount = chromaY.counts[b]
                  let chromaYW = chromaYWeights + b * chromaY.lanes
                  for k in 0..<chromaCount {
                    rows[k] = plane1 + (chromaFirst + k) * stride1 + chromaColumn
                  }
                  if pairs {
                    FramePlaneFilter.verticalPairs(
                      rows: rows, weights: chromaYW, count: chromaCount, pairs: chromaSpan,
                      first: crFirst ? crLine : cbLine, second: crFirst ? cbLine : crLine)
                  } else {
                    FramePlaneFilter.vertical(
                      rows: rows, weights: chromaYW, count: chromaCount, width: chromaSpan,
                      into: cbLine)
                    for k in 0..<chromaCount {
                      rows[k] = plane2 + (chromaFirst + k) * stride2 + chromaColumn
                    }
                    FramePlaneFilter.vertical(
                      rows: rows, weights: chromaYW, count: chromaCount, width: chromaSpan,
                      into: crLine)
                  }
                  FramePlaneFilter.horizontalTwo(
                    first: cbLine, second: crLine, offsets: chromaOffsets,
                    weights: chromaXWeights, lanes: chromaLanes, outputs: countX,
                    firstOut: cbs, secondOut: crs)
                  let (start, step) = geometry.rowPlacement(b: b, tensorWidth: tensorWidth)
                  Self.write(
                    vector: vector, y: ys, cb: cbs, cr: crs, count: countX, writer: writer,
                    identity: identity, start: start, step: step)
                }
              }
            }
          }
        }
      }
    }
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
