import Foundation
import OcellusMLKit
import OcellusTestSupport
import Testing

/// The ML Kit iOS guide's snippets (custom object detection, remote models), compiled with
/// `import MLKit` replaced by `import OcellusMLKit` and nothing else from Ocellus, then run on
/// real data. Lines marked `Ocellus:` are additions ML Kit does not need (its detector model
/// is built in; the test serves models from a local server).
@Suite("ML Kit snippets", .enabled(if: SharedData.isAvailable), .serialized)
struct MLKitSnippetTests {
  /// Custom-classifier detection of the two dogs in pets.jpg with ML Kit's object labeler, the
  /// stored pixels turned so that `.right` makes them upright.
  @Test func customObjectDetectionFindsTheTwoDogs() async throws {
    let localModelFilePath = SharedData.path("models/mlkit_object_labeler.tflite")
    let uiImage = try MLKitFixtures.photo("pets.jpg", storedFor: .right)

    // --- ML Kit guide: "Detect and track objects with a custom classification model" ---
    let localModel = LocalModel(path: localModelFilePath)
    let options = CustomObjectDetectorOptions(localModel: localModel)
    options.detectorMode = .singleImage
    options.shouldEnableClassification = true
    options.shouldEnableMultipleObjects = true
    options.classificationConfidenceThreshold = NSNumber(value: 0.5)
    options.maxPerObjectLabelCount = 3
    options.detectorModel = LocalModel(path: MLKitFixtures.cocoPath)  // Ocellus: the box model
    let image = VisionImage(image: uiImage)
    image.orientation = .right
    let objectDetector = ObjectDetector.objectDetector(options: options)
    let objects: [Object] = try objectDetector.results(in: image)
    var texts: [String] = []  // the snippet's descriptions
    for object in objects {
      let frame = object.frame
      let trackingID = object.trackingID
      let description = object.labels.enumerated().map { (index, label) in
        "Label \(index): \(label.text), \(label.confidence), \(label.index)"
      }.joined(separator: "\n")
      #expect(trackingID == nil && frame.width > 0)
      texts.append(description)
    }
    // --- end of snippet ---

    // The two dogs (the COCO detector's class "dog"), where Ocellus' own API finds them on the
    // same pixels and on the upright photo: (121, 48, 130, 242) and (343, 163, 152, 204).
    let expected = try MLKitFixtures.ocellusObjects(in: uiImage, orientation: .right)
    #expect(objects.count == 2 && expected.map(\.detectorClassName) == ["dog", "dog"])
    #expect(objects.map(\.frame) == expected.map(\.frame))
    #expect(
      objects.map(\.frame) == [
        CGRect(x: 121, y: 48, width: 130, height: 242),
        CGRect(x: 343, y: 163, width: 152, height: 204),
      ])
    // ML Kit's object labeler is unsure about them (Cattle 0.05, Sculpture 0.09): nothing
    // reaches the snippet's 0.5.
    #expect(texts == ["", ""])
    options.classificationConfidenceThreshold = NSNumber(value: 0)
    let everyLabel = try ObjectDetector.objectDetector(options: options).results(in: image)
    let all = try MLKitFixtures.ocellusObjects(in: uiImage, orientation: .right, threshold: 0)
    #expect(everyLabel.map { $0.labels.map(\.index) } == all.map { $0.labels.map(\.index) })
    #expect(
      everyLabel.map { $0.labels.map(\.confidence) } == all.map { $0.labels.map(\.confidence) })
    #expect(everyLabel.map { $0.labels.first?.text } == ["Cattle", "Sculpture"])
    #expect(everyLabel.allSatisfy { $0.labels.count == 3 })

    // process(_:completion:) delivers on the main queue by default, as ML Kit.
    DispatchQueue.main.setSpecific(key: Self.queueKey, value: "main")
    let delivered = await withCheckedContinuation { continuation in
      objectDetector.process(image) { objects, error in
        continuation.resume(
          returning: (
            objects?.count, error == nil, DispatchQueue.getSpecific(key: Self.queueKey) == "main"
          ))
      }
    }
    #expect(delivered.0 == 2 && delivered.1 && delivered.2)
    let queue = DispatchQueue(label: "snippet.completions")
    queue.setSpecific(key: Self.queueKey, value: "snippet")
    objectDetector.completionQueue = queue
    let onQueue = await withCheckedContinuation { continuation in
      objectDetector.process(image) { _, _ in
        continuation.resume(returning: DispatchQueue.getSpecific(key: Self.queueKey))
      }
    }
    #expect(onQueue == "snippet")
  }

  static let queueKey = DispatchSpecificKey<String>()

  /// ML Kit does not fail when creating the detector: a bad model surfaces in results and
  /// process.
  @Test func modelErrorsSurfaceInResults() async throws {
    let options = CustomObjectDetectorOptions(localModel: LocalModel(path: "/nonexistent.tflite"))
    options.detectorModel = LocalModel(path: MLKitFixtures.cocoPath)
    let objectDetector = ObjectDetector.objectDetector(options: options)
    let image = VisionImage(image: try MLKitFixtures.photo("pets.jpg"))
    #expect(throws: VisionError.self) { try objectDetector.results(in: image) }
    objectDetector.completionQueue = DispatchQueue(label: "errors")
    let failed = await withCheckedContinuation { continuation in
      objectDetector.process(image) { objects, error in
        continuation.resume(returning: objects == nil && error is VisionError)
      }
    }
    #expect(failed)
  }
}
