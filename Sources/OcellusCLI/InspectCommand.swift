import TFLiteModel

/// `ocellus inspect MODEL [--json] [--timing]`.
enum InspectCommand {
  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments, flags: ["--json", "--timing"], options: ["--as", "--normalize"])
    let path = try parsed.single("MODEL")
    var task: ModelFitCheck.Task?
    if let name = parsed.value("--as") {
      guard let known = ModelFitCheck.Task(rawValue: name) else {
        throw ParsedArguments.UsageError(
          description: "--as must be classifier or detector, got \"\(name)\"")
      }
      task = known
    }
    let normalization = try parsed.normalization("--normalize")
    if normalization != nil && task == nil {
      throw ParsedArguments.UsageError(
        description: "--normalize applies to a check: give --as classifier|detector")
    }
    var document = try Self.report(path: path)
    if parsed.flags.contains("--timing"), case .object(var members) = document {
      _ = members.appendNew(key: "timing", value: LoadTiming.measure(path: path))
      document = .object(members)
    }
    var fit: (fits: Bool, summary: [String], problems: [String])?
    if let task, case .object(var members) = document {
      let result = ModelFitCheck.check(
        path: path, isManifest: members.contains(key: "manifest"), as: task,
        normalization: normalization)
      fit = result
      _ = members.appendNew(
        key: "fit",
        value: .fields([
          ("as", .string(task.rawValue)), ("fits", .bool(result.fits)),
          ("summary", .array(result.summary.map(JSONValue.string))),
          ("problems", .array(result.problems.map(JSONValue.string))),
        ]))
      document = .object(members)
    }
    if parsed.flags.contains("--json") {
      print(document.serialized())
    } else {
      var text = ReportText(report: document).render()
      if let task, let fit {
        text +=
          fit.fits
          ? "\nFits as \(task.title):" : "\nDoes NOT fit as \(task.title):"
        for line in fit.fits ? fit.summary : fit.problems { text += "\n  " + line }
      }
      print(text)
    }
    return fit?.fits == false ? 1 : 0
  }

  /// The report for a model file, or for the AutoML bundle an AutoML `manifest.json` names.
  /// The file's kind is sniffed from its bytes (`TFL3` identifier or a JSON object), never
  /// from its name.
  static func report(path: String) throws -> JSONValue {
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(path, maxBytes: ModelLimits().maxFileBytes)
    } catch {
      throw ModelError.fileUnreadable(path: path, reason: error.description)
    }
    let isModel = bytes.count >= 8 && bytes[4..<8].elementsEqual("TFL3".utf8)
    let firstSignificant = bytes.drop(while: {
      [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0)
    }).first
    if !isModel && firstSignificant == UInt8(ascii: "{") {
      let bundle = try AutoMLBundle(manifestPath: path)
      return .fields([
        ("manifest", .string(path)),
        ("model_type", .string(bundle.manifest.modelTypeName)),
        ("model_file", .string(bundle.modelPath)),
        ("labels_file", .string(bundle.labelsPath)),
        (
          "labels",
          .fields([
            ("count", .int(bundle.labels.count)), ("first", .optional(bundle.labels.labels.first)),
            ("last", .optional(bundle.labels.labels.last)),
          ])
        ),
        ("model", ModelReport(model: bundle.model, path: bundle.modelPath).json()),
      ])
    }
    return ModelReport(model: try ModelFile(bytes: bytes), path: path).json()
  }
}
