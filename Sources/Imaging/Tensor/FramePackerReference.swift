/// The scalar reference of ``FramePacker``: the same taps and fixed-point rounding, summed
/// one output pixel at a time in `Int`, with the output pixel → raw sample mapping taken from
/// the §F.1 remap (``TensorOrientationMap``) instead of ``FrameGeometry``'s row placement.
struct FramePackerReference {
  let packer: FramePacker
  let image: PixelImage
  let orientation: ImageOrientation

  /// The packed tensor for `spec` (validated by the caller).
  /// The tensor; pixels outside the content are gray `border`.
  func pack(spec: TensorPackingSpec, border: UInt8 = 0) -> [UInt8] {
    let g = packer.geometry
    let size = spec.elementType.byteCount
    var output = [UInt8](repeating: 0, count: spec.byteCount)
    func store(_ bits: UInt32, at offset: Int) {
      for k in 0..<size { output[offset + k] = UInt8(truncatingIfNeeded: bits >> (8 * k)) }
    }
    for j in 0..<spec.height {
      for i in 0..<spec.width {
        let pixel = j * spec.width + i
        let inside =
          i >= g.content.x && i < g.content.x + g.content.width && j >= g.content.y
          && j < g.content.y + g.content.height
        var rgb: (UInt8, UInt8, UInt8) = (border, border, border)
        if inside {
          let (a, b) = TensorOrientationMap.storedPoint(
            u: i - g.content.x, v: j - g.content.y, width: g.countX, height: g.countY,
            orientation: orientation)
          rgb = sample(a: a, b: b)
        }
        if spec.channels == 1 {
          store(
            spec.element(pixel: LumaWeights.gray(rgb.0, rgb.1, rgb.2), channel: 0),
            at: pixel * size)
        } else {
          store(spec.element(pixel: rgb.0, channel: 0), at: (3 * pixel) * size)
          store(spec.element(pixel: rgb.1, channel: 1), at: (3 * pixel + 1) * size)
          store(spec.element(pixel: rgb.2, channel: 2), at: (3 * pixel + 2) * size)
        }
      }
    }
    return output
  }

  /// R, G, B of raw sample (a, b).
  func sample(a: Int, b: Int) -> (UInt8, UInt8, UInt8) {
    let planes = image.planes
    let y = filtered(
      plane: planes[0], xAxis: packer.lumaX, yAxis: packer.lumaY, a: a, b: b, step: 1, offset: 0)
    let cb: UInt8
    let cr: UInt8
    switch packer.chroma {
    case .interleaved(let crFirst):
      let first = filtered(
        plane: planes[1], xAxis: packer.chromaX, yAxis: packer.chromaY, a: a, b: b, step: 2,
        offset: 0)
      let second = filtered(
        plane: planes[1], xAxis: packer.chromaX, yAxis: packer.chromaY, a: a, b: b, step: 2,
        offset: 1)
      (cb, cr) = crFirst ? (second, first) : (first, second)
    case .planar:
      cb = filtered(
        plane: planes[1], xAxis: packer.chromaX, yAxis: packer.chromaY, a: a, b: b, step: 1,
        offset: 0)
      cr = filtered(
        plane: planes[2], xAxis: packer.chromaX, yAxis: packer.chromaY, a: a, b: b, step: 1,
        offset: 0)
    }
    return packer.converter.rgb(y: y, cb: cb, cr: cr)
  }

  /// One plane filtered at raw sample (a, b): byte `offset + step · column` of each row.
  func filtered(
    plane: ImagePlane, xAxis: FrameFilterAxis, yAxis: FrameFilterAxis, a: Int, b: Int,
    step: Int, offset: Int
  ) -> UInt8 {
    var sum = 0
    for t in 0..<xAxis.counts[a] {
      let column = xAxis.spanStart + xAxis.offsets[a] + t
      var vertical = 0
      for k in 0..<yAxis.counts[b] {
        let row = yAxis.spanStart + yAxis.offsets[b] + k
        let weight = Int(yAxis.weights[b * yAxis.lanes + k])
        vertical += weight * Int(plane.bytes[row * plane.bytesPerRow + step * column + offset])
      }
      sum += Int(xAxis.weights[a * xAxis.lanes + t]) * ((vertical + 1) >> 1)
    }
    return UInt8(max(0, min(255, (sum + (1 << 20)) >> 21)))
  }
}
