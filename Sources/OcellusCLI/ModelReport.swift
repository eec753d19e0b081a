import TFLiteModel

/// What `ocellus inspect` says about a model, as a stable JSON document.
struct ModelReport {
  let model: ModelFile
  let path: String

  /// The document `ocellus inspect --json` prints. Keys and their order are a stable interface.
  func json() -> JSONValue {
    let main = model.mainSubgraph
    return .fields([
      ("file", .string(path)),
      ("size_bytes", .int(model.bytes.count)),
      ("schema_version", .int(Int(model.version))),
      ("description", .optional(model.description)),
      ("min_runtime_version", .optional(model.minRuntimeVersion)),
      ("subgraphs", .array(model.subgraphs.map(subgraphSummary))),
      ("operators", .array(operatorCounts(in: main))),
      ("inputs", .array(main.inputs.map { tensorSummary(main, $0) })),
      ("outputs", .array(main.outputs.map { tensorSummary(main, $0) })),
      ("custom_options", .array(customOptions(in: main))),
      ("metadata_entries", .array(model.metadataEntries.map(metadataEntrySummary))),
      ("metadata", model.metadata.map(metadataSummary) ?? .null),
      ("associated_files", .array(archiveSummary())),
      ("signatures", .array(model.signatureDefs.map(signatureSummary))),
      ("warnings", .array(model.warnings.map { .string($0.description) })),
    ])
  }

  private func subgraphSummary(_ subgraph: Subgraph) -> JSONValue {
    .fields([
      ("name", .string(subgraph.name)),
      ("tensors", .int(subgraph.tensors.count)),
      ("operators", .int(subgraph.operators.count)),
      ("inputs", .ints(subgraph.inputs)),
      ("outputs", .ints(subgraph.outputs)),
    ])
  }

  /// Operator codes with how often the main subgraph uses each, in operator-code order.
  private func operatorCounts(in subgraph: Subgraph) -> [JSONValue] {
    var counts = [Int](repeating: 0, count: model.operatorCodes.count)
    for op in subgraph.operators { counts[op.opcodeIndex] += 1 }
    return model.operatorCodes.enumerated().map { index, code in
      .fields([
        ("name", .string(code.name)), ("version", .int(code.version)),
        ("count", .int(counts[index])),
      ])
    }
  }

  func tensorSummary(_ subgraph: Subgraph, _ index: Int) -> JSONValue {
    let tensor = subgraph.tensors[index]
    var members: [(String, JSONValue)] = [
      ("index", .int(index)),
      ("name", .string(tensor.name)),
      ("type", .string(tensor.type.description)),
      ("shape", .ints(tensor.shape)),
    ]
    if let signature = tensor.shapeSignature, signature != tensor.shape {
      members.append(("shape_signature", .ints(signature)))
    }
    let quantization = tensor.quantization.flatMap { $0.scales.isEmpty ? nil : $0 }
    members.append(("quantization", quantization.map(quantizationSummary) ?? .null))
    return .fields(members)
  }

  private func quantizationSummary(_ quantization: Quantization) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("scale", .floats(quantization.scales)),
      ("zero_point", .ints(quantization.zeroPoints.map { Int($0) })),
    ]
    if quantization.isPerChannel {
      members.append(("quantized_dimension", .int(quantization.quantizedDimension)))
    }
    return .fields(members)
  }

  private func customOptions(in subgraph: Subgraph) -> [JSONValue] {
    subgraph.operators.enumerated().compactMap { index, op in
      let code = model.operatorCode(of: op)
      guard code.isCustom, let bytes = op.customOptions else { return nil }
      return .fields([
        ("operator_index", .int(index)),
        ("name", .string(code.customCode ?? "")),
        ("options", CustomOptionsRenderer.json(bytes)),
      ])
    }
  }

  private func metadataEntrySummary(_ entry: MetadataEntry) -> JSONValue {
    .fields([
      ("name", .string(entry.name)), ("bytes", .int(model.buffers[entry.bufferIndex].data.count)),
    ])
  }

  private func metadataSummary(_ metadata: ModelMetadata) -> JSONValue {
    let subgraph = metadata.subgraphs.first
    var members: [(String, JSONValue)] = [
      ("name", .optional(metadata.name)),
      ("description", .optional(metadata.description)),
      ("version", .optional(metadata.version)),
      ("author", .optional(metadata.author)),
      ("license", .optional(metadata.license)),
      ("min_parser_version", .optional(metadata.minParserVersion)),
      ("inputs", .array((subgraph?.inputTensors ?? []).map(tensorMetadataSummary))),
      ("outputs", .array((subgraph?.outputTensors ?? []).map(tensorMetadataSummary))),
    ]
    if let groups = subgraph?.outputTensorGroups, !groups.isEmpty {
      members.append(
        (
          "output_tensor_groups",
          .array(
            groups.map {
              .fields([
                ("name", .string($0.name)),
                ("tensors", .array($0.tensorNames.map(JSONValue.string))),
              ])
            })
        ))
    }
    let modelFiles = metadata.associatedFiles + (subgraph?.associatedFiles ?? [])
    members.append(("associated_files", .array(modelFiles.map(associatedFileSummary))))
    return .fields(members)
  }

  private func tensorMetadataSummary(_ tensor: TensorMetadata) -> JSONValue {
    var members: [(String, JSONValue)] = [("name", .optional(tensor.name))]
    if let content = tensor.content {
      members.append(("content", .string(content.properties.typeName)))
      if let image = tensor.imageProperties {
        members.append(("color_space", .string(image.colorSpace.description)))
        if let size = image.defaultSize {
          members.append(("default_size", .ints([size.width, size.height])))
        }
      }
      if let box = tensor.boundingBoxProperties {
        members.append(
          (
            "bounding_box",
            .fields([
              ("index", .ints(box.index)), ("type", .string(box.type.description)),
              ("coordinate_type", .string(box.coordinateType.description)),
            ])
          ))
      }
      if let range = content.range { members.append(("range", .ints([range.min, range.max]))) }
    }
    if let normalization = tensor.normalization {
      members.append(
        (
          "normalization",
          .fields([("mean", .floats(normalization.mean)), ("std", .floats(normalization.std))])
        ))
    }
    if let threshold = tensor.scoreThreshold {
      members.append(("score_threshold", .float(threshold)))
    }
    if let calibration = tensor.scoreCalibration {
      members.append(
        (
          "score_calibration",
          .fields([
            ("transformation", .string(calibration.scoreTransformation.description)),
            ("default_score", .float(calibration.defaultScore)),
          ])
        ))
    }
    if let stats = tensor.stats {
      members.append(
        ("stats", .fields([("min", .floats(stats.min)), ("max", .floats(stats.max))])))
    }
    members.append(("associated_files", .array(tensor.associatedFiles.map(associatedFileSummary))))
    return .fields(members)
  }

  private func associatedFileSummary(_ file: AssociatedFile) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("name", .string(file.name)),
      ("type", .string(file.type.description)),
      ("locale", .optional(file.locale)),
    ]
    switch file.type {
    case .tensorAxisLabels, .tensorValueLabels:
      do {
        let labels = try model.labels(in: file)
        members.append(("labels", .int(labels.count)))
        members.append(("first_label", .optional(labels.first)))
        members.append(("last_label", .optional(labels.last)))
      } catch {
        members.append(("error", .string(error.description)))
      }
    case .tensorAxisScoreCalibration:
      do {
        let contents = try model.associatedFile(named: file.name)
        let calibration = try ScoreCalibrationFile.parse(contents, labelCount: nil)
        members.append(("classes", .int(calibration.count)))
      } catch {
        members.append(("error", .string("\(error)")))
      }
    default:
      break
    }
    return .fields(members)
  }

  private func archiveSummary() -> [JSONValue] {
    (model.archive?.entries ?? []).map { entry in
      .fields([
        ("name", .string(entry.name)),
        ("bytes", .int(Int(entry.uncompressedSize))),
        ("compressed_bytes", .int(Int(entry.compressedSize))),
        (
          "method",
          .string(
            entry.method == 0 ? "stored" : entry.method == 8 ? "deflate" : "method \(entry.method)")
        ),
      ])
    }
  }

  private func signatureSummary(_ signature: SignatureDef) -> JSONValue {
    func names(_ list: [SignatureDef.TensorName]) -> JSONValue {
      .array(list.map { .fields([("name", .string($0.name)), ("tensor", .int($0.tensorIndex))]) })
    }
    return .fields([
      ("key", .string(signature.key)), ("subgraph", .int(signature.subgraphIndex)),
      ("inputs", names(signature.inputs)), ("outputs", names(signature.outputs)),
    ])
  }
}
