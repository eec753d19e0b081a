extension TensorPacker {
  /// The tensor for `spec` from a camera frame, fast: YUV is resampled at output resolution
  /// before it becomes RGB. Same parameters, checks and result layout as
  /// ``pack(image:orientation:crop:fit:spec:filter:maxBytes:)``; values differ slightly from
  /// it (see below), so use `pack` where Pillow-exact bytes matter.
  ///
  /// For NV12, NV21 and I420 images, all in one pass over the output rows without
  /// intermediate images:
  /// 1. Geometry: `crop` and `fit` pick a box of the upright (display) image as `pack` does;
  ///    the box is mapped back through `orientation` (BEHAVIOR.md F.1) to raw (stored, sensor)
  ///    coordinates, and the raw box is resampled to the output size directly, so rotated
  ///    frames cost the same as upright ones.
  /// 2. Resampling: the Y plane and the chroma plane(s) are each filtered straight to one
  ///    sample per output pixel, vertical pass first over whole source rows, then
  ///    horizontal. `filter` chooses the weights, output i of n centred at
  ///    `start + (i + 0.5) · scale` in plane pixels: `.area` (the default here) weighs each
  ///    pixel by how much of it the output's footprint `scale` pixels wide covers when
  ///    shrinking (area averaging, no aliasing) and is plain bilinear when enlarging;
  ///    `.bilinear` is Pillow's support-scaled triangle (smoother, about twice the taps, so
  ///    slower); `.bilinearSampling` is two-tap bilinear at every scale (aliases). The
  ///    weights are fixed point (8 fractional bits vertically, 14 horizontally, normalized to
  ///    sum exactly to one); each filtered Y, Cb, Cr is rounded to 8 bits.
  /// 3. Chroma siting: chroma sample k covers luma pixels `[2k, 2k + 2)` along each axis
  ///    (centre-sited, as JPEG and MPEG-1; the same chroma-to-luma assignment as
  ///    ``PixelImage/converted(to:)``'s nearest chroma), so the chroma planes are sampled at
  ///    the output pixel's luma position halved.
  /// 4. Color: Y, Cb, Cr → R, G, B with the image's ``YUVColorSpace`` in the fixed-point
  ///    equations of ``PixelImage/converted(to:)``; one channel is Pillow's luma of that RGB.
  /// 5. Elements through `spec` (``TensorPackingSpec``), written through the orientation;
  ///    the letterbox border is the element of the fit's ``ImageFit/borderValue`` (0 but for `.letterbox`).
  ///
  /// Other formats fall back to ``pack(image:orientation:crop:fit:spec:filter:maxBytes:)``.
  ///
  /// Accuracy: identical to
  /// `packFrameReference(image:orientation:crop:fit:spec:filter:maxBytes:)`; against `pack`
  /// (which converts to RGB with nearest chroma, then resamples) the values differ by
  /// filtering chroma instead of replicating it, by the filter and by the fixed-point
  /// rounding: for burger.jpg as NV12 to 224×224 the mean absolute difference is 0.97 levels
  /// with `.area` and 0.53 with `.bilinear`. Vertical weights have 8 fractional bits, so
  /// shrinking by more than about 32× along the vertical axis loses accuracy on high-contrast
  /// content.
  ///
  /// - Returns: `spec.byteCount` bytes: NHWC, rows top first, float32 little-endian.
  /// - Throws: ``ImageError/invalidArgument(_:)`` for an invalid spec, a crop missing the
  ///   image, or a tensor larger than `maxBytes`.
  public static func packFrame(
    image: PixelImage, orientation: ImageOrientation = .up, crop: TensorCrop? = nil,
    fit: ImageFit = .stretch, spec: TensorPackingSpec, filter: ResamplingFilter = .area,
    maxBytes: Int = 1 << 28
  ) throws(ImageError) -> [UInt8] {
    try spec.validate(maxBytes: maxBytes)
    return try filled(count: spec.byteCount) { (output) throws(ImageError) in
      try packFrame(
        image: image, orientation: orientation, crop: crop, fit: fit, spec: spec,
        filter: filter, maxBytes: maxBytes, into: output)
    }
  }

  /// ``packFrame(image:orientation:crop:fit:spec:filter:maxBytes:)`` written straight into
  /// `output` (e.g. an interpreter's input tensor), which must hold exactly `spec.byteCount`
  /// bytes. Every byte of `output` is written.
  ///
  /// - Throws: as the allocating version, and ``ImageError/invalidArgument(_:)`` when
  ///   `output` has another size.
  public static func packFrame(
    image: PixelImage, orientation: ImageOrientation = .up, crop: TensorCrop? = nil,
    fit: ImageFit = .stretch, spec: TensorPackingSpec, filter: ResamplingFilter = .area,
    maxBytes: Int = 1 << 28, into output: UnsafeMutableRawBufferPointer
  ) throws(ImageError) {
    guard
      let setup = try frameSetup(
        image: image, orientation: orientation, crop: crop, fit: fit, spec: spec, filter: filter,
        maxBytes: maxBytes)
    else {
      return try pack(
        image: image, orientation: orientation, crop: crop, fit: fit, spec: spec,
        filter: filter, maxBytes: maxBytes, into: output)
    }
    try checkSize(output, spec)
    let table = spec.elementTable()
    let content = setup.geometry.content
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
        setup.run(planes: planes, writer: writer, tensorWidth: spec.width)
      }
    }
  }

  /// The same tensor as ``packFrame(image:orientation:crop:fit:spec:filter:maxBytes:)``,
  /// computed one output pixel at a time with plain scalar arithmetic: for each display
  /// pixel, its raw sample is found through ``ImageOrientation``'s pixel remap, every tap of
  /// both passes is summed in `Int`, then converted and normalized. Slow: a reference to
  /// test the fast path against. Other formats than NV12, NV21 and I420 fall back to
  /// ``packReference(image:orientation:crop:fit:spec:filter:maxBytes:)``.
  package static func packFrameReference(
    image: PixelImage, orientation: ImageOrientation = .up, crop: TensorCrop? = nil,
    fit: ImageFit = .stretch, spec: TensorPackingSpec, filter: ResamplingFilter = .area,
    maxBytes: Int = 1 << 28
  ) throws(ImageError) -> [UInt8] {
    guard
      let setup = try frameSetup(
        image: image, orientation: orientation, crop: crop, fit: fit, spec: spec, filter: filter,
        maxBytes: maxBytes)
    else {
      return try packReference(
        image: image, orientation: orientation, crop: crop, fit: fit, spec: spec,
        filter: filter, maxBytes: maxBytes)
    }
    return FramePackerReference(packer: setup, image: image, orientation: orientation)
      .pack(spec: spec, border: fit.borderValue)
  }

  /// The fast path's plan, or nil for a format it does not handle.
  private static func frameSetup(
    image: PixelImage, orientation: ImageOrientation, crop: TensorCrop?, fit: ImageFit,
    spec: TensorPackingSpec, filter: ResamplingFilter, maxBytes: Int
  ) throws(ImageError) -> FramePacker? {
    let chroma: FramePacker.Chroma
    let space: YUVColorSpace
    switch image.format {
    case .nv12(let s): (chroma, space) = (.interleaved(crFirst: false), s)
    case .nv21(let s): (chroma, space) = (.interleaved(crFirst: true), s)
    case .i420(let s): (chroma, space) = (.planar, s)
    case .rgba8, .bgra8, .rgb8, .gray8: return nil
    }
    try spec.validate(maxBytes: maxBytes)
    let swaps = TensorOrientationMap.swapsAxes(orientation)
    let (displayWidth, displayHeight) =
      swaps ? (image.height, image.width) : (image.width, image.height)
    let region = try TensorCrop.region(
      crop, displayWidth: displayWidth, displayHeight: displayHeight)
    let fitted = FitGeometry(
      x: region.x, y: region.y, width: region.width, height: region.height,
      outputWidth: spec.width, outputHeight: spec.height, fit: fit)
    let geometry = FrameGeometry(
      width: image.width, height: image.height, orientation: orientation,
      source: fitted.source, content: fitted.content)
    return FramePacker(
      geometry: geometry, width: image.width, height: image.height, chroma: chroma,
      space: space, filter: filter)
  }
}
