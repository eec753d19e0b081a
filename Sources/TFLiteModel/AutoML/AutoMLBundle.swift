/// An AutoML Vision Edge model bundle: `manifest.json`, the model it names and its `dict.txt`
/// labels, all resolved relative to the manifest's folder.
///
/// The labels come from the labels file: when the model's metadata also embeds labels (a
/// `TENSOR_AXIS_LABELS` file on the first output), the labels file still wins, but the two
/// must hold the same number of labels, or loading fails.
public struct AutoMLBundle: Sendable {
  /// Where the manifest was read from.
  public let manifestPath: String
  /// The parsed manifest.
  public let manifest: AutoMLManifest
  /// The model file's resolved path.
  public let modelPath: String
  /// The labels file's resolved path.
  public let labelsPath: String
  /// The model.
  public let model: ModelFile
  /// The labels, in output-index order.
  public let labels: LabelFile

  /// Reads the manifest at `manifestPath`, then the model and labels it names.
  public init(manifestPath: String, limits: ModelLimits = ModelLimits()) throws(AutoMLBundleError) {
    self.manifestPath = manifestPath
    let manifestBytes: [UInt8]
    do {
      manifestBytes = try FileReader.read(manifestPath, maxBytes: 1 << 20)
    } catch {
      throw .fileUnreadable(path: manifestPath, error)
    }
    do {
      manifest = try AutoMLManifest.parse(manifestBytes)
      modelPath = try manifest.modelPath(relativeToManifestAt: manifestPath)
      labelsPath = try manifest.labelsPath(relativeToManifestAt: manifestPath)
    } catch {
      throw .manifest(path: manifestPath, error)
    }
    do {
      model = try ModelFile(contentsOfFile: modelPath, limits: limits)
    } catch {
      throw .model(path: modelPath, error)
    }
    let labelBytes: [UInt8]
    do {
      labelBytes = try FileReader.read(labelsPath, maxBytes: limits.maxFileBytes)
    } catch {
      throw .fileUnreadable(path: labelsPath, error)
    }
    do {
      labels = try LabelFile.parse(labelBytes, maxLabels: limits.maxLabels)
    } catch {
      throw .labels(path: labelsPath, error)
    }
    let embedded = model.mainSubgraphMetadata?.outputTensors.first?.associatedFile(
      ofType: .tensorAxisLabels)
    if let embedded {
      let embeddedLabels: [String]
      do {
        embeddedLabels = try model.labels(in: embedded)
      } catch {
        throw .model(path: modelPath, error)
      }
      if embeddedLabels.count != labels.count {
        throw .labelCountMismatch(
          labelsFile: labels.count, embedded: embeddedLabels.count, embeddedName: embedded.name)
      }
    }
  }
}
