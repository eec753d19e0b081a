import TFLiteModel

/// Removes transposes that cancel, at load: the graphs ONNX and PyTorch converters write
/// from NCHW models put a TRANSPOSE on each side of many operators.
///
/// - An inverse pair, `TRANSPOSE(p)` then `TRANSPOSE(q)` with `p[q[j]] = j`: both go, and the
///   second's readers read the first's input.
/// - A sandwich, `TRANSPOSE(p)`, a chain of layout-agnostic elementwise operators (one data
///   input and one output each, every output element a function of the same input element
///   alone: activations, unary math, per-tensor QUANTIZE, DEQUANTIZE, CAST), then
///   `TRANSPOSE(q)` inverse to `p`: the transposes go and the chain runs on the untransposed
///   tensor, its first operator reading the first transpose's input and its last writing the
///   second transpose's output.
///
/// A transpose only moves elements, so every output is byte-identical with and without the
/// rewrite (``InterpreterOptions/rewritesGraph`` turns it off). Applies only when each
/// intermediate tensor has that one reader, is neither a subgraph output nor a variable, and
/// the tensors the transposes join have the same type and quantization.
struct TransposeFolding {
  /// Operators whose every output element depends on the same element of their one data
  /// input only, whatever the layout (QUANTIZE and DEQUANTIZE only per tensor).
  static let elementwise: Set<String> = [
    "ABS", "CAST", "CEIL", "COS", "DEQUANTIZE", "ELU", "EXP", "FLOOR", "GELU", "HARD_SWISH",
    "LEAKY_RELU", "LOG", "LOGICAL_NOT", "LOGISTIC", "NEG", "QUANTIZE", "RELU", "RELU6",
    "RELU_0_TO_1", "RELU_N1_TO_1", "ROUND", "RSQRT", "SIGN", "SIN", "SQRT", "SQUARE", "TANH",
  ]

  let model: ModelFile
  let subgraph: Subgraph
  /// The tensors as the plan starts (constants known).
  let tensors: [TensorState]

  /// The subgraph's operators after the rewrite, by position: nil where an operator goes,
  /// else the operator as it runs (rewired where the rewrite moved its tensors).
  func apply() -> [Operator?] {
    var operators: [Operator?] = subgraph.operators
    var readers = Self.readers(subgraph.operators)
    var renamed: [Int: Int] = [:]
    for position in operators.indices {
      guard var op = operators[position] else { continue }
      if op.inputs.contains(where: { renamed[$0] != nil }) {
        op = op.rewired(inputs: op.inputs.map { renamed[$0] ?? $0 }, outputs: op.outputs)
        operators[position] = op
      }
      guard let match = cancellation(from: position, operators, readers) else { continue }
      operators[position] = nil
      operators[match.last] = nil
      let (source, target) = (op.inputs[0], subgraph.operators[match.last].outputs[0])
      readers[source, default: []].removeAll { $0 == position }
      guard let first = match.chain.first, let last = match.chain.last else {
        renamed[target] = source
        readers[source, default: []].append(contentsOf: readers[target] ?? [])
        continue
      }
      readers[source, default: []].append(first)
      let head = operators[first]!
      operators[first] = head.rewired(
        inputs: [source] + head.inputs.dropFirst(), outputs: head.outputs)
      let tail = operators[last]!
      operators[last] = tail.rewired(inputs: tail.inputs, outputs: [target])
    }
    return operators
  }

  /// For the TRANSPOSE at `position`: the positions of the elementwise chain after it (maybe
  /// none) and of the inverse TRANSPOSE that ends it, or nil when it does not cancel.
  private func cancellation(
    from position: Int, _ operators: [Operator?], _ readers: [Int: [Int]]
  ) -> (chain: [Int], last: Int)? {
    guard let op = operators[position], let perm = permutation(op), let source = op.inputs.first,
      source >= 0
    else { return nil }
    var chain: [Int] = []
    var current = op.outputs[0]
    while let next = soleReader(of: current, readers), let reader = operators[next] {
      if let inverse = permutation(reader) {
        let last = reader.outputs[0]
        guard perm.count == inverse.count, inverse.indices.allSatisfy({ perm[inverse[$0]] == $0 })
        else { return nil }
        // The pair's readers then read `source`; the chain reads `source` and writes `last`.
        let joins =
          chain.isEmpty
          ? same(source, last) && !subgraph.outputs.contains(last)
          : same(source, op.outputs[0]) && same(current, last)
        return joins ? (chain, next) : nil
      }
      guard isElementwise(reader), reader.inputs.first == current else { return nil }
      chain.append(next)
      current = reader.outputs[0]
    }
    return nil
  }

  /// A TRANSPOSE's constant permutation, or nil for any other operator.
  private func permutation(_ op: Operator) -> [Int]? {
    guard model.operatorCode(of: op).name == "TRANSPOSE", op.inputs.count == 2,
      op.outputs.count == 1, op.inputs[1] >= 0
    else { return nil }
    let perm = tensors[op.inputs[1]].description
    let values =
      perm.constantValues(as: Int32.self)?.map(Int.init)
      ?? perm.constantValues(as: Int64.self)?.map(Int.init)
    guard let values, Set(values) == Set(values.indices) else { return nil }
    return values
  }

  /// True for a layout-agnostic elementwise operator with one output (``elementwise``).
  private func isElementwise(_ op: Operator) -> Bool {
    guard Self.elementwise.contains(model.operatorCode(of: op).name), op.outputs.count == 1,
      op.inputs.filter({ $0 >= 0 && tensors[$0].description.constant == nil }).count == 1
    else { return false }
    return (op.inputs + op.outputs).allSatisfy {
      $0 < 0 || tensors[$0].description.quantization?.isPerChannel != true
    }
  }

  /// The one operator reading `tensor`, when exactly one does and the tensor is neither a
  /// subgraph output nor a variable.
  private func soleReader(of tensor: Int, _ readers: [Int: [Int]]) -> Int? {
    guard let list = readers[tensor], list.count == 1, !subgraph.outputs.contains(tensor),
      !tensors[tensor].isVariable
    else { return nil }
    return list[0]
  }

  /// True when tensors `a` and `b` have the same type and quantization (neither a variable).
  private func same(_ a: Int, _ b: Int) -> Bool {
    let (x, y) = (tensors[a], tensors[b])
    return !x.isVariable && !y.isVariable && x.description.type == y.description.type
      && x.description.quantization == y.description.quantization
  }

  /// The positions of the operators reading each tensor.
  private static func readers(_ operators: [Operator]) -> [Int: [Int]] {
    var readers: [Int: [Int]] = [:]
    for (position, op) in operators.enumerated() {
      for input in Set(op.inputs) where input >= 0 { readers[input, default: []].append(position) }
    }
    return readers
  }
}
