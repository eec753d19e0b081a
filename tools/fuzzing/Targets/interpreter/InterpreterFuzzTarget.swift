import TFLiteInterpreter
import TFLiteModel

/// Limits that bound one run of a hostile model: small tensors and arena, short loops.
let interpreterOptions = InterpreterOptions(
  threadCount: 1, maxArenaBytes: 1 << 20, maxTensorBytes: 256 << 10, maxLoopIterations: 64)

/// libFuzzer entry that loads a fuzzed model into the interpreter (plan, shapes, memory, kernel
/// preparation) and runs it once on inputs filled with a fixed byte pattern.
@_cdecl("LLVMFuzzerTestOneInput")
public func interpreterFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = ModelLimits(flatBuffer: FlatBufferLimits(maxTables: 10_000), maxLabels: 100)
  guard let model = try? ModelFile(bytes: bytes, limits: limits),
    let interpreter = try? ModelInterpreter(model: model, options: interpreterOptions)
  else { return 0 }
  for position in 0..<interpreter.inputCount {
    guard let spec = try? interpreter.input(at: position) else { return 0 }
    let pattern = (0..<spec.byteCount).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    guard (try? interpreter.setInput(at: position, bytes: pattern)) != nil else { return 0 }
  }
  guard (try? interpreter.invoke()) != nil else { return 0 }
  for position in 0..<interpreter.outputCount {
    _ = try? interpreter.outputBytes(at: position)
  }
  return 0
}
