import Foundation

/// The project's own digit models under `Models/` (issue 9), which `ocellus demo` runs, found from the current
/// directory; nil when absent.
enum ProjectModels {
  static var classifier: String? { existing("Models/digits_classifier.tflite") }
  static var detector: String? { existing("Models/digits_detector.tflite") }
  /// The YOLO-layout digit detector (Ultralytics YOLOv8 output layout) and its labels.
  static var yoloDetector: String? { existing("Models/digits_yolo.tflite") }
  static let yoloLabels = "Models/digits_yolo_labels.txt"

  /// The crop padding the default classifier was trained with: each detected box grown by
  /// 10 % of its width and height on every side (see Models/tools/README.md).
  static let classifierCropPadding = 0.1

  /// The crop padding for the classifier at `path`: `classifierCropPadding` for the default
  /// classifier (compared by resolved file path), else none (ML Kit's default, BEHAVIOR.md D-10).
  static func cropPadding(forClassifier path: String) -> Double {
    guard let standard = classifier else { return 0 }
    let resolve = { (p: String) in URL(fileURLWithPath: p).resolvingSymlinksInPath().path }
    return resolve(path) == resolve(standard) ? classifierCropPadding : 0
  }

  private static func existing(_ relative: String) -> String? {
    let path = FileManager.default.currentDirectoryPath + "/" + relative
    return FileManager.default.fileExists(atPath: path) ? path : nil
  }
}
