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
/// rewrite (``InterpreterOptions/rewritesGraph`` turns the rewrites off). Applies only when each
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

  let graph: OperatorGraph

  /// `operators` (the subgraph's, by position) after the rewrite: nil where an operator goes,
  /// else the operator as it runs (rewired where the rewrite moved its tensors).
  func apply(to operators: [Operator?]) -> [Operator?] {
    var operators = operators
    var readers = OperatorGraph.readers(operators)
    var renamed: [Int: Int] = [:]
    for position in operators.indices {
      guard var op = operators[position] else { continue }
      if op.inputs.contains(where: { renamed[$0] != nil }) {
        op = op.rewired(inputs: op.inputs.map { renamed[$0] ?? $0 }, outputs: op.outputs)
        operators[position] = op
      }
      guard let match = cancellation(from: position, operators, readers) else { continue }
      let (source, target) = (op.inputs[0], match.target)
      operators[position] = nil
      operators[match.last] = nil
      readers[source, default: []].removeAll { $0 == position }
      guard let first = match.chain.first, let last = match.chain.last else {
        renamed[target] = source
        readers[source, default: []].append(contentsOf: readers[target] ?? [])
        continue
      }
      readers[source, default: []].append(first)
      operators[first] = operators[first].map {
        $0.rewired(inputs: [source] + $0.inputs.dropFirst(), outputs: $0.outputs)
      }
      operators[last] = operators[last].map { $0.rewired(inputs: $0.inputs, outputs: [target]) }
    }
    return operators
  }

  /// For the TRANSPOSE at `position`: the positions of the elementwise chain after it (maybe
  /// none) and of the inverse TRANSPOSE that ends it, or nil when it does not cancel.
  private func cancellation(
    from position: Int, _ operators: [Operator?], _ readers: [Int: [Int]]
  ) -> (chain: [Int], last: Int, target: Int)? {
    guard let op = operators[position], let perm = permutation(op), let source = op.inputs.first,
      source >= 0
    else { return nil }
    var chain: [Int] = []
    var current = op.outputs[0]
    while let next = graph.soleReader(of: current, readers), let reader = operators[next] {
      if let inverse = permutation(reader) {
        let last = reader.outputs[0]
        guard perm.count == inverse.count, inverse.indices.allSatisfy({ perm[inverse[$0]] == $0 })
        else { return nil }
        // The pair's readers then read `source`; the chain reads `source` and writes `last`.
        let joins =
          chain.isEmpty
          ? graph.same(source, last) && !graph.subgraph.outputs.contains(last)
          : graph.same(source, op.outputs[0]) && graph.same(current, last)
        return joins ? (chain, next, last) : nil
      }
      guard isElementwise(reader), reader.inputs.first == current else { return nil }
      chain.append(next)
      current = reader.outputs[0]
    }
    return nil
  }

  /// A TRANSPOSE's constant permutation, or nil for any other operator.
  private func permutation(_ op: Operator) -> [Int]? {
    guard graph.name(of: op) == "TRANSPOSE", op.inputs.count == 2, op.outputs.count == 1,
      let values = graph.constantIntegers(op.inputs[1]), Set(values) == Set(values.indices)
    else { return nil }
    return values
  }

  /// True for a layout-agnostic elementwise operator with one output (``elementwise``).
  private func isElementwise(_ op: Operator) -> Bool {
    let tensors = graph.tensors
    guard Self.elementwise.contains(graph.name(of: op)), op.outputs.count == 1,
      op.inputs.filter({ $0 >= 0 && tensors[$0].description.constant == nil }).count == 1
    else { return false }
    return (op.inputs + op.outputs).allSatisfy {
      $0 < 0 || tensors[$0].description.quantization?.isPerChannel != true
    }
  }
}
