extension ClassificationHead {
  /// The rule violations of an allow/deny list for a head with `labels` (SPEC C.1 steps 5–7).
  static func listProblems(
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

  /// Per class index: whether the list admits it; nil when no list is given.
  static func admittedClasses(labels: LabelMap, allowList: [String]?, denyList: [String]?)
    -> [Bool]?
  {
    let allow = allowList ?? []
    let deny = denyList ?? []
    let isAllowList = !allow.isEmpty
    let list = Set(isAllowList ? allow : deny)
    guard !list.isEmpty else { return nil }
    let names = labels.names
    let texts = labels.texts
    return names.indices.map { index in
      let listed =
        list.contains(names[index]) || (index < texts.count && list.contains(texts[index]))
      return isAllowList ? listed : !listed
    }
  }
}
