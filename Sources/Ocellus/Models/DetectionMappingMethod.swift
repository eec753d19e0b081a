/// How a detector's outputs were told apart (BEHAVIOR.md G.4: never by position alone).
public enum DetectionMappingMethod: String, Sendable, Equatable {
  /// By the output tensors' metadata names (`location`, `category`, `score`,
  /// `number of detections`, or a known alias).
  case metadataNames
  /// By which output of the `TFLite_Detection_PostProcess` operator each model output is
  /// (the operator's outputs are boxes, classes, scores, count in that order).
  case postProcessOperator
  /// Boxes and count by shape; categories and scores by their values at run time (integral
  /// values >= 0 are categories).
  case shapesAndValues
  /// Everything at run time: the box output is the one with 4 values per row, the count the
  /// one with a single value, categories and scores by their values.
  case runtime
}
