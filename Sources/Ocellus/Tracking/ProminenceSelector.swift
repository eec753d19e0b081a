import Imaging

/// Picks the "most prominent" object when only one is wanted (BEHAVIOR.md D-3): each candidate scores
/// `area fraction × centrality`, centrality being 1 − (distance from the box center to the
/// image center) / (half the image diagonal). In stream mode a new choice replaces the current
/// one only after beating it by ``switchMargin`` for ``switchFrames`` consecutive frames.
public struct ProminenceSelector: Sendable {
  /// How much better a challenger must score, as a fraction (0.2 = 20% better).
  public var switchMargin: Double = 0.2
  /// How many consecutive frames the challenger must win before the choice switches.
  public var switchFrames: Int = 3
  private var currentID, challengerID: Int?
  private var challengerWins = 0

  public init() {}

  /// The prominence of `box` in a `width` × `height` image, in [0, 1].
  public static func prominence(of box: ImageRect, width: Int, height: Int) -> Double {
    guard width > 0, height > 0 else { return 0 }
    let imageArea = Double(width) * Double(height)
    let visible = box.intersection(ImageRect(x: 0, y: 0, width: width, height: height))
    let areaFraction = (visible?.area ?? 0) / imageArea
    let dx = box.center.x - Double(width) / 2
    let dy = box.center.y - Double(height) / 2
    let halfDiagonal = (Double(width * width + height * height)).squareRoot() / 2
    let centrality = max(0, 1 - (dx * dx + dy * dy).squareRoot() / halfDiagonal)
    return areaFraction * centrality
  }

  /// The position of the most prominent box (ties: the earlier one), or nil when there are none.
  public static func mostProminent(_ boxes: [ImageRect], width: Int, height: Int) -> Int? {
    var best: (position: Int, score: Double)?
    for (position, box) in boxes.enumerated() {
      let score = prominence(of: box, width: width, height: height)
      if best == nil || score > best!.score { best = (position, score) }
    }
    return best?.position
  }

  /// Stream mode: the position among `boxes` (whose tracking IDs are `ids`) to report, with
  /// hysteresis. The current choice stays while it is present and not beaten by the margin for
  /// the required number of frames.
  public mutating func select(_ boxes: [ImageRect], ids: [Int], width: Int, height: Int) -> Int? {
    guard ids.count == boxes.count else {
      return Self.mostProminent(boxes, width: width, height: height)
    }
    guard let best = Self.mostProminent(boxes, width: width, height: height) else {
      currentID = nil
      challengerID = nil
      challengerWins = 0
      return nil
    }
    guard let current = currentID, let currentPosition = ids.firstIndex(of: current) else {
      currentID = ids[best]
      challengerID = nil
      challengerWins = 0
      return best
    }
    let currentScore = Self.prominence(of: boxes[currentPosition], width: width, height: height)
    let bestScore = Self.prominence(of: boxes[best], width: width, height: height)
    if best != currentPosition && bestScore > currentScore * (1 + switchMargin) {
      challengerWins = challengerID == ids[best] ? challengerWins + 1 : 1
      challengerID = ids[best]
      if challengerWins >= switchFrames {
        currentID = ids[best]
        challengerID = nil
        challengerWins = 0
        return best
      }
    } else {
      challengerID = nil
      challengerWins = 0
    }
    return currentPosition
  }
}
