/// How one component's samples are brought to full resolution, chosen as libjpeg-turbo 3.x
/// `jinit_upsampler` (jdsample.c) chooses with its defaults (fancy upsampling on, so the merged
/// upsampler of jdmerge.c is never used, see jdmaster.c `use_merged_upsample`).
package enum JPEGUpsampling: Sendable, Equatable, Hashable {
  /// Full-size component (its sampling factors equal the maxima): samples used as they are.
  case fullSize
  /// 2:1 horizontal, 1:1 vertical triangle filter (`h2v1_fancy_upsample`): outputs are
  /// (3 × nearer + farther + 1 or 2) >> 2, the bias alternating 1, 2 along the row; the first and
  /// last outputs copy the edge samples.
  case h2v1Fancy
  /// 1:1 horizontal, 2:1 vertical triangle filter (`h1v2_fancy_upsample`): (3 × nearer row +
  /// farther row + bias) >> 2 with bias 1 when the farther row is above, 2 when below.
  case h1v2Fancy
  /// 2:1 both ways triangle filter (`h2v2_fancy_upsample`): column sums 3 × nearer row +
  /// farther row, then (3 × this + neighbour + 8 or 7) >> 4; edge outputs use 4 × the edge sum.
  case h2v2Fancy
  /// Replication by integral factors (`int_upsample`, and `h2v1_upsample` / `h2v2_upsample`,
  /// used for 2:1 ratios when the component is at most 2 samples wide).
  case integral(horizontal: Int, vertical: Int)

  /// The method libjpeg-turbo picks for a component with sampling factors `horizontal` ×
  /// `vertical` (1...4) when the frame maxima are `maxHorizontal` × `maxVertical` and the
  /// component is `downsampledWidth` samples wide; nil when the ratios are not integral
  /// (libjpeg: JERR_FRACT_SAMPLE_NOTIMPL).
  package static func select(
    horizontal: Int, vertical: Int, maxHorizontal: Int, maxVertical: Int, downsampledWidth: Int
  ) -> JPEGUpsampling? {
    guard horizontal > 0, vertical > 0, maxHorizontal > 0, maxVertical > 0 else { return nil }
    if horizontal == maxHorizontal && vertical == maxVertical { return .fullSize }
    if horizontal * 2 == maxHorizontal && vertical == maxVertical {
      return downsampledWidth > 2 ? .h2v1Fancy : .integral(horizontal: 2, vertical: 1)
    }
    if horizontal == maxHorizontal && vertical * 2 == maxVertical { return .h1v2Fancy }
    if horizontal * 2 == maxHorizontal && vertical * 2 == maxVertical {
      return downsampledWidth > 2 ? .h2v2Fancy : .integral(horizontal: 2, vertical: 2)
    }
    if maxHorizontal % horizontal == 0 && maxVertical % vertical == 0 {
      return .integral(horizontal: maxHorizontal / horizontal, vertical: maxVertical / vertical)
    }
    return nil
  }

  /// ``select(horizontal:vertical:maxHorizontal:maxVertical:downsampledWidth:)`` for
  /// component `index`, throwing `.unsupported` when libjpeg has no method for the ratios.
  static func require(
    horizontal: Int, vertical: Int, maxHorizontal: Int, maxVertical: Int, downsampledWidth: Int,
    component index: Int
  ) throws(DecodeError) -> JPEGUpsampling {
    guard
      let method = select(
        horizontal: horizontal, vertical: vertical, maxHorizontal: maxHorizontal,
        maxVertical: maxVertical, downsampledWidth: downsampledWidth)
    else {
      throw .unsupported(
        format: .jpeg,
        feature:
          "non-integral sampling ratio (component \(index) is \(horizontal)×\(vertical) of \(maxHorizontal)×\(maxVertical))"
      )
    }
    return method
  }

  /// Output rows per input row (1, 2, 3 or 4).
  package var verticalFactor: Int {
    switch self {
    case .fullSize, .h2v1Fancy: 1
    case .h1v2Fancy, .h2v2Fancy: 2
    case .integral(_, let vertical): vertical
    }
  }

  /// True when output rows blend the input row above or below (vertical triangle filter).
  package var usesNeighbourRows: Bool {
    switch self {
    case .h1v2Fancy, .h2v2Fancy: true
    default: false
    }
  }
}
