import TFLiteModel

/// libFuzzer entry for label files (with label-map items against themselves as display
/// names) and score-calibration files (checked against the label count).
@_cdecl("LLVMFuzzerTestOneInput")
public func labelsFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  if let labels = try? LabelFile.parse(bytes, maxLabels: 10_000) {
    _ = try? labels.labelMapItems(displayNames: labels)
    _ = try? ScoreCalibrationFile.parse(bytes, labelCount: labels.labels.count, maxLines: 10_000)
  }
  if let calibration = try? ScoreCalibrationFile.parse(bytes, labelCount: nil, maxLines: 10_000) {
    for index in 0..<min(calibration.sigmoids.count, 64) {
      _ = calibration.calibratedScore(
        0.5, classIndex: index, transformation: .inverseLogistic, defaultScore: 0)
    }
  }
  return 0
}
