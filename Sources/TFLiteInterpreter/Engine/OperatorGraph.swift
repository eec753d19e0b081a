import TFLiteModel

/// A subgraph's operators as the load-time rewrites see them (``TransposeFolding``,
/// ``PadFolding``): who reads each tensor, operator names, constant integers, and whether two
/// tensors are interchangeable.
struct OperatorGraph {
  let model: ModelFile
  let subgraph: Subgraph
  /// The tensors as the plan starts (constants known).
  let tensors: [TensorState]

  /// The builtin (or custom) name of `op`'s operator.
  func name(of op: Operator) -> String { model.operatorCode(of: op).name }

  /// The values of constant integer tensor `index` (int32 or int64), or nil.
  func constantIntegers(_ index: Int) -> [Int]? {
    guard index >= 0 else { return nil }
    let tensor = tensors[index].description
    return tensor.constantValues(as: Int32.self)?.map(Int.init)
      ?? tensor.constantValues(as: Int64.self)?.map(Int.init)
  }

  /// The one operator reading `tensor`, when exactly one does and the tensor is neither a
  /// subgraph output nor a variable.
  func soleReader(of tensor: Int, _ readers: [Int: [Int]]) -> Int? {
    guard let list = readers[tensor], list.count == 1, !subgraph.outputs.contains(tensor),
      !tensors[tensor].isVariable
    else { return nil }
    return list[0]
  }

  /// True when tensors `a` and `b` have the same type and quantization (neither a variable).
  func same(_ a: Int, _ b: Int) -> Bool {
    let (x, y) = (tensors[a], tensors[b])
    return !x.isVariable && !y.isVariable && x.description.type == y.description.type
      && x.description.quantization == y.description.quantization
  }

  /// The positions of the operators reading each tensor (`nil` operators read nothing).
  static func readers(_ operators: [Operator?]) -> [Int: [Int]] {
    var readers: [Int: [Int]] = [:]
    for (position, op) in operators.enumerated() {
      for input in Set(op?.inputs ?? []) where input >= 0 {
        readers[input, default: []].append(position)
      }
    }
    return readers
  }
}
