// An app that links only the `Ocellus` product and asks for ML Kit's base detector: it must get
// the error that names the OcellusDefaultModels product. Exits 0 when it does.
import Foundation
import Ocellus

do {
  _ = try ObjectDetector(options: ObjectDetectorOptions())
  print("unexpected: a base detector without built-in models")
  exit(1)
} catch {
  print("error: \(error)")
  guard case .builtInModelsUnavailable = error, "\(error)".contains("OcellusDefaultModels") else {
    exit(1)
  }
}
