import Foundation
import TFLiteInterpreter
import TFLiteModel

/// Where an interpreter's time goes, by operator: `bench --profile` runs the model `runs`
/// times through ``ModelInterpreter/invoke(observing:)`` and charges the time between one
/// node's outputs and the next node's to that next node.
///
/// One untimed observed run goes first. Nodes folded at load never run and cost nothing; a node without outputs (ASSIGN_VARIABLE)
/// is charged to the node after it. The observer's own cost (a few microseconds per output) is
/// included, so short operators look slightly slower than they are.
struct OperatorProfile {
  /// One operator's share of a run.
  struct Entry {
    var name: String
    /// Nodes of this operator that ran.
    var nodes: Int
    /// Milliseconds per run (the total over all runs divided by the number of runs).
    var milliseconds: Double
  }

  /// Operators by descending time.
  var entries: [Entry]
  /// Milliseconds per profiled run, the whole invocation.
  var total: Double

  /// Profiles `runs` invocations of `interpreter` (inputs already set) for `model`.
  init(model: ModelFile, interpreter: ModelInterpreter, runs: Int) throws {
    let operators = model.mainSubgraph.operators
    let names = operators.map { model.operatorCode(of: $0).name }
    var nanoseconds = [UInt64](repeating: 0, count: operators.count)
    var ran = Set<Int>()
    try interpreter.invoke(observing: { _, _, _ in })  // untimed: the observer's first calls
    for _ in 0..<runs {
      var mark = DispatchTime.now().uptimeNanoseconds
      var last = -1
      try interpreter.invoke(observing: { node, _, _ in
        guard node != last, nanoseconds.indices.contains(node) else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        nanoseconds[node] += now - mark
        (mark, last) = (now, node)
        ran.insert(node)
      })
    }
    var byName: [String: Entry] = [:]
    for node in ran {
      let name = names[node]
      byName[name, default: Entry(name: name, nodes: 0, milliseconds: 0)].nodes += 1
      byName[name]?.milliseconds += Double(nanoseconds[node]) / 1e6 / Double(max(runs, 1))
    }
    entries = byName.values.sorted { $0.milliseconds > $1.milliseconds }
    total = entries.reduce(0) { $0 + $1.milliseconds }
  }

  /// The table `bench --profile` prints: operator, nodes, ms per run, share.
  var text: String {
    var lines = ["  profile  (ms per run, by operator)"]
    for entry in entries {
      let share = total > 0 ? entry.milliseconds / total * 100 : 0
      lines.append(
        "    \(entry.name.padding(toLength: 36, withPad: " ", startingAt: 0)) "
          + "\(String(format: "%4d", entry.nodes)) node(s) "
          + "\(String(format: "%9.3f", entry.milliseconds)) ms "
          + "\(String(format: "%5.1f", share)) %")
    }
    return lines.joined(separator: "\n")
  }

  /// The `profile` array of `bench --profile --json`.
  var json: JSONValue {
    .array(
      entries.map { entry in
        .fields([
          ("operator", .string(entry.name)), ("nodes", .int(entry.nodes)),
          ("ms_per_run", .double(TimingSamples.rounded(entry.milliseconds))),
        ])
      })
  }
}
