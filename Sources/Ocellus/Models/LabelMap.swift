import TFLiteModel

/// The class names of one output: label names, optional display names, and where they came from.
///
/// ``texts`` are what results show: the display name where one exists, else the name. Indices
/// are class indices (classifiers) or category values (detectors). Empty when the model has no
/// labels (BEHAVIOR.md A.4: results then carry only their index and empty text).
public struct LabelMap: Sendable, Equatable {
  /// Label names from the first label file (or the override), in index order.
  public var names: [String]
  /// Display names from the file matching the requested locale, one per name; nil when none.
  public var displayNames: [String]?
  /// Where ``names`` came from.
  public var source: LabelSource

  /// Creates a label map.
  public init(names: [String], displayNames: [String]? = nil, source: LabelSource) {
    self.names = names
    self.displayNames = displayNames
    self.source = source
  }

  /// A map without labels.
  public static let empty = LabelMap(names: [], source: .none)

  /// The number of labels (0 when the model has none).
  public var count: Int { names.count }

  /// True when there are no labels.
  public var isEmpty: Bool { names.isEmpty }

  /// The text shown for each index: the display name when present, else the name.
  public var texts: [String] { displayNames ?? names }

  /// The text shown for `index`, or "" when out of range or without labels.
  public func text(at index: Int) -> String {
    let texts = displayNames ?? names
    return index >= 0 && index < texts.count ? texts[index] : ""
  }

  /// The label name of `index` (the key for calibration and allow/deny lists), or "".
  public func name(at index: Int) -> String {
    index >= 0 && index < names.count ? names[index] : ""
  }

  /// The labels without their first row when they have exactly one more than `classCount`:
  /// that row names the background (AutoML's `dict.txt`, TensorFlow's `???` label maps), which
  /// the detector's class indices do not count.
  public func droppingBackground(classCount: Int?) -> LabelMap {
    guard let classCount, count == classCount + 1 else { return self }
    return LabelMap(
      names: Array(names.dropFirst()), displayNames: displayNames.map { Array($0.dropFirst()) },
      source: source)
  }

  /// Reads the labels of an output from `override`, else from the first associated file of
  /// `type` on `metadata`, with display names for `locale`. Appends read failures to `problems`.
  static func load(
    model: ModelFile, metadata: TensorMetadata?, type: AssociatedFileType, locale: String?,
    override: (labels: [String], source: LabelSource)?, tensor: TensorReference,
    problems: inout [ModelValidationError]
  ) -> LabelMap {
    if let override { return LabelMap(names: override.labels, source: override.source) }
    guard let metadata, let file = metadata.associatedFile(ofType: type) else { return .empty }
    let names: [String]
    do {
      names = try model.labels(in: file)
    } catch {
      problems.append(.associatedFile(tensor, file: file.name, error))
      return .empty
    }
    var displayNames: [String]?
    if let locale, let localized = metadata.associatedFile(ofType: type, locale: locale),
      localized.name != file.name
    {
      do {
        let lines = try model.labels(in: localized)
        if lines.count == names.count {
          displayNames = lines
        } else if !lines.isEmpty {
          problems.append(
            .displayNameCount(
              tensor, file: localized.name, labels: names.count, displayNames: lines.count))
        }
      } catch {
        problems.append(.associatedFile(tensor, file: localized.name, error))
      }
    }
    return LabelMap(names: names, displayNames: displayNames, source: .metadata(file: file.name))
  }
}
