import Foundation
import Imaging
import Ocellus
import TFLiteModel

extension ParsedArguments {
  /// The detector options `detect` and `track` share: `--labels FILE` (one class name per
  /// line; a first `background` or `???` row beyond the model's classes is skipped),
  /// `--allow a,b` / `--deny a,b` (class names), `--layout yolov8|yolov8-transposed|yolov5`,
  /// `--fit letterbox|stretch|aspect-fit|aspect-fill`, `--nms-iou T` (YOLO, 0...1), and
  /// `--detector-normalize MEAN,STD`.
  func detectorModelOptions() throws -> DetectorModelOptions {
    var options = DetectorModelOptions()
    options.normalization = try normalization("--detector-normalize")
    if let path = value("--labels") {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      do {
        options.labels = try LabelFile.parse(bytes, maxLabels: 100_000).labels
      } catch {
        throw UsageError(description: "--labels \(path): \(error)")
      }
    }
    options.allowList = list("--allow")
    options.denyList = list("--deny")
    if let text = value("--layout") {
      guard let layout = YOLOOutputLayout(rawValue: text) else {
        throw UsageError(
          description:
            "--layout must be one of \(YOLOOutputLayout.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(text)\""
        )
      }
      options.yoloLayout = layout
    }
    options.fit = try fit("--fit")
    if let iou = try number("--nms-iou", in: 0...1) { options.nmsIoUThreshold = iou }
    return options
  }

  /// The comma-separated names of `option`, trimmed, empty ones dropped; nil when absent.
  func list(_ option: String) -> [String]? {
    value(option).map {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
        !$0.isEmpty
      }
    }
  }

  /// The value of `option` as an image fit, nil when absent.
  func fit(_ option: String) throws(UsageError) -> ImageFit? {
    guard let text = value(option) else { return nil }
    switch text {
    case "letterbox": return .letterbox(border: 114)
    case "stretch": return .stretch
    case "aspect-fit": return .aspectFit
    case "aspect-fill": return .aspectFill
    default:
      throw UsageError(
        description:
          "\(option) must be letterbox (gray 114 border), stretch, aspect-fit (black border) or aspect-fill, got \"\(text)\""
      )
    }
  }
}
