import Foundation

/// The project's own default models under `Models/` (issue 9), found from the current
/// directory; nil when absent.
enum DefaultModels {
  static var classifier: String? { existing("Models/digits_classifier.tflite") }
  static var detector: String? { existing("Models/digits_detector.tflite") }

  private static func existing(_ relative: String) -> String? {
    let path = FileManager.default.currentDirectoryPath + "/" + relative
    return FileManager.default.fileExists(atPath: path) ? path : nil
  }
}
