import TFLiteModel

extension ScoreCalibrator {
  /// Builds the calibrator an output's metadata declares, or nil when it declares none.
  /// Appends to `problems` when the declaration cannot be honoured (BEHAVIOR.md A.3, C.3).
  static func load(
    model: ModelFile, metadata: TensorMetadata?, labels: LabelMap, tensor: TensorReference,
    problems: inout [ModelValidationError]
  ) -> ScoreCalibrator? {
    guard let metadata, let options = metadata.scoreCalibration else { return nil }
    guard !labels.isEmpty else {
      problems.append(.calibrationWithoutLabels(tensor))
      return nil
    }
    guard let file = metadata.associatedFile(ofType: .tensorAxisScoreCalibration) else {
      problems.append(.calibrationFileMissing(tensor))
      return nil
    }
    let parsed: ScoreCalibrationFile
    do {
      let bytes = try model.associatedFile(named: file.name)
      do {
        parsed = try ScoreCalibrationFile.parse(
          bytes, labelCount: labels.count, maxLines: model.limits.maxLabels)
      } catch {
        problems.append(.calibrationFile(tensor, file: file.name, error))
        return nil
      }
    } catch {
      problems.append(.associatedFile(tensor, file: file.name, error))
      return nil
    }
    return ScoreCalibrator(
      file: parsed, labels: labels.names, transformation: options.scoreTransformation,
      defaultScore: options.defaultScore)
  }
}
