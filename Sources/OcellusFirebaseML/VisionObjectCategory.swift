import Ocellus

/// COMPATIBILITY SURFACE (legacy Firebase ML Vision). The legacy object category
/// (`FIRVisionObjectCategory`), with the legacy integers as raw values (BEHAVIOR.md D.5).
public enum VisionObjectCategory: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// 0: no category, or classification off.
  case unknown = 0
  /// 1: "Home good".
  case homeGood = 1
  /// 2: "Fashion good".
  case fashionGood = 2
  /// 3: "Food".
  case food = 3
  /// 4: "Place".
  case place = 4
  /// 5: "Plant".
  case plant = 5

  /// The legacy category of a current coarse category.
  public init(_ category: CoarseCategory) {
    self = VisionObjectCategory(rawValue: category.legacyValue) ?? .unknown
  }

  /// The current coarse category, nil for ``unknown``.
  public var coarseCategory: CoarseCategory? {
    CoarseCategory.allCases.first { $0.legacyValue == rawValue }
  }
}
