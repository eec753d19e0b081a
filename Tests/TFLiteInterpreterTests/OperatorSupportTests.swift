import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The operator catalog (`OperatorSupport`, shown by `ocellus ops` and the README) against the
/// kernel registry and against the models the tests run: it lists exactly the registered
/// operators, and never fewer types than the models exercise.
@Suite("Operator support catalog")
struct OperatorSupportTests {
  /// The weights' input position of operators with a hybrid form (float32 data, 8-bit weights).
  /// SVDF is not registered yet; it is here so that its models are judged as hybrid once it is.
  static let hybridWeights: [String: Int] = [
    "CONV_2D": 1, "DEPTHWISE_CONV_2D": 1, "FULLY_CONNECTED": 1, "BATCH_MATMUL": 1,
    "EMBEDDING_LOOKUP": 1, "TRANSPOSE_CONV": 1, "UNIDIRECTIONAL_SEQUENCE_LSTM": 2, "SVDF": 1,
  ]

  /// Every model the tests can read: the generated ones (`Tests/Models/<family>`), the project's
  /// own (`Models/`) and the shared ones (`../shared/models`, when present).
  static let models: [String] = {
    let root = SharedData.packageRoot
    var paths =
      tflites(under: root.appendingPathComponent("Tests/Models"))
      + tflites(under: root.appendingPathComponent("Models"))
    if SharedData.isAvailable { paths += SharedData.modelFiles().map(SharedData.path) }
    return paths
  }()

  /// The `.tflite` files below `folder`, sorted; none when it is absent.
  static func tflites(under folder: URL) -> [String] {
    guard let names = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    return names.compactMap { $0 as? String }.filter { $0.hasSuffix(".tflite") }.sorted().map {
      folder.appendingPathComponent($0).path
    }
  }

  @Test("the catalog lists exactly the operators the registry holds")
  func catalogMatchesRegistry() {
    let registered = OperatorSupport.registeredOperators
    let catalogued = OperatorSupport.catalog.map(\.name)
    #expect(registered.count > 100, "the registry lists \(registered.count) operators")
    #expect(Set(catalogued).count == catalogued.count, "an operator is catalogued twice")
    let missing = Set(registered).subtracting(catalogued).sorted()
    let extra = Set(catalogued).subtracting(registered).sorted()
    #expect(missing.isEmpty, "registered but not catalogued: \(missing)")
    #expect(extra.isEmpty, "catalogued but not registered: \(extra)")
    #expect(OperatorSupport.all.map(\.name) == registered)
    #expect(registered.contains("CUSTOM:TFLite_Detection_PostProcess"))
  }

  @Test("hybrid is listed only for operators with weights")
  func hybridOnlyWithWeights() {
    for entry in OperatorSupport.catalog where entry.types.contains(.hybrid) {
      #expect(Self.hybridWeights[entry.name] != nil, "\(entry.name) lists hybrid")
    }
  }

  @Test("the models' operators run on types the catalog lists", arguments: models)
  func modelTypesAreListed(path: String) throws {
    let model = try ModelFile(contentsOfFile: path)
    let entries = Dictionary(OperatorSupport.all.map { ($0.name, $0) }) { first, _ in first }
    for (index, subgraph) in model.subgraphs.enumerated() {
      for op in subgraph.operators {
        let name = model.operatorCodes[op.opcodeIndex].name
        let entry = try #require(entries[name], "\(name) in \(path) is not a registered operator")
        guard let type = Self.exercisedType(name, op, subgraph) else { continue }
        #expect(
          Self.covers(entry, type),
          "\(name) runs on \(type) in \(path) (subgraph \(index)); the catalog lists \(entry.types.map(\.rawValue)) (\(entry.notes))"
        )
      }
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

  /// The type of the operator's data as the catalog defines it: its first present input (the
  /// image for TRANSPOSE_CONV, the table for EMBEDDING_LOOKUP, the value for ASSIGN_VARIABLE, the
  /// output for READ_VARIABLE), or "hybrid" for float32 results of 8-bit weights. Nil when the
  /// operator has no data (VAR_HANDLE, CALL_ONCE).
  static func exercisedType(_ name: String, _ op: Operator, _ subgraph: Subgraph) -> String? {
    func type(_ index: Int?) -> TensorType? {
      guard let index, subgraph.tensors.indices.contains(index) else { return nil }
      return subgraph.tensors[index].type
    }
    func input(_ position: Int) -> Int? {
      op.inputs.indices.contains(position) ? op.inputs[position] : nil
    }
    let data: Int?
    switch name {
    case "TRANSPOSE_CONV": data = input(2)
    case "EMBEDDING_LOOKUP", "ASSIGN_VARIABLE": data = input(1)
    case "READ_VARIABLE": data = op.outputs.first
    default: data = op.inputs.first { $0 >= 0 }
    }
    guard let dataType = type(data) else { return nil }
    if let position = hybridWeights[name], let weights = type(input(position)),
      weights == .int8 || weights == .uint8, type(op.outputs.first) == .float32
    {
      return "hybrid"
    }
    return dataType.description
  }
}
