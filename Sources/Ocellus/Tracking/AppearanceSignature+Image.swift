import Imaging

extension AppearanceSignature {
  /// The signature of the object in `box` (upright display pixels, whole-pixel edges inside
  /// the image) of `image`: its central 80 % sampled on the grid with two-tap bilinear
  /// sampling, so the cost does not grow with the box (256 samples per object).
  ///
  /// - Throws: ``VisionError/invalidImage(_:)`` when the box misses the image.
  public init(of box: ImageRect, in image: VisionImage) throws(VisionError) {
    let inset = ImageRect(
      x: box.minX + box.width * 0.1, y: box.minY + box.height * 0.1, width: box.width * 0.8,
      height: box.height * 0.8)
    let side = Self.gridSide
    let spec = TensorPackingSpec(elementType: .uint8, width: side, height: side)
    let pixels: [UInt8]
    do {
      pixels = try TensorPacker.pack(
        image: image.image, orientation: image.orientation,
        crop: TensorCrop(inset.width >= 1 && inset.height >= 1 ? inset : box), spec: spec,
        filter: .bilinearSampling)
    } catch {
      throw .invalidImage(error)
    }
    let touchesEdge =
      box.minX <= 0 || box.minY <= 0 || box.maxX >= Double(image.width)
      || box.maxY >= Double(image.height)
    self.init(rgb: pixels, isPartial: touchesEdge)
  }
}
