/// How the micro-kernel reads one step of a packed panel in a given ``PanelFormat``: as
/// integer-valued floats, whatever the stored element. A type per format, so that each
/// micro-kernel is compiled for each.
protocol PanelWeights {
  /// Bytes per packed weight.
  static var elementBytes: Int { get }
  /// The `V.scalarCount` weights at `p` as floats, minus `zeroPoint` (one value in every lane)
  /// where the format stores the weights as they are.
  static func load<V: SIMD>(_ p: UnsafeRawPointer, zeroPoint: V) -> V where V.Scalar == Float
}
