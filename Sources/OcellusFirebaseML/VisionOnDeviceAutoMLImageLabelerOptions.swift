import Foundation
import OcellusMLKit
import OcellusRemote

/// Options of the legacy on-device AutoML image labeler (Firebase's
/// `VisionOnDeviceAutoMLImageLabelerOptions(localModel:)` / `(remoteModel:)`).
///
/// Unlike ML Kit's `OcellusMLKit.CustomImageLabelerOptions` (no threshold: metadata, else
/// 0.0), the legacy ``confidenceThreshold`` DEFAULTS TO 0.5 (BEHAVIOR.md E.3). Labels with
/// `confidence >= threshold` are returned, best first, all of them.
public final class VisionOnDeviceAutoMLImageLabelerOptions {
  /// The bundle on disk, or nil.
  public let localModel: AutoMLLocalModel?
  /// The downloaded bundle, or nil.
  public let remoteModel: AutoMLRemoteModel?
  /// The smallest confidence kept (inclusive), in [0, 1]; default 0.5.
  public var confidenceThreshold: Float = 0.5

  /// Options labeling with the bundle on disk.
  public convenience init(localModel: AutoMLLocalModel) { self.init(localModel, nil) }

  /// Options labeling with the downloaded bundle (download it first).
  public convenience init(remoteModel: AutoMLRemoteModel) { self.init(nil, remoteModel) }

  private init(_ localModel: AutoMLLocalModel?, _ remoteModel: AutoMLRemoteModel?) {
    self.localModel = localModel
    self.remoteModel = remoteModel
  }

  /// The equivalent ML Kit options: this threshold, no count limit.
  var customImageLabelerOptions: CustomImageLabelerOptions {
    let options =
      remoteModel.map { CustomImageLabelerOptions(remoteModel: $0) }
      ?? CustomImageLabelerOptions(localModel: localModel ?? LocalModel(manifestPath: ""))
    options.confidenceThreshold = NSNumber(value: confidenceThreshold)
    options.maxResultCount = Int.max
    return options
  }
}
