import Ocellus

extension ParsedArguments {
  /// The value of `option` as an input normalization, or nil when absent: `MEAN,STD` (one pair
  /// for R, G and B) or `R,G,B,R,G,B` (three means, then three standard deviations), in pixel
  /// units 0...255. The model receives `(pixel − mean) / std`.
  func normalization(_ option: String) throws(UsageError) -> ImageNormalization? {
    guard let text = value(option) else { return nil }
    let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map {
      Float($0.trimmingCharacters(in: .whitespaces))
    }
    let values = numbers.compactMap { $0 }
    guard values.count == numbers.count, values.count == 2 || values.count == 6,
      values.allSatisfy(\.isFinite)
    else {
      throw UsageError(
        description:
          "\(option) needs MEAN,STD or R,G,B,R,G,B (means, then standard deviations), got \"\(text)\""
      )
    }
    let half = values.count / 2
    let std = Array(values[half...])
    guard !std.contains(0) else {
      throw UsageError(description: "\(option): a standard deviation of 0 in \"\(text)\"")
    }
    return ImageNormalization(mean: Array(values[..<half]), std: std)
  }
}
