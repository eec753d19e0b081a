/// Firebase ML Vision's name for an AutoML Vision Edge bundle on disk
/// (`AutoMLLocalModel(manifestPath:)`), so Firebase code ports unchanged. Compatibility
/// surface: new code uses ``AutoMLImageLabelerLocalModel``.
public typealias AutoMLLocalModel = AutoMLImageLabelerLocalModel
