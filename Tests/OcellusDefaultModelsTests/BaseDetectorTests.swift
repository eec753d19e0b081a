import Foundation
import Imaging
import Ocellus
import OcellusDefaultModels
import OcellusTestSupport
import Testing

/// ML Kit's base detector on the shared photos: built-in boxes, coarse categories as the
/// committed ImageNet table says (BEHAVIOR.md D.5).
@Suite("Base detector with built-in models", .enabled(if: SharedData.isAvailable))
struct BaseDetectorTests {
  static let photos = [
    "DandelionFlower.jpg", "bird.bmp", "burger.jpg", "cat.bmp", "cats_and_dogs.jpg",
    "dragonfly.bmp", "grace_hopper.bmp", "multi_objects.jpg", "pets.jpg", "sparrow.png",
    "sunflower.bmp",
  ]

  /// The table as text: class index → category identifier, read here without Ocellus.
  static let table: [String] = {
    let url = SharedData.packageRoot.appendingPathComponent(
      "Sources/OcellusDefaultModels/Resources/imagenet_coarse_categories.tsv")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      String($0.split(separator: "\t")[2])
    }
  }()

  static func detector(classification: Bool = true) throws -> ObjectDetector {
    try ObjectDetector(
      options: ObjectDetectorOptions(
        detectorMode: .singleImage, shouldEnableMultipleObjects: true,
        shouldEnableClassification: classification,
        builtInModels: try DefaultModels.builtInModels()))
  }

  /// The coarse label the table gives for the built-in classifier's scores on `region`:
  /// the category with the largest summed probability, when it reaches 0.5.
  static func expectedLabel(_ image: VisionImage, region: CGRect, labeler: ImageLabeler) throws
    -> (text: String, confidence: Float)?
  {
    var sums: [String: Float] = [:]
    for label in try labeler.results(in: image, regionOfInterest: region) {
      sums[table[label.index], default: 0] += label.confidence
    }
    let named = CoarseCategory.allCases.map { ($0.text, sums[$0.identifier] ?? 0) }
    guard let best = named.max(by: { $0.1 < $1.1 }), best.1 >= 0.5 else { return nil }
    return best
  }

  @Test("every object's category is the table's for the classifier's scores on its box")
  func categoriesFollowTheTable() throws {
    #expect(Self.table.count == 1001)
    let detector = try Self.detector()
    let labeler = try ImageLabeler(
      options: BaseImageLabelerOptions(
        confidenceThreshold: 0, builtInModels: try DefaultModels.builtInModels()))
    var labelled = 0
    for photo in Self.photos {
      let image = try VisionImage(contentsOfFile: SharedData.path("images/" + photo))
      for object in try detector.results(in: image) {
        let expected = try Self.expectedLabel(image, region: object.frame, labeler: labeler)
        #expect(object.labels.map(\.text) == (expected.map { [$0.text] } ?? []), "\(photo)")
        if let expected, let label = object.labels.first {
          #expect(abs(label.confidence - expected.confidence) < 1e-4, "\(photo)")
          labelled += 1
        }
      }
    }
    #expect(labelled >= 8)
  }

  @Test("food, plants, clothes, furniture and a shop front get their categories; dogs none")
  func categoriesOnPhotos() throws {
    let detector = try Self.detector()
    func texts(_ name: String, crop: ImageRect? = nil) throws -> [[String]] {
      var image = try VisionImage(contentsOfFile: SharedData.path("images/" + name))
      if let crop {
        image = VisionImage(
          image: try image.uprightImage().cropped(
            x: Int(crop.minX), y: Int(crop.minY), width: Int(crop.width),
            height: Int(crop.height)))
      }
      return try detector.results(in: image).map { $0.labels.map(\.text) }
    }
    #expect(try texts("burger.jpg") == [["Food"]])
    #expect(try texts("sunflower.bmp") == [["Plant"]])
    #expect(try texts("DandelionFlower.jpg") == [["Plant"]])
    #expect(try texts("grace_hopper.bmp").first == ["Fashion good"])
    let collage = try texts("multi_objects.jpg")
    #expect(collage.contains(["Home good"]) && collage.contains(["Fashion good"]))
    #expect(try texts("pets.jpg") == [[], []])
    // The collage's street tile, a shop front: a place.
    let street = try texts(
      "multi_objects.jpg", crop: ImageRect(x: 558, y: 0, width: 112, height: 215))
    #expect(street.contains(["Place"]))
  }

  @Test("labels are carried per track in stream mode and computed again when due")
  func streamLabels() throws {
    let detector = try ObjectDetector(
      options: ObjectDetectorOptions(
        detectorMode: .stream, shouldEnableMultipleObjects: true,
        shouldEnableClassification: true, builtInModels: try DefaultModels.builtInModels()))
    let image = try VisionImage(contentsOfFile: SharedData.path("images/burger.jpg")).image
    var ids: Set<Int> = []
    for frame in 0..<20 {
      let objects = try detector.results(
        in: VisionImage(image: image, timestampMilliseconds: Int64(frame) * 33))
      #expect(objects.map { $0.labels.map(\.text) } == [["Food"]])
      ids.formUnion(objects.compactMap(\.trackingID))
    }
    #expect(ids.count == 1)
  }
}
