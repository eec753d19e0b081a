import TFLiteModel

/// `ocellus inspect MODEL [--json] [--timing]`.
enum InspectCommand {
  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try ParsedArguments(arguments, flags: ["--json", "--timing"], options: [])
    let path = try parsed.single("MODEL")
    var document = try Self.report(path: path)
    if parsed.flags.contains("--timing"), case .object(var members) = document {
      _ = members.appendNew(key: "timing", value: LoadTiming.measure(path: path))
      document = .object(members)
    }
    print(
      parsed.flags.contains("--json")
        ? document.serialized() : ReportText(report: document).render())
    return 0
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
    return ModelReport(model: try Model(bytes: bytes), path: path).json()
  }
}
