import Foundation
import Ocellus
import OcellusDefaultModels
import OcellusTestSupport
import Testing

/// The built-in models as the OcellusDefaultModels product ships them.
@Suite("Built-in models")
struct BuiltInModelsTests {
  @Test("the localizer, the classifier and the table load and fit together")
  func loads() throws {
    let models = try DefaultModels.builtInModels()
    #expect(models.coarseCategories.classCount == 1001)
    #expect(models.coarseCategories.names.first == "background")
    #expect(models.coarseCategories.categories.first == .some(nil))
    #expect(models.objectLocalizerScoreThreshold == 0.2)
    let classifier = try models.imageClassifier.classifierDescription(
      options: ClassifierModelOptions(labels: models.coarseCategories.names))
    #expect(classifier.heads.first?.classCount == 1001)
    _ = try models.objectLocalizer.detectorDescription()
  }

  @Test("the product's resources stay within 6 MB")
  func size() throws {
    let models = try DefaultModels.builtInModels()
    var total = 0
    for path in [models.objectLocalizer.path, models.imageClassifier.path].compactMap({ $0 }) {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      total += (attributes[.size] as? Int) ?? 0
    }
    #expect(total > 5_000_000 && total <= 6_000_000)
  }

  @Test("a missing, incomplete or damaged resource bundle is an error naming what and where")
  func missingResources() throws {
    let shipped = try #require(try DefaultModels.builtInModels().objectLocalizer.path)
    let resources = URL(fileURLWithPath: shipped).deletingLastPathComponent()
    let localizer = "mobile_object_localizer_v1_192_uint8.tflite"
    let classifier = "mobilenet_v2_1.0_224_quant.tflite"
    /// The reason loading fails from a fresh folder holding a bundle with `files` (nil: no
    /// bundle), each copied from the shipped resources or, when given, with those bytes.
    func failure(_ files: [String: Data?]?) throws -> String? {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "ocellus-builtin-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: folder) }
      let bundle = folder.appendingPathComponent("Ocellus_OcellusDefaultModels.resources")
      try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
      for (name, bytes) in files ?? [:] {
        if let bytes {
          try bytes.write(to: bundle.appendingPathComponent(name))
        } else {
          try FileManager.default.copyItem(
            at: resources.appendingPathComponent(name), to: bundle.appendingPathComponent(name))
        }
      }
      do {
        _ = try DefaultModels.builtInModels(searching: [files == nil ? bundle : folder])
        return nil
      } catch {
        guard case .invalidBuiltInModels(let reason) = error else { return "\(error)" }
        return reason
      }
    }
    let bundleMissing = try failure(nil)
    #expect(bundleMissing?.contains("resource bundle") == true)
    #expect(bundleMissing?.contains("is in none of /") == true)
    let base: [String: Data?] = ["ORIGINS.md": nil, "imagenet_coarse_categories.tsv": nil]
    #expect(try failure(base)?.contains("\(localizer) is missing") == true)
    let truncated = try Data(contentsOf: URL(fileURLWithPath: shipped)).prefix(1000)
    var damaged = base
    damaged[localizer] = truncated
    damaged[classifier] = .some(nil)
    let reason = try failure(damaged)
    #expect(reason?.contains(localizer) == true && reason?.contains("is missing") == false)
    var complete = base
    complete[localizer] = .some(nil)
    complete[classifier] = .some(nil)
    #expect(try failure(complete) == nil)
  }
}
