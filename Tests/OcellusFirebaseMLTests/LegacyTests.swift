import Foundation
import OcellusFirebaseML
import OcellusTestSupport
import Testing

/// The legacy Firebase ML Vision names, with only `import OcellusFirebaseML`: the guide's forms
/// compile as written and run on real photos.
@Suite("Legacy Firebase API")
struct LegacyTests {
  @Test func defaultsAndIntegersMatchFirebase() {
    let options = VisionObjectDetectorOptions()
    #expect(options.detectorMode == .stream)
    #expect(!options.shouldEnableMultipleObjects && !options.shouldEnableClassification)
    #expect(VisionObjectCategory.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
    #expect(VisionObjectCategory.fashionGood.rawValue == 2)
    #expect(VisionObjectCategory.homeGood.coarseCategory == .homeGood)
    #expect(VisionObjectCategory.unknown.coarseCategory == nil)
    #expect(VisionImageMetadata().orientation == .topLeft)
    #expect(VisionObjectDetectorMode.singleImage.rawValue == 0)
    #expect(VisionObjectDetectorMode.stream.rawValue == 1)
  }

  @Test func metadataSetsTheOrientation() throws {
    let image = VisionImage(image: try FirebaseFixtures.gray(width: 4, height: 2))
    #expect(image.metadata?.orientation == .topLeft)
    // --- Firebase guide: image metadata ---
    let metadata = VisionImageMetadata()
    metadata.orientation = .rightTop
    image.metadata = metadata
    // --- end of snippet ---
    #expect(image.orientation == .right)
    image.metadata = VisionImageMetadata(orientation: .leftBottom)
    #expect(image.orientation == .left)
    image.metadata = nil
    #expect(image.orientation == .up)
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func legacyObjectDetectorOnRealPhotos() async throws {
    // --- Firebase guide: "Detect and track objects" ---
    let options = VisionObjectDetectorOptions()
    options.detectorMode = .singleImage
    options.shouldEnableMultipleObjects = true
    options.shouldEnableClassification = true
    let objectDetector = Vision.vision().objectDetector(options: options)
    let image = VisionImage(image: try FirebaseFixtures.photo("multi_objects.jpg"))
    let objects = try objectDetector.results(in: image)
    for obj in objects {
      let bounds = obj.frame
      let id = obj.trackingID
      let category = obj.classificationCategory
      let confidence = obj.confidence
      #expect(bounds.width > 0 && id == nil)
      if category == .unknown { #expect(confidence == nil) }
    }
    // --- end of snippet ---
    #expect(!objects.isEmpty && objects.count <= 5)
    // Chairs come back as home goods (legacy 1) with a confidence.
    #expect(objects.contains { $0.classificationCategory == .homeGood && $0.confidence != nil })
    // The pets are dogs: no coarse category, so unknown with nil confidence.
    let pets = try objectDetector.results(
      in: VisionImage(image: try FirebaseFixtures.photo("pets.jpg")))
    #expect(pets.contains { $0.classificationCategory == .unknown && $0.confidence == nil })
    // Classification off: every object unknown, same boxes.
    options.shouldEnableClassification = false
    let plainDetector = Vision.vision().objectDetector(options: options)
    plainDetector.completionQueue = DispatchQueue(label: "legacy")
    let plain = await withCheckedContinuation { continuation in
      plainDetector.process(image) { objects, _ in continuation.resume(returning: objects ?? []) }
    }
    #expect(plain.allSatisfy { $0.classificationCategory == .unknown && $0.confidence == nil })
    #expect(plain.map(\.frame) == objects.map(\.frame))
    // The default detector (built-in models) comes back.
    let defaultDetector = Vision.vision().objectDetector()
    #expect(defaultDetector.completionQueue.label == DispatchQueue.main.label)
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func autoMLLabelerKeepsTheLegacyHalfThreshold() async throws {
    let manifestPath = FirebaseFixtures.flowersFolder + "/manifest.json"
    let uiImage = try FirebaseFixtures.photo("DandelionFlower.jpg")
    // --- Firebase guide: "Label images with an AutoML-trained model" ---
    let localModel = AutoMLLocalModel(manifestPath: manifestPath)
    let options = VisionOnDeviceAutoMLImageLabelerOptions(localModel: localModel)
    #expect(options.confidenceThreshold == 0.5)
    let labeler = Vision.vision().onDeviceAutoMLImageLabeler(options: options)
    let image = VisionImage(image: uiImage)
    labeler.completionQueue = DispatchQueue(label: "labels")
    let processed = await withCheckedContinuation { continuation in
      labeler.process(image) { labels, error in
        guard error == nil, let labels = labels else {
          return continuation.resume(returning: [String]())
        }
        var texts: [String] = []
        for label in labels {
          let labelText = label.text
          let confidence = label.confidence
          #expect((confidence?.floatValue ?? 0) >= 0.5)
          texts.append(labelText)
        }
        continuation.resume(returning: texts)
      }
    }
    // --- end of snippet ---
    #expect(processed == ["dandelion"])
    #expect(try labeler.results(in: image).map(\.text) == processed)
    #expect(try FirebaseFixtures.ocellusFlowerLabels("DandelionFlower.jpg") == processed)
    #expect(try labeler.results(in: image).allSatisfy { $0.entityID == nil })
    options.confidenceThreshold = 0
    let all = Vision.vision().onDeviceAutoMLImageLabeler(options: options)
    #expect(try all.results(in: image).count == 5)
    // A missing bundle fails in results, not when the labeler is made.
    let missing = Vision.vision().onDeviceAutoMLImageLabeler(
      options: VisionOnDeviceAutoMLImageLabelerOptions(
        localModel: AutoMLLocalModel(manifestPath: "/nonexistent/manifest.json")))
    #expect(throws: VisionError.self) { try missing.results(in: image) }
  }
}
