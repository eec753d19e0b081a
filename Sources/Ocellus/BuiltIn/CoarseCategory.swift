/// The base detector's coarse categories (BEHAVIOR.md D.5), with ML Kit's indices and texts and the
/// legacy Firebase integers. "Unknown" is not a case: such objects have empty `labels`
/// (BEHAVIOR.md D-5); ``legacyUnknownValue`` is its legacy integer. Which classifier classes
/// fall in which category is a ``CoarseCategoryMap``.
public enum CoarseCategory: Int, Sendable, CaseIterable, Equatable, Hashable {
  // Indices 0…4 in ML Kit's order; texts and legacy integers in `table`.
  case fashionGood, homeGood, food, place, plant

  /// ML Kit's label text.
  public var text: String { Self.table[rawValue].text }

  /// The legacy Firebase `CATEGORY_*` integer.
  public var legacyValue: Int { Self.table[rawValue].legacyValue }

  /// ML Kit's text and the legacy integer, by index.
  private static let table: [(text: String, legacyValue: Int)] = [
    ("Fashion good", 2), ("Home good", 1), ("Food", 3), ("Place", 4), ("Plant", 5),
  ]

  /// The legacy integer of an object with no category (and of every object when
  /// classification is off).
  public static let legacyUnknownValue = 0

  /// The category with the identifier `name` (`fashion_good`, `home_good`, `food`, `place`,
  /// `plant`, as in the built-in table), or nil.
  public init?(identifier name: String) {
    guard let position = Self.identifiers.firstIndex(of: name) else { return nil }
    self.init(rawValue: position)
  }

  /// The identifier of the category in tables: `fashion_good`, `home_good`, `food`, `place`,
  /// `plant`.
  public var identifier: String { Self.identifiers[rawValue] }

  private static let identifiers = ["fashion_good", "home_good", "food", "place", "plant"]
}
