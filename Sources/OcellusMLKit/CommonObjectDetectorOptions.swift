import Ocellus
import OcellusDefaultModels

/// The settings every object detector has: ML Kit's `CommonObjectDetectorOptions`, base of
/// ``ObjectDetectorOptions`` and ``CustomObjectDetectorOptions``. Defaults are ML Kit's:
/// stream mode, one object, no classification. Boxes come from the built-in object localizer
/// and coarse categories from the built-in classifier (`OcellusDefaultModels`), as in ML Kit.
open class CommonObjectDetectorOptions {
  /// `.stream` (default) tracks objects across frames; `.singleImage` does not.
  public var detectorMode: DetectorMode = .stream
  /// True returns up to 5 objects; false (default) the most prominent one.
  public var shouldEnableMultipleObjects = false
  /// True fills ``Object/labels``; false (default) leaves them empty.
  public var shouldEnableClassification = false
  /// Ocellus: a model of your own proposing the boxes (an SSD or YOLO `.tflite`); nil (the
  /// default) uses the built-in object localizer, as ML Kit does.
  public var detectorModel: LocalModel?

  /// Options with ML Kit's defaults.
  public init() {}

  /// The Ocellus options for these settings.
  package func baseOptions() -> Result<Ocellus.ObjectDetectorOptions, VisionError> {
    var options = Ocellus.ObjectDetectorOptions(
      detectorMode: detectorMode, shouldEnableMultipleObjects: shouldEnableMultipleObjects,
      shouldEnableClassification: shouldEnableClassification)
    do {
      options.builtInModels = try DefaultModels.builtInModels()
    } catch {
      return .failure(error)
    }
    if let detectorModel {
      switch detectorModel.file() {
      case .success(let model): options.detectorModel = model
      case .failure(let error): return .failure(error)
      }
    }
    return .success(options)
  }

  /// Makes the Ocellus detector for these options (subclasses add a classifier).
  package func makeDetector() -> Result<Ocellus.ObjectDetector, Error> {
    baseOptions().mapError { $0 as Error }.flatMap { options in
      Result { () throws(VisionError) in try Ocellus.ObjectDetector(options: options) }
        .mapError { $0 }
    }
  }
}
