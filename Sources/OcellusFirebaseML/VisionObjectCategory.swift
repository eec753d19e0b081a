import Ocellus

/// COMPATIBILITY SURFACE (legacy Firebase ML Vision). The legacy object category
/// (`FIRVisionObjectCategory`), with the legacy integers as raw values (BEHAVIOR.md D.5).
public enum VisionObjectCategory: Int, Sendable, Equatable, Hashable, CaseIterable {
  // The legacy integers 0…5: 0 no category (or classification off), then "Home good",
  // "Fashion good", "Food", "Place", "Plant".
  case unknown, homeGood, fashionGood, food, place, plant

  /// The legacy category of a current coarse category.
  public init(_ category: CoarseCategory) {
    self = VisionObjectCategory(rawValue: category.legacyValue) ?? .unknown
  }

  /// The current coarse category, nil for ``unknown``.
  public var coarseCategory: CoarseCategory? {
    CoarseCategory.allCases.first { $0.legacyValue == rawValue }
  }
}
