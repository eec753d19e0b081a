import Foundation
import Imaging
import Ocellus
import OcellusTestSupport
import Testing

/// The legacy Firebase ML Vision compatibility surface.
@Suite("Legacy Firebase API")
struct LegacyTests {
  @Test func defaultsAndIntegersMatchFirebase() {
    let options = VisionObjectDetectorOptions()
    #expect(options.detectorMode == .stream)
    #expect(!options.shouldEnableMultipleObjects && !options.shouldEnableClassification)
    #expect(VisionObjectCategory.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
    #expect(VisionObjectCategory(.fashionGood) == .fashionGood)
    #expect(VisionObjectCategory.fashionGood.rawValue == 2)
    #expect(VisionObjectCategory.homeGood.coarseCategory == .homeGood)
    #expect(VisionObjectCategory.unknown.coarseCategory == nil)
    #expect(VisionImageMetadata().orientation == .topLeft)
    #expect(DetectorMode.singleImage.rawValue == 0 && DetectorMode.stream.rawValue == 1)
  }

  @Test func metadataSetsTheOrientation() throws {
    var image = VisionImage(image: try VisionImageFixtures.gray(width: 4, height: 2))
    #expect(image.metadata?.orientation == .topLeft)
    image.metadata = VisionImageMetadata(orientation: .rightTop)
    #expect(image.orientation == .right)
    #expect(image.width == 2 && image.height == 4)
    image.metadata = VisionImageMetadata(orientation: .leftBottom)
    #expect(image.orientation == .left)
    image.metadata = nil
    #expect(image.orientation == .up)
  }

  @Test func visionObjectsFromCurrentResults() {
    let frame = CGRect(x: 1, y: 2, width: 3, height: 4)
    let food = DetectedObject(
      frame: frame, displayFrame: frame, rawFrame: frame,
      labels: [ObjectLabel(text: "Food", index: 2, confidence: 0.7)], trackingID: 4,
      detectionConfidence: 0.7, detectorClassIndex: 52, detectorClassName: "banana")
    let legacy = VisionObject(food)
    #expect(legacy.classificationCategory == .food && legacy.classificationCategory.rawValue == 3)
    #expect(legacy.confidence == 0.7 && legacy.trackingID == 4 && legacy.frame == frame)
    var unknown = food
    unknown.labels = []
    #expect(VisionObject(unknown).classificationCategory == .unknown)
    #expect(VisionObject(unknown).confidence == nil)
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func legacyObjectDetectorOnRealPhotos() throws {
    let options = VisionObjectDetectorOptions(
      detectorMode: .singleImage, shouldEnableMultipleObjects: true,
      shouldEnableClassification: true, detectorModel: try VisionImageFixtures.cocoModel())
    let detector = try Vision.vision().objectDetector(options: options)
    let objects = try detector.results(in: VisionImageFixtures.image("multi_objects.jpg"))
    #expect(!objects.isEmpty && objects.count <= 5)
    #expect(objects.allSatisfy { $0.trackingID == nil })
    // Chairs come back as home goods (legacy 1) with a confidence.
    #expect(objects.contains { $0.classificationCategory == .homeGood && $0.confidence != nil })
    for object in objects where object.classificationCategory == .unknown {
      #expect(object.confidence == nil)
    }
    // The pets are dogs: no coarse category, so unknown with nil confidence.
    let pets = try detector.results(in: VisionImageFixtures.image("pets.jpg"))
    #expect(pets.contains { $0.classificationCategory == .unknown && $0.confidence == nil })
    // Classification off: every object unknown.
    var off = options
    off.shouldEnableClassification = false
    let plain = try VisionObjectDetector(options: off).results(
      in: VisionImageFixtures.image("multi_objects.jpg"))
    #expect(plain.allSatisfy { $0.classificationCategory == .unknown && $0.confidence == nil })
    #expect(plain.map(\.frame) == objects.map(\.frame))
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func autoMLLabelerKeepsTheLegacyHalfThreshold() async throws {
    let options = VisionOnDeviceAutoMLImageLabelerOptions(
      localModel: try VisionImageFixtures.flowers())
    #expect(options.confidenceThreshold == 0.5)
    // The current API with the same bundle: no threshold (0.0).
    #expect(
      try ImageLabeler(options: CustomImageLabelerOptions(localModel: options.localModel))
        .confidenceThreshold == 0)
    let labeler = try Vision.vision().onDeviceAutoMLImageLabeler(options: options)
    #expect(labeler.labeler.confidenceThreshold == 0.5)
    let image = try VisionImageFixtures.image("DandelionFlower.jpg")
    let labels = try labeler.results(in: image)
    #expect(labels.map(\.text) == ["dandelion"])
    #expect(labels.allSatisfy { ($0.confidence ?? 0) >= 0.5 && $0.entityID == nil })
    #expect(try await labeler.process(image) == labels)
    var lower = options
    lower.confidenceThreshold = 0
    #expect(try VisionImageLabeler(options: lower).results(in: image).count == 5)
    // Firebase's name for the bundle ports unchanged.
    let firebaseModel = try AutoMLLocalModel(
      manifestPath: SharedData.path("models/automl_flowers_mlkit/manifest.json"))
    let firebaseLabeler = try Vision.vision().onDeviceAutoMLImageLabeler(
      options: VisionOnDeviceAutoMLImageLabelerOptions(localModel: firebaseModel))
    #expect(try firebaseLabeler.results(in: image) == labels)
  }
}
