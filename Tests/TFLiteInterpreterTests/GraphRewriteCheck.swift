import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// What the graph-rewrite tests check on one generated model (`Tests/Models/<family>/<name>`):
/// its outputs byte-identical with the rewrites on and off, and how many nodes of operator
/// `counted` each plan keeps.
enum GraphRewriteCheck {
  static func check(family: String, name: String, counted: String, kept: Int, written: Int)
    throws
  {
    let base = SharedData.packageRoot.appendingPathComponent("Tests/Models/\(family)/\(name)")
    let model = try ModelFile(contentsOfFile: base.path + ".tflite")
    let input = try NumPyArray(
      npyBytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: base.path + ".in0.npy"))))
    var results: [[[UInt8]]] = []
    for rewrites in [true, false] {
      let interpreter = try ModelInterpreter(
        model: model, options: InterpreterOptions(rewritesGraph: rewrites))
      try interpreter.setInput(at: 0, bytes: input.data)
      try interpreter.invoke()
      results.append(try (0..<interpreter.outputCount).map { try interpreter.outputBytes(at: $0) })
      let count = interpreter.nodeKernels.filter {
        model.operatorCode(of: model.mainSubgraph.operators[$0.node]).name == counted
      }.count
      #expect(count == (rewrites ? kept : written), "\(name), rewrites \(rewrites)")
    }
    #expect(results[0] == results[1], "\(name): outputs differ with the rewrites off")
  }
}
