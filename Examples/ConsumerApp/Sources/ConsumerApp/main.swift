// Detects objects in one image with a detector model and classifies each object with a second
// model, as an app would, and prints what it found and how long each detection took.
//
//   ConsumerApp IMAGE DETECTOR CLASSIFIER [RUNS]
import Foundation
import Ocellus

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5 else {
  print("usage: ConsumerApp IMAGE DETECTOR CLASSIFIER [RUNS]")
  exit(2)
}
let runs = arguments.count == 5 ? max(1, Int(arguments[4]) ?? 1) : 5

do {
  var options = CustomObjectDetectorOptions(
    localModel: try LocalModel(path: arguments[3]),
    base: ObjectDetectorOptions(
      detectorMode: .singleImage, shouldEnableMultipleObjects: true,
      shouldEnableClassification: true, detectorModel: try LocalModel(path: arguments[2])))
  options.classificationConfidenceThreshold = 0.1
  let detector = try ObjectDetector(options: options)
  let image = try VisionImage(contentsOfFile: arguments[1])

  var objects: [DetectedObject] = []
  var milliseconds: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<runs {
    let start = clock.now
    objects = try detector.results(in: image)
    let elapsed = clock.now - start
    milliseconds.append(
      Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
  }
  for object in objects {
    let box = object.frame
    let label = object.labels.first.map { "\($0.text) \($0.confidence)" } ?? "-"
    print(
      "object x \(Int(box.minX)) y \(Int(box.minY)) w \(Int(box.width)) h \(Int(box.height)): \(label)"
    )
  }
  milliseconds.sort()
  print(
    "detection with classification: median \(String(format: "%.2f", milliseconds[runs / 2])) ms over \(runs) runs"
  )
} catch {
  print("error: \(error)")
  exit(1)
}
