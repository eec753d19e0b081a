/// Which ``CoarseCategory`` each class of an image classifier belongs to, and the class's short
/// name: the base detector's table from classifier classes to ML Kit's coarse categories
/// (BEHAVIOR.md D.5).
///
/// The built-in table covers the 1001 ImageNet classes of the built-in classifier; it is made
/// from the WordNet hierarchy by `tools/make_coarse_categories.py` and shipped by the
/// `OcellusDefaultModels` product (`imagenet_coarse_categories.tsv`).
public struct CoarseCategoryMap: Sendable, Equatable {
  /// The category of each class, by class index; nil is "unknown" (no coarse category).
  public let categories: [CoarseCategory?]
  /// The short name of each class, by class index.
  public let names: [String]

  /// A map of `categories` and `names`, one of each per class.
  ///
  /// - Throws: ``VisionError/invalidBuiltInModels(reason:)`` when the counts differ or are 0.
  public init(categories: [CoarseCategory?], names: [String]) throws(VisionError) {
    guard !categories.isEmpty, categories.count == names.count else {
      throw .invalidBuiltInModels(
        reason: "a coarse-category map needs one name per category and at least one class; "
          + "got \(categories.count) categories and \(names.count) names")
    }
    self.categories = categories
    self.names = names
  }

  /// The number of classes.
  public var classCount: Int { categories.count }

  /// The coarse label of one set of class scores (probabilities, one per class): the category
  /// whose classes' scores add up to the most (summed in class order; ties: the lower
  /// `CoarseCategory.rawValue`), when that sum is at least `threshold` (INCLUSIVE). Its
  /// confidence is the sum clamped to [0, 1]. Scores beyond ``classCount`` and NaN scores
  /// count for nothing.
  public func label(scores: [Float], threshold: Float) -> ObjectLabel? {
    var sums = [Float](repeating: 0, count: CoarseCategory.allCases.count)
    for (index, score) in zip(categories.indices, scores) where !score.isNaN {
      if let category = categories[index] { sums[category.rawValue] += score }
    }
    var best = 0
    for position in sums.indices where sums[position] > sums[best] { best = position }
    guard sums[best] >= threshold, let category = CoarseCategory(rawValue: best) else {
      return nil
    }
    return ObjectLabel(
      text: category.text, index: category.rawValue, confidence: min(max(sums[best], 0), 1))
  }
}
