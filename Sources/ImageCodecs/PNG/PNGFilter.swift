/// Reverses the five PNG scanline filters (None, Sub, Up, Average, Paeth).
///
/// Works on raw pointers fetched once per row. Three- and four-byte pixels (8-bit RGB and
/// RGBA, the common photo layouts) run one pixel per step in SIMD lanes; other strides use
/// scalar loops.
enum PNGFilter {
  /// Writes the unfiltered row to `destination`.
  ///
  /// - Parameters:
  ///   - type: The row's filter-type byte.
  ///   - source: The filtered row (`count` bytes, without its filter-type byte).
  ///   - previous: The unfiltered previous row of the same pass (`count` bytes, zeros for the
  ///     first row), readable for 4 bytes past `count`.
  ///   - destination: Receives `count` bytes; must be writable for 4 bytes past `count`.
  ///   - stride: Bytes per complete pixel (1...8).
  /// - Returns: false when `type` is not 0...4 (nothing is written then).
  @inline(__always)
  static func unfilter(
    type: UInt8, source: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>,
    destination: UnsafeMutablePointer<UInt8>, count: Int, stride: Int
  ) -> Bool {
    switch type {
    case 0:
      destination.update(from: source, count: count)
    case 1:
      sub(source, destination, count, stride)
    case 2:
      up(source, previous, destination, count)
    case 3:
      average(source, previous, destination, count, stride)
    case 4:
      paeth(source, previous, destination, count, stride)
    default:
      return false
    }
    return true
  }

  @inline(__always)
  private static func load4(_ pointer: UnsafePointer<UInt8>) -> SIMD4<Int16> {
    let word = UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self)
    return SIMD4<Int16>(truncatingIfNeeded: unsafeBitCast(word, to: SIMD4<UInt8>.self))
  }

  @inline(__always)
  private static func store4(_ value: SIMD4<Int16>, _ pointer: UnsafeMutablePointer<UInt8>) {
    let bytes = SIMD4<UInt8>(truncatingIfNeeded: value)
    UnsafeMutableRawPointer(pointer).storeBytes(
      of: unsafeBitCast(bytes, to: UInt32.self), as: UInt32.self)
  }

  /// The first `head` (1...4) bytes of `row` widened to 16-bit lanes, zeros after them.
  @inline(__always)
  private static func loadHead(_ row: UnsafePointer<UInt8>, _ head: Int) -> SIMD4<Int16> {
    SIMD4<Int16>(
      truncatingIfNeeded: SIMD4<UInt8>(
        row[0], head > 1 ? row[1] : 0, head > 2 ? row[2] : 0, head > 3 ? row[3] : 0))
  }

  /// The Paeth predictor of a byte from its left (`a`), upper (`b`) and upper-left (`c`)
  /// neighbours: whichever is closest to a + b − c, ties going to a, then b.
  @inline(__always)
  static func paethPredictor(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let pa = abs(b - c)
    let pb = abs(a - c)
    let pc = abs(a + b - c - c)
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
  }

  /// The Paeth predictor lane by lane, as ``paethPredictor(_:_:_:)-(Int,Int,Int)``; lanes
  /// hold bytes.
  ///
  /// Only pb and pc depend on `a` (the previous step's result in the unfiltering loops); the
  /// chain through them is kept short: pb = |a − c|, pc = |a + b − 2c|, each as the max of two
  /// differences taken from `a`. (Concrete lane types: the generic SIMD operations are lane
  /// loops.)
  @inline(__always)
  private static func paethPredictor(
    _ a: SIMD8<Int16>, _ b: SIMD8<Int16>, _ c: SIMD8<Int16>
  ) -> SIMD8<Int16> {
    let pa = pointwiseMax(b &- c, c &- b)
    let bMinus2c = b &- c &- c
    let pb = pointwiseMax(a &- c, c &- a)
    let pc = pointwiseMax(a &+ bMinus2c, (0 &- bMinus2c) &- a)
    var predictor = c
    predictor.replace(with: b, where: pb .<= pc)
    predictor.replace(with: a, where: (pa .<= pb) .& (pa .<= pc))
    return predictor
  }

  /// The Paeth predictor of one 3- or 4-byte pixel (the 8-lane form on the low half).
  @inline(__always)
  private static func paethPredictor(
    _ a: SIMD4<Int16>, _ b: SIMD4<Int16>, _ c: SIMD4<Int16>
  ) -> SIMD4<Int16> {
    let zero = SIMD4<Int16>()
    return paethPredictor(
      SIMD8(lowHalf: a, highHalf: zero), SIMD8(lowHalf: b, highHalf: zero),
      SIMD8(lowHalf: c, highHalf: zero)
    ).lowHalf
  }

  private static func sub(
    _ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>, _ count: Int,
    _ stride: Int
  ) {
    let head = min(stride, count)
    destination.update(from: source, count: head)
    var index = head
    while index < count {
      destination[index] = source[index] &+ destination[index - stride]
      index += 1
    }
  }

  private static func up(
    _ source: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>,
    _ destination: UnsafeMutablePointer<UInt8>, _ count: Int
  ) {
    var index = 0
    while index + 16 <= count {
      let a = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD16<UInt8>.self)
      let b = UnsafeRawPointer(previous + index).loadUnaligned(as: SIMD16<UInt8>.self)
      UnsafeMutableRawPointer(destination + index).storeBytes(of: a &+ b, as: SIMD16<UInt8>.self)
      index += 16
    }
    while index < count {
      destination[index] = source[index] &+ previous[index]
      index += 1
    }
  }

  private static func average(
    _ source: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>,
    _ destination: UnsafeMutablePointer<UInt8>, _ count: Int, _ stride: Int
  ) {
    unfilterPredicted(
      source, previous, destination, count, stride, predict: { a, b, _ in (a + b) >> 1 },
      predictLanes: { a, b, _ in (a &+ b) &>> 1 })
  }

  private static func paeth(
    _ source: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>,
    _ destination: UnsafeMutablePointer<UInt8>, _ count: Int, _ stride: Int
  ) {
    unfilterPredicted(
      source, previous, destination, count, stride, predict: { paethPredictor($0, $1, $2) },
      predictLanes: { paethPredictor($0, $1, $2) })
  }

  /// Reverses a filter that predicts each byte from its left (a), upper (b) and upper-left (c)
  /// neighbours, Average or Paeth: `predict` gives the prediction of one byte, `predictLanes`
  /// that of a whole 3- or 4-byte pixel (one step of the SIMD loop). Parameters as
  /// ``unfilter(type:source:previous:destination:count:stride:)``.
  @inline(__always)
  private static func unfilterPredicted(
    _ source: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>,
    _ destination: UnsafeMutablePointer<UInt8>, _ count: Int, _ stride: Int,
    predict: (_ a: Int, _ b: Int, _ c: Int) -> Int,
    predictLanes: (_ a: SIMD4<Int16>, _ b: SIMD4<Int16>, _ c: SIMD4<Int16>) -> SIMD4<Int16>
  ) {
    let head = min(stride, count)
    // The first pixel has no left neighbours: a = c = 0.
    for index in 0..<head {
      let predictor = predict(0, Int(previous[index]), 0)
      destination[index] = source[index] &+ UInt8(truncatingIfNeeded: predictor)
    }
    var index = head
    if stride == 3 || stride == 4 {
      var a = loadHead(destination, head)
      var c = load4(previous)
      while index + 4 <= count {
        let b = load4(previous + index)
        let value = (load4(source + index) &+ predictLanes(a, b, c)) & 0xFF
        store4(value, destination + index)
        a = value
        c = b
        index += stride
      }
    }
    while index < count {
      let predictor = predict(
        Int(destination[index - stride]), Int(previous[index]), Int(previous[index - stride]))
      destination[index] = source[index] &+ UInt8(truncatingIfNeeded: predictor)
      index += 1
    }
  }

  /// Reverses the Paeth filter on two consecutive rows at once, for 3- and 4-byte pixels.
  ///
  /// The second row lags one pixel behind the first, so that each step computes one pixel of
  /// each row in the two halves of one vector: every value the second row needs (the pixel
  /// above, above-left) comes from the first row's previous step. Twice the work per step
  /// on the same dependency chain.
  ///
  /// - Parameters:
  ///   - first, second: The filtered rows (`count` bytes each); `first` must be readable for
  ///     one byte past `count` (its successor's filter-type byte is).
  ///   - previous: The unfiltered row above `first`, readable for 4 bytes past `count`.
  ///   - firstOut, secondOut: Receive the rows; writable for 4 bytes past `count`, distinct
  ///     from each other and from `previous`.
  ///   - count: The row length, a multiple of `stride`.
  ///   - stride: 3 or 4.
  static func paethPair(
    _ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>,
    _ firstOut: UnsafeMutablePointer<UInt8>, _ secondOut: UnsafeMutablePointer<UInt8>, count: Int,
    stride: Int
  ) {
    let pixels = count / stride
    guard pixels >= 2 else {
      paeth(first, previous, firstOut, count, stride)
      paeth(second, firstOut, secondOut, count, stride)
      return
    }
    // Pixel 0 of the first row: only the byte above predicts it.
    for index in 0..<stride { firstOut[index] = first[index] &+ previous[index] }
    // State for step k: `a` = (first row pixel k−1, second row pixel k−2) results,
    // `c` = (previous row pixel k−1, first row pixel k−2).
    let zero = SIMD4<Int16>()
    var a = SIMD8<Int16>(lowHalf: load4(firstOut), highHalf: zero)
    var c = SIMD8<Int16>(lowHalf: load4(previous), highHalf: zero)
    for k in 1..<pixels {
      let offset = k * stride
      let b = SIMD8<Int16>(lowHalf: load4(previous + offset), highHalf: a.lowHalf)
      let x = SIMD8<Int16>(
        lowHalf: load4(first + offset), highHalf: load4(second + offset - stride))
      let value = (x &+ paethPredictor(a, b, c)) & 0xFF
      store4(value.lowHalf, firstOut + offset)
      store4(value.highHalf, secondOut + offset - stride)
      a = value
      c = b
    }
    // The second row's last pixel.
    for index in ((pixels - 1) * stride)..<count {
      let predictor = paethPredictor(
        Int(secondOut[index - stride]), Int(firstOut[index]), Int(firstOut[index - stride]))
      secondOut[index] = second[index] &+ UInt8(truncatingIfNeeded: predictor)
    }
  }
}
