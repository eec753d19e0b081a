/// Turns an image into a model's input tensor: orientation, crop, fit, resize, color
/// conversion and normalization.
public enum TensorPacker {
  /// The tensor for `spec` from `image`, in one pass over the output pixels.
  ///
  /// Steps, all fused: the stored pixels are seen upright through `orientation` (SPEC §F.1);
  /// `crop` (display coordinates, default the whole image) picks a region; `fit` places it
  /// in `spec.width × spec.height`; `filter` resamples it (see ``ResamplingFilter``); pixels
  /// become R, G, B (or gray for one channel) and then elements (see
  /// ``TensorPackingSpec``). Resampling follows Pillow's order in display space: each needed
  /// display row is read through the orientation (a stored row or column), converted to
  /// R, G, B (YUV with nearest chroma, as ``Image/converted(to:)``) or gray, filtered
  /// horizontally into a small ring of 8-bit rows, then each output row is filtered
  /// vertically. No full-size intermediate image is made.
  ///
  /// Agreement with ``packReference(image:orientation:crop:fit:spec:filter:maxBytes:)``:
  /// identical bytes for every format (YUV included), orientation, crop, fit and filter,
  /// since the conversion happens before resampling in both. With `.bilinear` and
  /// `.stretch`, the whole image into RGB (or gray) equals Pillow 13's
  /// `convert("RGB").resize((W, H), Image.BILINEAR)` byte for byte.
  ///
  /// - Returns: `spec.byteCount` bytes: NHWC, rows top first, float32 little-endian.
  /// - Throws: ``ImageError/invalidArgument(_:)`` for an invalid spec or a crop missing the
  ///   image, or a tensor larger than `maxBytes`.
  public static func pack(
    image: Image, orientation: ImageOrientation = .up, crop: TensorCrop? = nil,
    fit: ImageFit = .stretch, spec: TensorPackingSpec, filter: ResamplingFilter = .bilinear,
    maxBytes: Int = 1 << 28
  ) throws(ImageError) -> [UInt8] {
    try spec.validate(maxBytes: maxBytes)
    let width = image.width
    let height = image.height
    let swaps = TensorOrientationMap.swapsAxes(orientation)
    let (displayWidth, displayHeight) = swaps ? (height, width) : (width, height)
    let region = try TensorCrop.region(
      crop, displayWidth: displayWidth, displayHeight: displayHeight)
    let geometry = FitGeometry(
      x: region.x, y: region.y, width: region.width, height: region.height,
      outputWidth: spec.width, outputHeight: spec.height, fit: fit)
    let source = geometry.source
    let content = geometry.content
    let u = ResamplingAxis(
      sourceStart: source.x, sourceCount: source.width, outputCount: content.width, filter: filter)
    let v = ResamplingAxis(
      sourceStart: source.y, sourceCount: source.height, outputCount: content.height,
      filter: filter)
    let channels = spec.channels
    var resampler = PlaneResampler(xAxis: u, yAxis: v, channels: channels, planar: true)
    let spanStart = resampler.spanStart
    let spanCount = resampler.spanCount

    let table = spec.elementTable()
    var output = [UInt8](repeating: 0, count: spec.byteCount)
    if content.width != spec.width || content.height != spec.height {
      fillBorder(&output, table: table, spec: spec)
    }
    let format = image.format
    let planes = image.planes
    let last = planes.count - 1
    let planeStride = resampler.planeStride
    var rowBuffer = [UInt8](repeating: 0, count: planeStride * channels)
    table.withUnsafeBufferPointer { tableBuffer in
      output.withUnsafeMutableBytes { outBytes in
        planes[0].bytes.withUnsafeBufferPointer { buffer0 in
          planes[min(1, last)].bytes.withUnsafeBufferPointer { buffer1 in
            planes[min(2, last)].bytes.withUnsafeBufferPointer { buffer2 in
              rowBuffer.withUnsafeMutableBufferPointer { rowPointer in
                guard let tablePointer = tableBuffer.baseAddress,
                  let outPointer = outBytes.baseAddress, let p0 = buffer0.baseAddress,
                  let p1 = buffer1.baseAddress, let p2 = buffer2.baseAddress,
                  let scratch = rowPointer.baseAddress
                else { return }
                let writer = TensorWriter(
                  output: outPointer, table: tablePointer, channels: channels,
                  elementSize: spec.elementType.byteCount)
                let reader = TensorRowReader(
                  format: format, width: width, height: height, orientation: orientation,
                  channels: channels, spanStart: spanStart, spanCount: spanCount, plane0: p0,
                  plane1: p1, plane2: p2, stride0: planes[0].bytesPerRow,
                  stride1: planes[min(1, last)].bytesPerRow,
                  stride2: planes[min(2, last)].bytesPerRow, planeStride: planeStride)
                let terms = UnsafeMutablePointer<Int32>.allocate(capacity: 3 * spanCount + 24)
                defer { terms.deallocate() }
                let blockBytes = 8 * 3 * planeStride
                let block = UnsafeMutablePointer<UInt8>.allocate(capacity: blockBytes)
                block.initialize(repeating: 0, count: blockBytes)
                defer { block.deallocate() }
                var cache = TensorRowCache(terms: terms, block: block)
                resampler.run(
                  row: { j in reader.row(j, buffer: scratch, cache: &cache) },
                  emit: { r, bytes in
                    writer.writeRow(
                      bytes, gray: channels == 1, count: content.width,
                      start: (content.y + r) * spec.width + content.x, step: 1)
                  })
              }
            }
          }
        }
      }
    }
    return output
  }

  /// The same tensor as ``pack(image:orientation:crop:fit:spec:filter:maxBytes:)``, made
  /// step by step with the public operations: ``Image/converted(to:)`` to RGB8 (Gray8 for
  /// one channel), the §F.1 remap to upright, ``Image/cropped(x:y:width:height:padding:)``,
  /// ``Image/resized(width:height:fit:filter:maxPixels:)``, then
  /// ``TensorPackingSpec/element(pixel:channel:)`` for every value. Slow and allocating: a
  /// reference to test the fused path against.
  package static func packReference(
    image: Image, orientation: ImageOrientation = .up, crop: TensorCrop? = nil,
    fit: ImageFit = .stretch, spec: TensorPackingSpec, filter: ResamplingFilter = .bilinear,
    maxBytes: Int = 1 << 28
  ) throws(ImageError) -> [UInt8] {
    try spec.validate(maxBytes: maxBytes)
    var current = try image.converted(to: spec.channels == 1 ? .gray8 : .rgb8)
    current = try TensorOrientationMap.upright(current, orientation: orientation)
    if let crop {
      let box = crop.pixelBox
      current = try current.cropped(
        x: box.x, y: box.y, width: box.width, height: box.height, padding: crop.padding)
    }
    current = try current.resized(width: spec.width, height: spec.height, fit: fit, filter: filter)
    let pixels = current.planes[0].bytes
    var output = [UInt8]()
    output.reserveCapacity(spec.byteCount)
    for (i, p) in pixels.enumerated() {
      let bits = spec.element(pixel: p, channel: i % spec.channels)
      if spec.elementType == .float32 {
        for k in 0..<4 { output.append(UInt8(truncatingIfNeeded: bits >> (8 * k))) }
      } else {
        output.append(UInt8(truncatingIfNeeded: bits))
      }
    }
    return output
  }

  /// Fills every pixel with the element of pixel value 0 (the letterbox border).
  private static func fillBorder(_ output: inout [UInt8], table: [UInt32], spec: TensorPackingSpec)
  {
    let size = spec.elementType.byteCount
    var pixel = [UInt8]()
    for c in 0..<spec.channels {
      let bits = table[c * 256]
      for k in 0..<size { pixel.append(UInt8(truncatingIfNeeded: bits >> (8 * k))) }
    }
    for i in 0..<output.count { output[i] = pixel[i % pixel.count] }
  }
}
