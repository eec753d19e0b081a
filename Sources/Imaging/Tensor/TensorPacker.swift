/// Turns an image into a model's input tensor: orientation, crop, fit, resize, color
/// conversion and normalization.
public enum TensorPacker {
  /// The tensor for `spec` from `image`, in one pass over the output pixels.
  ///
  /// Steps, all fused: the stored pixels are seen upright through `orientation` (BEHAVIOR.md F.1);
  /// `crop` (display coordinates, default the whole image) picks a region; `fit` places it
  /// in `spec.width × spec.height`; `filter` resamples it (see ``ResamplingFilter``); pixels
  /// become R, G, B (or gray for one channel) and then elements (see
  /// ``TensorPackingSpec``). Resampling follows Pillow's order in display space: each needed
  /// display row is read through the orientation (a stored row or column), converted to
  /// R, G, B (YUV with nearest chroma, as ``PixelImage/converted(to:)``) or gray, filtered
  /// horizontally into a small ring of 8-bit rows, then each output row is filtered
  /// vertically. No full-size intermediate image is made.
  ///
  /// Agreement with `packReference(image:orientation:crop:fit:spec:filter:maxBytes:)`:
  /// identical bytes for every format (YUV included), orientation, crop, fit and filter,
  /// since the conversion happens before resampling in both. With `.bilinear` and
  /// `.stretch`, the whole image into RGB (or gray) equals Pillow 13's
  /// `convert("RGB").resize((W, H), Image.BILINEAR)` byte for byte.
  ///
  /// - Returns: `spec.byteCount` bytes: NHWC, rows top first, float32 little-endian.
  /// - Throws: ``ImageError/invalidArgument(_:)`` for an invalid spec or a crop missing the
  ///   image, or a tensor larger than `maxBytes`.
  public static func pack(
    image: PixelImage, orientation: ImageOrientation = .up, crop: TensorCrop? = nil,
    fit: ImageFit = .stretch, spec: TensorPackingSpec, filter: ResamplingFilter = .bilinear,
    maxBytes: Int = 1 << 28
  ) throws(ImageError) -> [UInt8] {
    try spec.validate(maxBytes: maxBytes)
    return try filled(count: spec.byteCount) { (output) throws(ImageError) in
      try pack(
        image: image, orientation: orientation, crop: crop, fit: fit, spec: spec,
        filter: filter, maxBytes: maxBytes, into: output)
    }
  }

  /// ``pack(image:orientation:crop:fit:spec:filter:maxBytes:)`` written straight into
  /// `output` (e.g. an interpreter's input tensor), which must hold exactly `spec.byteCount`
  /// bytes. Every byte of `output` is written.
  ///
  /// - Throws: as the allocating version, and ``ImageError/invalidArgument(_:)`` when
  ///   `output` has another size.
  public static func pack(
    image: PixelImage, orientation: ImageOrientation = .up, crop: TensorCrop? = nil,
    fit: ImageFit = .stretch, spec: TensorPackingSpec, filter: ResamplingFilter = .bilinear,
    maxBytes: Int = 1 << 28, into output: UnsafeMutableRawBufferPointer
  ) throws(ImageError) {
    try spec.validate(maxBytes: maxBytes)
    try checkSize(output, spec)
    let swaps = TensorOrientationMap.swapsAxes(orientation)
    let region = try TensorCrop.region(
      crop, displayWidth: swaps ? image.height : image.width,
      displayHeight: swaps ? image.width : image.height)
    let geometry = FitGeometry(
      x: region.x, y: region.y, width: region.width, height: region.height,
      outputWidth: spec.width, outputHeight: spec.height, fit: fit)
    let content = geometry.content
    let u = ResamplingAxis(
      sourceStart: geometry.source.x, sourceCount: geometry.source.width,
      outputCount: content.width, filter: filter)
    let v = ResamplingAxis(
      sourceStart: geometry.source.y, sourceCount: geometry.source.height,
      outputCount: content.height, filter: filter)
    var resampler = PlaneResampler(xAxis: u, yAxis: v, channels: spec.channels, planar: true)
    let table = spec.elementTable()
    if content.width != spec.width || content.height != spec.height {
      fillBorder(output, table: table, spec: spec, value: fit.borderValue)
    }
    _ = image.withPlanePointers { planes in
      table.withUnsafeBufferPointer { tableBuffer in
        guard let outPointer = output.baseAddress, let tablePointer = tableBuffer.baseAddress
        else { return }
        let writer = TensorWriter(
          output: outPointer, table: tablePointer, channels: spec.channels,
          elementSize: spec.elementType.byteCount)
        let reader = TensorRowReader(
          format: image.format, width: image.width, height: image.height,
          orientation: orientation, channels: spec.channels, spanStart: resampler.spanStart,
          spanCount: resampler.spanCount, planes: planes, planeStride: resampler.planeStride)
        var cache = TensorRowCache(
          spanCount: resampler.spanCount, planeStride: resampler.planeStride,
          channels: spec.channels)
        defer { cache.deallocate() }
        let rowBuffer = cache.rowBuffer
        resampler.run(
          row: { j in reader.row(j, buffer: rowBuffer, cache: &cache) },
          emit: { r, bytes in
            writer.writeRow(
              bytes, gray: spec.channels == 1, count: content.width,
              start: (content.y + r) * spec.width + content.x, step: 1)
          })
      }
    }
  }

  /// A new array of `count` bytes filled by `fill`.
  static func filled(
    count: Int, _ fill: (UnsafeMutableRawBufferPointer) throws(ImageError) -> Void
  ) throws(ImageError) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: count)
    var failure: ImageError?
    output.withUnsafeMutableBytes { raw in
      do throws(ImageError) { try fill(raw) } catch { failure = error }
    }
    if let failure { throw failure }
    return output
  }

  /// Throws unless `output` holds exactly the tensor of `spec`.
  static func checkSize(_ output: UnsafeMutableRawBufferPointer, _ spec: TensorPackingSpec)
    throws(ImageError)
  {
    guard output.count == spec.byteCount else {
      throw .invalidArgument(
        "the output buffer holds \(output.count) bytes; the \(spec.width)×\(spec.height)×\(spec.channels) \(spec.elementType) tensor needs \(spec.byteCount)"
      )
    }
  }

  /// The same tensor as ``pack(image:orientation:crop:fit:spec:filter:maxBytes:)``, made
  /// step by step with the public operations: ``PixelImage/converted(to:)`` to RGB8 (Gray8 for
  /// one channel), the §F.1 remap to upright, ``PixelImage/cropped(x:y:width:height:padding:)``,
  /// ``PixelImage/resized(width:height:fit:filter:maxPixels:)``, then
  /// ``TensorPackingSpec/element(pixel:channel:)`` for every value. Slow and allocating: a
  /// reference to test the fused path against.
  package static func packReference(
    image: PixelImage, orientation: ImageOrientation = .up, crop: TensorCrop? = nil,
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
  /// Fills every pixel of `output` with the element of gray `value` (the letterbox border).
  static func fillBorder(
    _ output: UnsafeMutableRawBufferPointer, table: [UInt32], spec: TensorPackingSpec,
    value: UInt8
  ) {
    let size = spec.elementType.byteCount
    var pixel = [UInt8]()
    for c in 0..<spec.channels {
      let bits = table[c * 256 + Int(value)]
      for k in 0..<size { pixel.append(UInt8(truncatingIfNeeded: bits >> (8 * k))) }
    }
    for i in 0..<output.count { output[i] = pixel[i % pixel.count] }
  }
}
