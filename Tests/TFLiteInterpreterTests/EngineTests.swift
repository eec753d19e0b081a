import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The execution engine on small synthetic graphs: shapes, memory reuse, folding, errors.
@Suite("Interpreter engine")
struct EngineTests {
  typealias S = SyntheticModel
  typealias T = SingleOpModel.Tensor

  @Test("a single ADD with broadcasting and a fused RELU")
  func broadcastAdd() throws {
    let bytes = SingleOpModel.build(
      builtin: 0, options: (11, .table([0: .int8(1)])),
      inputs: [.float("a", [2, 1, 3]), .float("b", [1, 2, 1])], outputs: [.float("sum", [])])
    let interpreter = try ModelInterpreter(model: ModelFile(bytes: bytes))
    #expect(try interpreter.output(at: 0).shape == [2, 2, 3])
    try interpreter.setInput(at: 0, floats: [1, -2, 3, 4, 5, -6])
    try interpreter.setInput(at: 1, floats: [10, -10])
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0) == [11, 8, 13, 0, 0, 0, 14, 15, 4, 0, 0, 0])
  }

  /// a → (a+a) → (·+a) → (·+a) → … : a chain whose intermediates can share memory.
  static func chain(length: Int, elements: Int) -> [UInt8] {
    var tensors = [S.tensor("input", shape: [Int32(elements)])]
    var operators: [TestFlatBuffer] = []
    for step in 1...length {
      tensors.append(S.tensor("t\(step)", shape: [Int32(elements)]))
      operators.append(S.op(0, inputs: [Int32(step - 1), 0], outputs: [Int32(step)]))
    }
    return S.bytes(
      S.model(
        opcodes: [S.opcode(builtin: 0)], tensors: tensors, inputs: [0], outputs: [Int32(length)],
        operators: operators))
  }

  @Test("intermediate tensors reuse arena memory and the result is right")
  func memoryReuse() throws {
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: Self.chain(length: 10, elements: 1000)))
    // Input, output and two alternating intermediates are alive at most at once: far less
    // than the 11 tensors of 4000 bytes each.
    #expect(interpreter.arenaBytes <= 4 * 4032)
    #expect(interpreter.arenaBytes >= 3 * 4000)
    try interpreter.setInput(at: 0, floats: (0..<1000).map(Float.init))
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0) == (0..<1000).map { Float($0) * 11 })
    // A second run gives the same answer.
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0) == (0..<1000).map { Float($0) * 11 })
  }

  @Test("nodes whose inputs are all constant are evaluated once at load")
  func folding() throws {
    let bytes = S.bytes(
      S.model(
        opcodes: [S.opcode(builtin: 18), S.opcode(builtin: 0)],
        tensors: [
          S.tensor("x", shape: [2]), S.tensor("c1", shape: [2], buffer: 1),
          S.tensor("c2", shape: [2], buffer: 2),
          S.tensor("product", shape: [2]), S.tensor("y", shape: [2]),
        ],
        inputs: [0], outputs: [4],
        operators: [
          S.op(0, inputs: [1, 2], outputs: [3]), S.op(1, inputs: [0, 3], outputs: [4]),
        ],
        buffers: [
          .table([:]), .table([0: .bytes(SingleOpModel.bytes([Float(2), 3]))]),
          .table([0: .bytes(SingleOpModel.bytes([Float(4), 5]))]),
        ]))
    let interpreter = try ModelInterpreter(model: ModelFile(bytes: bytes))
    #expect(interpreter.foldedNodeCount == 1)
    try interpreter.setInput(at: 0, floats: [1, 1])
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0) == [9, 16])
  }

  @Test("an unsupported operator fails at load, naming it and its node")
  func unsupportedOperator() throws {
    let bytes = SingleOpModel.build(
      builtin: 15, inputs: [.float("a", [1])], outputs: [.float("b", [1])])
    #expect(throws: InterpreterError.unsupportedOperator(name: "LSH_PROJECTION", node: 0)) {
      try ModelInterpreter(model: ModelFile(bytes: bytes))
    }
    let custom = SingleOpModel.build(
      builtin: 32, customCode: "MyOp", inputs: [.float("a", [1])], outputs: [.float("b", [1])])
    let error = try #require(throws: InterpreterError.self) {
      try ModelInterpreter(model: ModelFile(bytes: custom))
    }
    #expect(error.description == "node 0: operator CUSTOM:MyOp is not supported")
  }

  @Test("unsupported types and bad shapes fail at load with the node and types")
  func unsupportedTypes() throws {
    let int8 = SingleOpModel.build(
      builtin: 0, inputs: [T("a", type: 9, shape: [2]), T("b", type: 9, shape: [2])],
      outputs: [T("c", type: 9, shape: [2])])
    let error = try #require(throws: InterpreterError.self) {
      try ModelInterpreter(model: ModelFile(bytes: int8))
    }
    #expect(error.description.hasPrefix("node 0 (ADD, int8, int8 -> int8)"), "\(error)")
    let mismatch = SingleOpModel.build(
      builtin: 0, inputs: [.float("a", [2, 3]), .float("b", [4])], outputs: [.float("c", [])])
    let shapeError = try #require(throws: InterpreterError.self) {
      try ModelInterpreter(model: ModelFile(bytes: mismatch))
    }
    #expect(shapeError.description.contains("do not broadcast"))
  }

  @Test("inputs are addressed by position and name; wrong sizes are refused")
  func inputsAndOutputs() throws {
    let bytes = SingleOpModel.build(
      builtin: 18, inputs: [.float("left", [3]), .float("right", [3])],
      outputs: [.float("product", [3])])
    let interpreter = try ModelInterpreter(model: ModelFile(bytes: bytes))
    #expect(interpreter.inputCount == 2 && interpreter.outputCount == 1)
    #expect(interpreter.inputPosition(named: "right") == 1)
    #expect(interpreter.outputPosition(named: "product") == 0)
    #expect(try interpreter.input(at: 1).name == "right")
    #expect(throws: InterpreterError.self) { try interpreter.setInput(at: 0, floats: [1, 2]) }
    #expect(throws: InterpreterError.noSuchTensor("input 2 of 2")) { try interpreter.input(at: 2) }
  }

  @Test("inputs with a dynamic signature can be resized and the plan rebuilt")
  func resize() throws {
    let model = S.model(
      opcodes: [S.opcode(builtin: 0)],
      tensors: [
        S.tensor("a", shape: [1, 2], extra: [7: .int32s([1, -1])]),
        S.tensor("b", shape: [1, 1], buffer: 1),
        S.tensor("c", shape: [1, 2], extra: [7: .int32s([1, -1])]),
      ],
      inputs: [0], outputs: [2], operators: [S.op(0, inputs: [0, 1], outputs: [2])],
      buffers: [.table([:]), .table([0: .bytes(SingleOpModel.bytes([Float(100)]))])])
    let interpreter = try ModelInterpreter(model: ModelFile(bytes: S.bytes(model)))
    try interpreter.resizeInput(at: 0, to: [1, 5])
    #expect(try interpreter.output(at: 0).shape == [1, 5])
    try interpreter.setInput(at: 0, floats: [1, 2, 3, 4, 5])
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0) == [101, 102, 103, 104, 105])
    #expect(throws: InterpreterError.self) { try interpreter.resizeInput(at: 0, to: [2, 5]) }
  }

  @Test("results do not depend on the thread count")
  func threads() throws {
    let bytes = Self.chain(length: 5, elements: 100_003)
    let input = (0..<100_003).map { Float($0 % 97) * 0.37 }
    var results: [[Float]] = []
    for threads in [1, 2, 3, 8] {
      let interpreter = try ModelInterpreter(
        model: ModelFile(bytes: bytes), options: InterpreterOptions(threadCount: threads))
      try interpreter.setInput(at: 0, floats: input)
      try interpreter.invoke()
      results.append(try interpreter.outputFloats(at: 0))
    }
    #expect(results.allSatisfy { $0 == results[0] })
  }
}

extension EngineTests {
  @Test("a zero dimension does not hide others that overflow: refused at load")
  func hugeEmptyShapes() throws {
    let big = 2_000_000_000
    for shape in [[1, 0, big, big, big], [0, big, big, big], [0, 1, 1, big]] {
      let bytes = SingleOpModel.build(
        builtin: 43, inputs: [.float("x", shape)], outputs: [.float("y", [])])
      let error = try #require(throws: InterpreterError.self) {
        try ModelInterpreter(model: ModelFile(bytes: bytes))
      }
      guard case .invalidTensor(index: 0, name: "x", _) = error else {
        Issue.record("expected invalidTensor for x, got \(error)")
        continue
      }
    }
    // An empty tensor whose other dimensions are reasonable runs.
    let empty = SingleOpModel.build(
      builtin: 43, inputs: [.float("x", [0, 3])], outputs: [.float("y", [])])
    let interpreter = try ModelInterpreter(model: ModelFile(bytes: empty))
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0) == [])
  }
}

extension EngineTests {
  @Test("variable tensors keep their values between runs")
  func variablesPersist() throws {
    // state ← state + x, with `state` a variable tensor initialised to [1, 2] by the model.
    let bytes = S.bytes(
      S.model(
        opcodes: [S.opcode(builtin: 0)],
        tensors: [
          S.tensor("x", shape: [2]),
          S.tensor("state", shape: [2], buffer: 1, extra: [5: .bool(true)]),
        ],
        inputs: [0], outputs: [1], operators: [S.op(0, inputs: [1, 0], outputs: [1])],
        buffers: [.table([:]), .table([0: .bytes(SingleOpModel.bytes([Float(1), 2]))])]))
    let interpreter = try ModelInterpreter(model: ModelFile(bytes: bytes))
    try interpreter.setInput(at: 0, floats: [10, 100])
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0) == [11, 102])
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0) == [21, 202])
    // Re-planning (a resize) keeps the state too; inputs must be set again after it.
    try interpreter.resizeInput(at: 0, to: [2])
    try interpreter.setInput(at: 0, floats: [10, 100])
    try interpreter.invoke()
    #expect(try interpreter.outputFloats(at: 0) == [31, 302])
  }
}
