import Ocellus

/// A model bundled with the app: ML Kit's `LocalModel`, a TFLite file
/// (`LocalModel(path:)`) or an AutoML Vision Edge bundle (`LocalModel(manifestPath:)`).
///
/// As in ML Kit, creating it does not fail: the file is read and validated when a detector or
/// labeler is created from it, and a problem surfaces in that object's `process` or
/// `results(in:)` as a `VisionError.model(_:)`.
public final class LocalModel: Sendable {
  /// The `.tflite` file, or nil for a bundle.
  public let path: String?
  /// The bundle's `manifest.json`, or nil for a single file.
  public let manifestPath: String?

  /// A model in the TFLite file at `path`.
  public convenience init(path: String) { self.init(path, nil) }

  /// The AutoML Vision Edge bundle whose `manifest.json` is at `manifestPath`.
  public convenience init(manifestPath: String) { self.init(nil, manifestPath) }

  private init(_ path: String?, _ manifestPath: String?) {
    self.path = path
    self.manifestPath = manifestPath
  }

  /// The model read and checked as a classifier source.
  func classifier() -> Result<any ClassifierModelSource, VisionError> {
    do throws(ModelValidationError) {
      if let manifestPath {
        return .success(try AutoMLImageLabelerLocalModel(manifestPath: manifestPath))
      }
      return .success(try Ocellus.LocalModel(path: path ?? ""))
    } catch {
      return .failure(.model(error))
    }
  }

  /// The model read as a plain TFLite file (a detector model).
  func file() -> Result<Ocellus.LocalModel, VisionError> {
    do throws(ModelValidationError) {
      return .success(try Ocellus.LocalModel(path: path ?? manifestPath ?? ""))
    } catch {
      return .failure(.model(error))
    }
  }
}
