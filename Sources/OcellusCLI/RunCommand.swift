import Foundation
import TFLiteInterpreter
import TFLiteModel

/// `ocellus run MODEL --input FILE.npy … --output-dir DIR [--threads N] [--dump-tensors DIR]`.
enum RunCommand {
  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments, flags: [], options: ["--input", "--output-dir", "--threads", "--dump-tensors"])
    let path = try parsed.single("MODEL")
    guard let outputDirectory = parsed.value("--output-dir") else {
      throw ParsedArguments.UsageError(description: "missing --output-dir DIR")
    }
    let threads = try parsed.integer("--threads", minimum: 1, default: 1)
    let model = try ModelFile(contentsOfFile: path)
    let interpreter = try ModelInterpreter(
      model: model, options: InterpreterOptions(threadCount: threads))
    let fed = try InputFeeder.feed(parsed.options["--input"] ?? [], to: interpreter)
    guard fed == interpreter.inputCount else {
      throw InputFeeder.Failure(
        description: "the model has \(interpreter.inputCount) input(s); \(fed) given with --input")
    }
    try FileManager.default.createDirectory(
      atPath: outputDirectory, withIntermediateDirectories: true)
    if let dumpDirectory = parsed.value("--dump-tensors") {
      try FileManager.default.createDirectory(
        atPath: dumpDirectory, withIntermediateDirectories: true)
      var failure: Error?
      // Inputs first, then every tensor right after the node that computes it.
      for position in 0..<interpreter.inputCount {
        let spec = try interpreter.input(at: position)
        try write(interpreter.bytes(of: spec.index), spec: spec, to: dumpDirectory)
      }
      try interpreter.invoke { _, spec, data in
        do { try write(Array(data), spec: spec, to: dumpDirectory) } catch {
          failure = failure ?? error
        }
      }
      if let failure { throw failure }
    } else {
      try interpreter.invoke()
    }
    for position in 0..<interpreter.outputCount {
      let spec = try interpreter.output(at: position)
      let array = NumPyArray(
        type: spec.type, shape: spec.shape, data: try interpreter.outputBytes(at: position))
      let file = URL(fileURLWithPath: outputDirectory).appendingPathComponent("out\(position).npy")
      try Data(array.npyBytes()).write(to: file)
      print("out\(position).npy  \"\(spec.name)\" \(spec.type) \(spec.shape)")
    }
    return 0
  }

  /// Writes a dumped tensor as `<index>_<name>.npy`, the name made safe for file systems.
  private static func write(_ data: [UInt8], spec: TensorSpec, to directory: String) throws {
    let safeName = String(
      spec.name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" }.prefix(100))
    let index = String(spec.index)
    let file =
      String(repeating: "0", count: max(0, 4 - index.count)) + index + "_" + safeName + ".npy"
    let array = NumPyArray(type: spec.type, shape: spec.shape, data: data)
    try Data(array.npyBytes()).write(
      to: URL(fileURLWithPath: directory).appendingPathComponent(file))
  }
}
