// Ported ML Kit code: the ML Kit guides' base object detector and custom-model detector on one
// photo, as an app that added Ocellus with SwiftPM runs them, with no model named for the
// boxes. Prints each detector's objects and how long a detection with classification took.
//
//   ConsumerApp IMAGE CLASSIFIER [RUNS]
import Foundation
import OcellusMLKit

let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4 else {
  print("usage: ConsumerApp IMAGE CLASSIFIER [RUNS]")
  exit(2)
}
let runs = arguments.count == 4 ? max(1, Int(arguments[3]) ?? 1) : 5

/// Prints `objects` as `<kind> object x X y Y w W h H: LABEL CONFIDENCE`.
func report(_ kind: String, _ objects: [Object]) {
  for object in objects {
    let box = object.frame
    let label = object.labels.first.map { "\($0.text) \($0.confidence)" } ?? "-"
    print(
      "\(kind) object x \(Int(box.minX)) y \(Int(box.minY)) w \(Int(box.width)) h \(Int(box.height)): \(label)"
    )
  }
}

do {
  let uiImage = try Photo.pixels(arguments[1])

  // ML Kit guide: "Detect and track objects" (multiple objects in static images).
  let options = ObjectDetectorOptions()
  options.detectorMode = .singleImage
  options.shouldEnableMultipleObjects = true
  options.shouldEnableClassification = true
  let objectDetector = ObjectDetector.objectDetector(options: options)
  let image = VisionImage(image: uiImage)
  report("base", try objectDetector.results(in: image))

  // ML Kit guide: "Detect and track objects with a custom classification model".
  let localModel = LocalModel(path: arguments[2])
  let customOptions = CustomObjectDetectorOptions(localModel: localModel)
  customOptions.detectorMode = .singleImage
  customOptions.shouldEnableClassification = true
  customOptions.shouldEnableMultipleObjects = true
  customOptions.classificationConfidenceThreshold = NSNumber(value: 0.1)
  customOptions.maxPerObjectLabelCount = 3
  let customDetector = ObjectDetector.objectDetector(options: customOptions)

  var objects: [Object] = []
  var milliseconds: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<runs {
    let start = clock.now
    objects = try customDetector.results(in: image)
    let elapsed = clock.now - start
    milliseconds.append(
      Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
  }
  report("custom", objects)
  milliseconds.sort()
  print(
    "detection with classification: median \(String(format: "%.2f", milliseconds[runs / 2])) ms over \(runs) runs"
  )
} catch {
  print("error: \(error)")
  exit(1)
}
