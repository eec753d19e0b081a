/// A pre- or post-processing step declared in the metadata (`ProcessUnit`).
public enum ProcessUnit: Sendable, Equatable {
  /// Input normalization.
  case normalization(NormalizationOptions)
  /// Output score calibration.
  case scoreCalibration(ScoreCalibrationOptions)
  /// Output score threshold: results scoring below `globalScoreThreshold` are dropped
  /// (inclusive for classifiers, strict for detectors, as upstream).
  case scoreThresholding(globalScoreThreshold: Float)
  /// A text tokenizer (BERT, SentencePiece, regex), with its vocabulary files. Parsed so the
  /// union can be walked; vision tasks ignore it.
  case tokenizer(kind: String, files: [AssociatedFile])
  /// A union member newer than this reader, by type tag.
  case other(typeTag: UInt8)

  /// The schema name of the options table, e.g. `NormalizationOptions`.
  public var typeName: String {
    switch self {
    case .normalization: "NormalizationOptions"
    case .scoreCalibration: "ScoreCalibrationOptions"
    case .scoreThresholding: "ScoreThresholdingOptions"
    case .tokenizer(let kind, _): kind
    case .other(let tag): "ProcessUnitOptions\(tag)"
    }
  }

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    self = try t.union(0, type: "options_type", value: "options", Self.decode)
  }

  private static func decode(type: UInt8, options: FlatBufferTable?) throws(FlatBufferError)
    -> ProcessUnit
  {
    func files(_ id: Int, _ field: String) throws(FlatBufferError) -> [AssociatedFile] {
      try options?.tables(id, field, AssociatedFile.init) ?? []
    }
    switch type {
    case 1: return .normalization(try NormalizationOptions(options))
    case 2: return .scoreCalibration(try ScoreCalibrationOptions(options))
    case 3:
      return .scoreThresholding(
        globalScoreThreshold: try options?.float(0, "global_score_threshold", default: 0) ?? 0)
    case 4: return .tokenizer(kind: "BertTokenizerOptions", files: try files(0, "vocab_file"))
    case 5:
      return .tokenizer(
        kind: "SentencePieceTokenizerOptions",
        files: try files(0, "sentencePiece_model") + files(1, "vocab_file"))
    case 6:
      _ = try options?.string(0, "delim_regex_pattern")
      return .tokenizer(kind: "RegexTokenizerOptions", files: try files(1, "vocab_file"))
    default: return .other(typeTag: type)
    }
  }

  /// Decodes a process-unit list, rejecting two units of the same type (as upstream's
  /// `FindFirstProcessUnit` does) and skipping units whose options are NONE (upstream ignores them).
  static func list(_ t: FlatBufferTable, _ id: Int, _ field: String) throws(FlatBufferError)
    -> [ProcessUnit]
  {
    let decoded = try t.tables(id, field, ProcessUnit.init)
    let units = decoded.filter { $0 != .other(typeTag: 0) }
    var seen: Set<String> = []
    for unit in units where !seen.insert(unit.typeName).inserted {
      throw t.error(
        field, .invalidValue("more than one \(unit.typeName); at most one of each type is allowed"))
    }
    return units
  }
}
