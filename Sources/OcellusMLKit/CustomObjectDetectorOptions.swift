import Foundation
import Ocellus
import OcellusRemote

/// Options of an object detector whose labels come from a custom classifier: ML Kit's
/// `CustomObjectDetectorOptions(localModel:)` / `(remoteModel:)`.
///
/// A remote model must be downloaded by ``ModelManager/modelManager()`` before the detector is
/// created; otherwise the detector's results fail with
/// `ModelDownloadError.notDownloaded(model:)`.
public final class CustomObjectDetectorOptions: CommonObjectDetectorOptions {
  /// The bundled classifier, or nil.
  public let localModel: LocalModel?
  /// The downloaded classifier, or nil.
  public let remoteModel: CustomRemoteModel?
  /// The smallest label confidence kept (inclusive), in [0, 1]; nil (default) uses the
  /// model's metadata threshold, else 0.
  public var classificationConfidenceThreshold: NSNumber?
  /// The most labels per object (default 10; 0 means 10, as in ML Kit).
  public var maxPerObjectLabelCount: UInt = 10

  /// Options classifying with the bundled `localModel`.
  public convenience init(localModel: LocalModel) { self.init(localModel, nil) }

  /// Options classifying with the downloaded `remoteModel`.
  public convenience init(remoteModel: CustomRemoteModel) { self.init(nil, remoteModel) }

  private init(_ localModel: LocalModel?, _ remoteModel: CustomRemoteModel?) {
    self.localModel = localModel
    self.remoteModel = remoteModel
  }

  /// The Ocellus options (models read now).
  override package func makeDetector() -> Result<Ocellus.ObjectDetector, Error> {
    let classifier: Result<any ClassifierModelSource, Error>
    if let remoteModel {
      classifier = ModelManager.modelManager().localModel(for: remoteModel).map { $0 }
    } else if let localModel {
      classifier = localModel.classifier().mapError { $0 }
    } else {
      classifier = .failure(
        VisionError.invalidOption(name: "localModel", value: "nil", reason: "a model is needed"))
    }
    return classifier.flatMap { model in
      baseOptions().mapError { $0 as Error }.flatMap { base in
        var options = Ocellus.CustomObjectDetectorOptions(localModel: model, base: base)
        options.classificationConfidenceThreshold = classificationConfidenceThreshold?.floatValue
        options.maxPerObjectLabelCount = Int(clamping: maxPerObjectLabelCount)
        return Result { () throws(VisionError) in try Ocellus.ObjectDetector(options: options) }
          .mapError { $0 }
      }
    }
  }
}
