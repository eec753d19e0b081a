extension DepthwiseConvolution {
  /// Pixels computed together by ``interiorRow(_:_:_:_:_:_:_:_:)``: four independent chains
  /// of multiply-adds, so that each chain's latency hides behind the others.
  static let pixelsPerStep = 4

  /// The interior output pixels `columns` of one output row (multiplier 1, any filter size,
  /// every tap column inside the image), channels `first ..< first + Lanes.scalarCount`,
  /// four pixels at a time sharing each weight load. Each output gets exactly
  /// ``taps(_:_:_:_:_:_:_:single:)``'s chain: its bias, then one multiply-add per tap, rows
  /// then columns in increasing order. Returns the first column left undone (fewer than four).
  @inline(__always)
  static func interiorRow<Lanes: SIMD>(
    _: Lanes.Type, _ o: DepthwiseOperands, _ image: UnsafePointer<Float>, _ originY: Int,
    _ tapRows: Range<Int>, _ columns: Range<Int>, _ output: UnsafeMutablePointer<Float>,
    _ first: Int
  ) -> Int where Lanes.Scalar == Float {
    let channels = o.inputChannels
    let bias: Lanes = load(o.bias + first)
    let (lower, upper) = (Lanes(repeating: o.lower), Lanes(repeating: o.upper))
    let (tapStep, pixelStep) = (o.dilationWidth &* channels, o.strideWidth &* channels)
    var x = columns.lowerBound
    while x &+ pixelsPerStep <= columns.upperBound {
      let originX = x &* o.strideWidth &- o.padLeft
      var (s0, s1, s2, s3) = (bias, bias, bias, bias)
      for ky in tapRows {
        let y = originY &+ ky &* o.dilationHeight
        var input = image + ((y &* o.inputWidth &+ originX) &* channels &+ first)
        var filter = o.filter + (ky &* o.filterWidth &* channels &+ first)
        for _ in 0..<o.filterWidth {
          let weight: Lanes = load(filter)
          s0 = multiplyAdd(load(input), weight, s0)
          s1 = multiplyAdd(load(input + pixelStep), weight, s1)
          s2 = multiplyAdd(load(input + 2 &* pixelStep), weight, s2)
          s3 = multiplyAdd(load(input + 3 &* pixelStep), weight, s3)
          input += tapStep
          filter += channels
        }
      }
      let out = output + (x &* channels &+ first)
      store(clamp(s0, lower, upper), out)
      store(clamp(s1, lower, upper), out + channels)
      store(clamp(s2, lower, upper), out + 2 &* channels)
      store(clamp(s3, lower, upper), out + 3 &* channels)
      x &+= pixelsPerStep
    }
    return x
  }
}
