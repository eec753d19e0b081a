import TFLiteModel

/// Renders an inspect report (the JSON document) as readable text, so the text and the JSON
/// always say the same thing.
struct ReportText {
  let report: JSONValue

  func render() -> String {
    if let model = report["model"], let manifest = report["manifest"]?.stringValue {
      let labels = report["labels"]
      return """
        AutoML bundle \(manifest): \(report["model_type"]?.stringValue ?? "")
          labels \(report["labels_file"]?.stringValue ?? ""): \(labels?["count"]?.intValue ?? 0) labels, \
        "\(labels?["first"]?.stringValue ?? "")" … "\(labels?["last"]?.stringValue ?? "")"
        \(ReportText(report: model).render())
        """
    }
    var lines: [String] = []
    let size = report["size_bytes"]?.intValue ?? 0
    var header =
      "\(report["file"]?.stringValue ?? "")  \(size) bytes, schema v\(report["schema_version"]?.intValue ?? 0)"
    if let description = report["description"]?.stringValue { header += ", \"\(description)\"" }
    if let runtime = report["min_runtime_version"]?.stringValue {
      header += ", min runtime \(runtime)"
    }
    lines.append(header)

    let operators = report["operators"]?.arrayValue ?? []
    let total = operators.reduce(0) { $0 + ($1["count"]?.intValue ?? 0) }
    lines.append("Operators (\(total) in the main subgraph):")
    lines.append(
      "  "
        + operators.map { op in
          let version = op["version"]?.intValue ?? 1
          return "\(op["name"]?.stringValue ?? "?") ×\(op["count"]?.intValue ?? 0)"
            + (version == 1 ? "" : " (v\(version))")
        }.joined(separator: ", "))

    for role in ["inputs", "outputs"] {
      lines.append(role == "inputs" ? "Inputs:" : "Outputs:")
      for tensor in report[role]?.arrayValue ?? [] { lines.append("  " + tensorLine(tensor)) }
    }
    for custom in report["custom_options"]?.arrayValue ?? [] {
      lines.append(
        "Custom options of \(custom["name"]?.stringValue ?? "?") (operator \(custom["operator_index"]?.intValue ?? 0)):"
      )
      lines.append("  " + (custom["options"]?.compactText ?? ""))
    }
    lines += metadataLines()
    lines += trailingLines()
    return lines.joined(separator: "\n")
  }

  /// The lines describing the model metadata, or "Metadata: none" when there is none.
  private func metadataLines() -> [String] {
    var lines: [String] = []
    if let metadata = report["metadata"], metadata != .null {
      var title = "Metadata: \"\(metadata["name"]?.stringValue ?? "")\""
      if let version = metadata["version"]?.stringValue { title += " version \(version)" }
      if let parser = metadata["min_parser_version"]?.stringValue {
        title += ", min parser \(parser)"
      }
      lines.append(title)
      for key in ["author", "license", "description"] {
        if let value = metadata[key]?.stringValue { lines.append("  \(key): \(value)") }
      }
      for role in ["inputs", "outputs"] {
        for tensor in metadata[role]?.arrayValue ?? [] {
          lines.append("  \(role.dropLast()) " + tensorMetadataLine(tensor))
          for file in tensor["associated_files"]?.arrayValue ?? [] {
            lines.append("    " + fileLine(file))
          }
        }
      }
      for group in metadata["output_tensor_groups"]?.arrayValue ?? [] {
        lines.append(
          "  output group \"\(group["name"]?.stringValue ?? "")\": \(group["tensors"]?.compactText ?? "")"
        )
      }
      for file in metadata["associated_files"]?.arrayValue ?? [] {
        lines.append("  model file " + fileLine(file))
      }
    } else {
      lines.append("Metadata: none")
    }
    return lines
  }

  /// The lines listing the zip's associated files, the signatures and the warnings.
  private func trailingLines() -> [String] {
    var lines: [String] = []
    let files = report["associated_files"]?.arrayValue ?? []
    if !files.isEmpty {
      lines.append("Associated files (zip):")
      for file in files {
        lines.append(
          "  \(file["name"]?.stringValue ?? "") \(file["bytes"]?.intValue ?? 0) bytes, \(file["method"]?.stringValue ?? "")"
        )
      }
    }
    for signature in report["signatures"]?.arrayValue ?? [] {
      lines.append(
        "Signature \"\(signature["key"]?.stringValue ?? "")\" on subgraph \(signature["subgraph"]?.intValue ?? 0)"
      )
    }
    for warning in report["warnings"]?.arrayValue ?? [] {
      lines.append("Warning: \(warning.stringValue ?? "")")
    }
    return lines
  }

  private func tensorLine(_ tensor: JSONValue) -> String {
    var line =
      "[\(tensor["index"]?.intValue ?? 0)] \"\(tensor["name"]?.stringValue ?? "")\" \(tensor["type"]?.stringValue ?? "") \(tensor["shape"]?.compactText ?? "[]")"
    if let signature = tensor["shape_signature"] { line += " (signature \(signature.compactText))" }
    if let quantization = tensor["quantization"], quantization != .null {
      line +=
        " scale \(quantization["scale"]?.compactText ?? "") zero point \(quantization["zero_point"]?.compactText ?? "")"
      if let axis = quantization["quantized_dimension"]?.intValue { line += " axis \(axis)" }
    }
    return line
  }

  private func tensorMetadataLine(_ tensor: JSONValue) -> String {
    var parts = ["\"\(tensor["name"]?.stringValue ?? "")\""]
    if let content = tensor["content"]?.stringValue { parts.append(content) }
    if let colorSpace = tensor["color_space"]?.stringValue { parts.append(colorSpace) }
    if let size = tensor["default_size"] { parts.append("default size \(size.compactText)") }
    if let box = tensor["bounding_box"] { parts.append("boxes \(box.compactText)") }
    if let range = tensor["range"] { parts.append("range \(range.compactText)") }
    if let normalization = tensor["normalization"] {
      parts.append(
        "normalization mean \(normalization["mean"]?.compactText ?? "") std \(normalization["std"]?.compactText ?? "")"
      )
    }
    if let threshold = tensor["score_threshold"] {
      parts.append("score threshold \(threshold.compactText)")
    }
    if let calibration = tensor["score_calibration"] {
      parts.append("calibration \(calibration.compactText)")
    }
    return parts.joined(separator: ", ")
  }

  private func fileLine(_ file: JSONValue) -> String {
    var line = "\(file["name"]?.stringValue ?? "") (\(file["type"]?.stringValue ?? "")"
    if let locale = file["locale"]?.stringValue { line += ", locale \(locale)" }
    line += ")"
    if let count = file["labels"]?.intValue {
      line +=
        ": \(count) labels, \"\(file["first_label"]?.stringValue ?? "")\" … \"\(file["last_label"]?.stringValue ?? "")\""
    }
    if let count = file["classes"]?.intValue { line += ": parameters for \(count) classes" }
    if let error = file["error"]?.stringValue { line += ": error: \(error)" }
    return line
  }
}
