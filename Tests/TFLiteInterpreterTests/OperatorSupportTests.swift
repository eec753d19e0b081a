import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The operator catalog (`OperatorSupport`, made from the kernel registry's registrations and
/// shown by `ocellus ops`) against the models the tests run: one registration per operator,
/// every (operator, element type) pair it lists run by some model, and every node running on
/// a kernel its entry lists for the node's type.
@Suite("Operator support catalog")
struct OperatorSupportTests {
  /// The weights' input position of operators with a hybrid form (float32 data, 8-bit weights).
  static let hybridWeights: [String: Int] = [
    "CONV_2D": 1, "DEPTHWISE_CONV_2D": 1, "FULLY_CONNECTED": 1, "BATCH_MATMUL": 1,
    "EMBEDDING_LOOKUP": 1, "TRANSPOSE_CONV": 1, "UNIDIRECTIONAL_SEQUENCE_LSTM": 2, "SVDF": 1,
  ]

  /// The project's own models: the generated ones (`Tests/Models/<family>`, the `catalog`
  /// family filling what the others leave) and those in `Models/`.
  static let ownModels: [String] = {
    let root = SharedData.packageRoot
    return tflites(under: root.appendingPathComponent("Tests/Models"))
      + tflites(under: root.appendingPathComponent("Models"))
  }()

  /// Every model the tests can read: the project's own and the shared ones (when present).
  static let models: [String] =
    ownModels + (SharedData.isAvailable ? SharedData.modelFiles().map(SharedData.path) : [])

  /// The catalog by operator name.
  static let entries = Dictionary(OperatorSupport.all.map { ($0.name, $0) }) { first, _ in first }

  /// The `.tflite` files below `folder`, sorted; none when it is absent.
  static func tflites(under folder: URL) -> [String] {
    guard let names = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    return names.compactMap { $0 as? String }.filter { $0.hasSuffix(".tflite") }.sorted().map {
      folder.appendingPathComponent($0).path
    }
  }

  @Test("the registry merges with one registration per operator")
  func oneRegistrationPerOperator() throws {
    let names = OperatorSupport.all.map(\.name)
    #expect(names.count > 100, "the catalog lists \(names.count) operators")
    #expect(Set(names).count == names.count, "an operator is listed twice")
    #expect(names.contains("CUSTOM:TFLite_Detection_PostProcess"))
    try OperatorSupport.mergeRegistry()
    // The first section twice: each of its operators is registered twice.
    #expect {
      try OperatorSupport.mergeRegistry(sectionIndices: [0, 0])
    } throws: { error in
      guard case InterpreterError.duplicateKernel = error else { return false }
      return true
    }
  }

  @Test("every kernel is declared in the file the catalog names")
  func kernelFilesDeclareKernels() throws {
    let root = SharedData.packageRoot
    for entry in OperatorSupport.all {
      #expect(!entry.kernels.isEmpty, "\(entry.name) lists no kernel")
      for variant in entry.kernels {
        let source = try String(
          contentsOf: root.appendingPathComponent(variant.file), encoding: .utf8)
        #expect(
          source.contains("class \(variant.kernel):")
            || source.contains("struct \(variant.kernel):"),
          "\(variant.file) does not declare \(variant.kernel)")
      }
    }
  }

  @Test("hybrid is listed only for operators with weights")
  func hybridOnlyWithWeights() {
    for entry in OperatorSupport.all where entry.types.contains(.hybrid) {
      #expect(Self.hybridWeights[entry.name] != nil, "\(entry.name) lists hybrid")
    }
  }

  @Test("every listed (operator, type) pair is run by one of the project's models")
  func everyPairHasAModel() throws {
    var exercised = Set<String>()
    for path in Self.ownModels {
      let model = try ModelFile(contentsOfFile: path)
      for subgraph in model.subgraphs {
        for op in subgraph.operators {
          let name = model.operatorCodes[op.opcodeIndex].name
          guard let entry = Self.entries[name] else { continue }
          exercised.insert("\(name) \(Self.exercisedType(entry, op, subgraph) ?? "-")")
        }
      }
    }
    let missing = OperatorSupport.all.flatMap { entry in
      (entry.types.isEmpty ? ["-"] : entry.types.map(\.rawValue)).map { "\(entry.name) \($0)" }
    }.filter { !exercised.contains($0) }
    #expect(
      missing.isEmpty,
      "no model in Tests/Models or Models runs these pairs (tools/test_models/catalog.py makes such models): \(missing)"
    )
  }

  @Test("the models' operators run on listed types and kernels", arguments: models)
  func modelsRunListedKernels(path: String) throws {
    let model = try ModelFile(contentsOfFile: path)
    for (index, subgraph) in model.subgraphs.enumerated() {
      for op in subgraph.operators {
        let name = model.operatorCodes[op.opcodeIndex].name
        let entry = try #require(Self.entries[name], "\(name) in \(path) is not registered")
        guard let type = Self.exercisedType(entry, op, subgraph) else { continue }
        #expect(
          Self.covers(entry, type),
          "\(name) runs on \(type) in \(path) (subgraph \(index)); the catalog lists \(entry.types.map(\.rawValue)) (\(entry.notes))"
        )
      }
    }
    // Models that must fail to load (the malformed family) have no kernels to check.
    guard let interpreter = try? ModelInterpreter(model: model) else { return }
    let main = model.subgraphs[0]
    for node in interpreter.nodeKernels {
      let op = main.operators[node.node]
      let name = model.operatorCodes[op.opcodeIndex].name
      guard let entry = Self.entries[name], let type = Self.exercisedType(entry, op, main),
        let listed = OperatorSupport.ElementType(rawValue: type)
      else { continue }
      let kernels = entry.kernels(for: listed).map(\.kernel)
      #expect(
        kernels.contains(node.kernel),
        "node \(node.node) (\(name), \(type)) of \(path) runs \(node.kernel); the catalog lists \(kernels)"
      )
    }
  }

  /// True when `entry` lists `type`; a type beyond ``OperatorSupport/ElementType`` (uint32,
  /// float64, …) is covered by a note naming it, or by the any-fixed-size-type note when it has
  /// a fixed size.
  static func covers(_ entry: OperatorSupport, _ type: String) -> Bool {
    if let listed = OperatorSupport.ElementType(rawValue: type) {
      return entry.types.contains(listed)
    }
    let fixedSize = TensorType.allCases.first { $0.description == type }?.byteSize != nil
    return entry.notes.contains(type)
      || (fixedSize && entry.notes.hasPrefix(OperatorSupport.anyFixedSizeNote))
  }

  /// The type of the operator's data as the catalog defines it (its entry's data operand), or
  /// "hybrid" for float32 results of 8-bit weights. Nil when the operator has no data.
  static func exercisedType(_ entry: OperatorSupport, _ op: Operator, _ subgraph: Subgraph)
    -> String?
  {
    func type(_ index: Int?) -> TensorType? {
      guard let index, subgraph.tensors.indices.contains(index) else { return nil }
      return subgraph.tensors[index].type
    }
    func input(_ position: Int) -> Int? {
      op.inputs.indices.contains(position) ? op.inputs[position] : nil
    }
    let data: Int?
    switch entry.data {
    case .firstInput: data = op.inputs.first { $0 >= 0 }
    case .input(let position): data = input(position)
    case .output(let position):
      data = op.outputs.indices.contains(position) ? op.outputs[position] : nil
    case .none: data = nil
    }
    guard let dataType = type(data) else { return nil }
    if let position = hybridWeights[entry.name], let weights = type(input(position)),
      weights == .int8 || weights == .uint8, type(op.outputs.first) == .float32
    {
      return "hybrid"
    }
    return dataType.description
  }
}
