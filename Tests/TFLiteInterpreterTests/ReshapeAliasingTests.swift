import Testing

/// `ReshapeAliasing` on the generated reshape chains (`Tests/Models/reshapes`): the RESHAPE
/// between two arena tensors shares its input's memory and does not run, the one writing the
/// model's output keeps its copy, and the outputs are byte-identical with the rewrites off.
@Suite("Reshape aliasing")
struct ReshapeAliasingTests {
  @Test("outputs are byte-identical with and without aliasing", arguments: ["float32", "int8"])
  func identical(_ type: String) throws {
    try GraphRewriteCheck.check(
      family: "reshapes", name: "chain_\(type)", counted: "RESHAPE", kept: 1, written: 2)
  }
}
