/// Puts error messages in the command line's terms: library errors name API arguments (such as
/// `normalization:`), which the tool spells as options.
enum CommandLineWording {
  /// `message` with the normalization argument spelled as the options of `command`: `label`
  /// and `inspect` take `--normalize`, `detect` and `track` take `--normalize` for the
  /// classifier and `--detector-normalize` for the detector.
  static func rewrite(_ message: String, command: String) -> String {
    let option =
      command == "detect" || command == "track"
      ? "--normalize MEAN,STD (classifier) or --detector-normalize MEAN,STD (detector)"
      : "--normalize MEAN,STD"
    return message.replacingOccurrences(of: "`normalization:` in the options", with: option)
      .replacingOccurrences(of: "in `normalization:`", with: "in \(option)")
  }
}
