/// Which classes of a head an allow list or a deny list admits, resolved once against the
/// head's labels. An entry matches a class when it equals the label's name or its displayed
/// text; unknown and duplicate entries are ignored.
struct ClassFilter: Sendable {
  /// Per class index: whether it is admitted; nil when no list is given (all are).
  private let admitted: [Bool]?

  /// The filter of `allowList` or `denyList` (at most one may be non-empty) over `labels`.
  /// Check the lists with ``problems(labels:tensor:allowList:denyList:)`` first.
  init(labels: LabelMap, allowList: [String]?, denyList: [String]?) {
    let allow = allowList ?? []
    let isAllowList = !allow.isEmpty
    let list = Set(isAllowList ? allow : denyList ?? [])
    guard !list.isEmpty else {
      admitted = nil
      return
    }
    let names = labels.names
    let texts = labels.texts
    admitted = names.indices.map { index in
      let listed =
        list.contains(names[index]) || (index < texts.count && list.contains(texts[index]))
      return isAllowList ? listed : !listed
    }
  }

  /// The filter a head keeps, after the checks of the options every head takes: a positive
  /// `maxResults` and usable lists (see ``problems(labels:tensor:allowList:denyList:)``).
  ///
  /// - Throws: every problem found, as one ``ModelValidationError``.
  init(
    labels: LabelMap, tensor: TensorReference, allowList: [String]?, denyList: [String]?,
    maxResults: Int?
  ) throws(ModelValidationError) {
    var problems: [ModelValidationError] = []
    if let maxResults, maxResults <= 0 { problems.append(.invalidMaxResults(maxResults)) }
    problems += Self.problems(
      labels: labels, tensor: tensor, allowList: allowList, denyList: denyList)
    if let error = ModelValidationError.combined(problems) { throw error }
    self.init(labels: labels, allowList: allowList, denyList: denyList)
  }

  /// Whether class `index` passes: always without a list; otherwise only classes that have a
  /// label and that the list admits.
  func admits(_ index: Int) -> Bool {
    guard let admitted else { return true }
    return index >= 0 && index < admitted.count && admitted[index]
  }

  /// What is wrong with the lists for a head with `labels` read from `tensor`: both lists
  /// given, a list without labels to match, or a list none of whose entries matches.
  static func problems(
    labels: LabelMap, tensor: TensorReference, allowList: [String]?, denyList: [String]?
  ) -> [ModelValidationError] {
    let allow = allowList ?? []
    let deny = denyList ?? []
    if !allow.isEmpty && !deny.isEmpty { return [.allowAndDenyList] }
    let list = allow.isEmpty ? deny : allow
    guard !list.isEmpty else { return [] }
    guard !labels.isEmpty else { return [.listWithoutLabels(tensor)] }
    let known = Set(labels.names).union(labels.texts)
    if !list.contains(where: { known.contains($0) }) {
      return [.noListedLabelMatches(tensor, list: list)]
    }
    return []
  }
}
