/// When a tracked object's custom-classifier labels are computed again in stream mode.
///
/// A track is classified on the frame it first appears. Its labels are then carried, and
/// recomputed on a later frame when either rule holds:
/// - ``intervalFrames`` stream frames have passed since the last classification (counting
///   every frame given to the detector; 0 turns this rule off);
/// - the object's box area (upright pixels) has reached ``areaGrowth`` times its area at the
///   last classification (inclusive; 0 or a value ≤ 1 turns this rule off) — an object
///   entering the view is first seen partly, and classifying it again once more of it shows
///   replaces a label made from a sliver.
///
/// Rules depend only on frame counts and boxes, so results stay deterministic.
public struct TrackReclassification: Sendable, Equatable, Hashable {
  /// Frames between classifications of one track (0: never by age).
  public var intervalFrames: Int
  /// The box-area ratio that triggers a new classification (≤ 1: never by growth).
  public var areaGrowth: Double

  /// The defaults: every 15 frames (half a second at 30 fps), or when the box has grown
  /// by half.
  public init(intervalFrames: Int = 15, areaGrowth: Double = 1.5) {
    self.intervalFrames = intervalFrames
    self.areaGrowth = areaGrowth
  }

  /// Classify once per track and keep the labels for its whole life.
  public static let never = TrackReclassification(intervalFrames: 0, areaGrowth: 0)

  /// Whether a track classified `age` frames ago, when its box area was `classifiedArea`,
  /// is classified again now that its area is `area`.
  func isDue(age: Int, classifiedArea: Double, area: Double) -> Bool {
    if intervalFrames > 0, age >= intervalFrames { return true }
    if areaGrowth > 1, classifiedArea > 0, area >= classifiedArea * areaGrowth { return true }
    return false
  }
}
