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
}
