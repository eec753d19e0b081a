/// What one of an SSD detector's four post-processed outputs holds (BEHAVIOR.md C.2).
public enum DetectionOutputRole: String, Sendable, Equatable, CaseIterable {
  /// Boxes, `[1, N, 4]`.
  case location
  /// Class indices stored as floats, `[1, N]`.
  case category
  /// Scores, `[1, N]`.
  case score
  /// The number of valid rows, `[1]`.
  case count = "number of detections"

  /// Metadata tensor names accepted for the role (lower case): the Task Library's name first,
  /// then names common exporters and metadata writers use.
  public var metadataNames: [String] {
    switch self {
    case .location: ["location", "locations", "boxes", "detection_boxes", "bounding_boxes", "bbox"]
    case .category: ["category", "categories", "classes", "class", "detection_classes"]
    case .score: ["score", "scores", "detection_scores", "confidence", "confidences"]
    case .count:
      [
        "number of detections", "num_detections", "number_of_detections", "detection_count",
        "count",
      ]
    }
  }

  /// The role whose ``metadataNames`` contain `name` (trimmed, case-insensitive), if any.
  public static func role(metadataName name: String) -> DetectionOutputRole? {
    let key = String(
      name.lowercased().drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    return allCases.first { $0.metadataNames.contains(key) }
  }
}
