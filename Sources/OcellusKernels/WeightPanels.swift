#if OCELLUS_AVX2 || OCELLUS_AVX512
  import OcellusKernels
#endif

/// The packed B of a quantized GEMM as its register tiles read it: `n` columns in panels of
/// `columnTile`, panel `p` at `packed + p × panelStride` weights, each weight stored as
/// `format` says.
struct WeightPanels {
  let n: Int
  let packed: UnsafeRawPointer
  /// Weights (not bytes) from one panel to the next.
  let panelStride: Int
  let format: PanelFormat

  /// Column panel `panel`: its first column of C, how many of its columns C has, and its data.
  @inline(__always)
  func panel(_ panel: Int) -> (first: Int, columns: Int, b: UnsafeRawPointer) {
    let first = panel &* KernelTarget.columnTile
    return (
      first, min(KernelTarget.columnTile, n &- first),
      packed + panel &* panelStride &* format.elementBytes
    )
  }

  /// Writes the panel at `b` as floats (``PanelFormat/float``'s panel) to `floats`:
  /// `panelStride` of them.
  @inline(__always)
  func unpack(_ b: UnsafeRawPointer, into floats: UnsafeMutablePointer<Float>) {
    switch format {
    case .float: floats.update(from: b.assumingMemoryBound(to: Float.self), count: panelStride)
    case .int8: unpack(b, Int8PanelWeights.self, zeroPoint: 0, into: floats)
    case .uint8(let zeroPoint):
      unpack(b, UInt8PanelWeights.self, zeroPoint: zeroPoint, into: floats)
    }
  }

  /// ``unpack(_:into:)`` for weights stored as `W`, a vector at a time.
  @inline(__always)
  private func unpack<W: PanelWeights>(
    _ b: UnsafeRawPointer, _: W.Type, zeroPoint: Int32, into floats: UnsafeMutablePointer<Float>
  ) {
    typealias Vector = KernelTarget.Vector
    let offset = Vector(repeating: Float(zeroPoint))
    var i = 0
    while i < panelStride {
      let values: Vector = W.load(b + i &* W.elementBytes, zeroPoint: offset)
      UnsafeMutableRawPointer(floats + i).storeBytes(of: values, as: Vector.self)
      i &+= Vector.scalarCount
    }
  }
}
