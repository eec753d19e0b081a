import Testing

/// The plan's removal of transposes that cancel (`Tests/Models/transposes`, made by
/// `tools/make_test_models.py --only transposes`): every output byte-identical with the rewrite
/// on and off, and only the cancelling transposes gone. Their match with LiteRT is
/// `GeneratedModelTests`'.
@Suite("Transposes that cancel are removed at load")
struct TransposeFoldingTests {
  /// Each model and the TRANSPOSE nodes its plan keeps with the rewrite on (of 2).
  static let models: [(name: String, kept: Int)] = [
    ("pair_float32", 0), ("pair_int8", 0), ("pair_uint8", 0), ("sandwich_float32", 0),
    ("sandwich_int8", 0), ("chain_float32", 0), ("requantized_int8", 0),
    ("not_inverse_float32", 2), ("read_twice_int8", 2),
  ]

  @Test("outputs are byte-identical with and without the rewrite", arguments: 0..<9)
  func identical(_ index: Int) throws {
    let (name, kept) = Self.models[index]
    try GraphRewriteCheck.check(
      family: "transposes", name: name, counted: "TRANSPOSE", kept: kept, written: 2)
  }
}
