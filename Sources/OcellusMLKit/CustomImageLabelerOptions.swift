import Foundation
import Ocellus
import OcellusRemote

/// Options of an image labeler with a custom model or AutoML bundle: ML Kit's
/// `CustomImageLabelerOptions(localModel:)` / `(remoteModel:)`, with settable properties.
public final class CustomImageLabelerOptions: CommonImageLabelerOptions {
  /// The bundled model (a `.tflite` or an AutoML bundle), or nil.
  public let localModel: LocalModel?
  /// The downloaded model, or nil.
  public let remoteModel: RemoteModel?
  /// The most labels returned (default 10).
  public var maxResultCount = 10

  /// Options labeling with `localModel`.
  public convenience init(localModel: LocalModel) { self.init(localModel, nil) }

  /// Options labeling with the downloaded `remoteModel` (a custom model or, from the Firebase
  /// module, an AutoML bundle).
  public convenience init(remoteModel: RemoteModel) { self.init(nil, remoteModel) }

  private init(_ localModel: LocalModel?, _ remoteModel: RemoteModel?) {
    self.localModel = localModel
    self.remoteModel = remoteModel
  }

  /// The Ocellus labeler for these options (models read now).
  override package func makeLabeler() -> Result<Ocellus.ImageLabeler, Error> {
    let model: Result<any ClassifierModelSource, Error>
    if let remoteModel {
      model = ModelManager.modelManager().classifier(for: remoteModel)
    } else if let localModel {
      model = localModel.classifier().mapError { $0 }
    } else {
      model = .failure(
        VisionError.invalidOption(name: "localModel", value: "nil", reason: "a model is needed"))
    }
    return model.flatMap { source in
      let options = Ocellus.CustomImageLabelerOptions(
        localModel: source, confidenceThreshold: confidenceThreshold?.floatValue,
        maxResultCount: maxResultCount)
      return Result { () throws(VisionError) in try Ocellus.ImageLabeler(options: options) }
        .mapError { $0 }
    }
  }
}
