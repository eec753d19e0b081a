import Testing

/// The plan's folding of an explicit PAD into the VALID convolution after it (`Tests/Models/pads`,
/// made by `tools/make_test_models.py --only pads`): every output byte-identical with the
/// rewrite on and off, and only the foldable PADs gone. Their match with LiteRT is
/// `GeneratedModelTests`'.
@Suite("A zero PAD before a VALID convolution is folded into it at load")
struct PadFoldingTests {
  /// Each model, its pad operator and whether the plan keeps it with the rewrite on.
  static let models: [(name: String, pad: String, kept: Bool)] = [
    ("pad_conv_float32", "PAD", false), ("pad_conv_int8", "PAD", false),
    ("pad_conv_uint8", "PAD", false), ("padv2_conv_float32", "PADV2", false),
    ("padv2_conv_int8", "PADV2", false), ("pad_depthwise_stride2_float32", "PAD", false),
    ("pad_depthwise_stride2_int8", "PAD", false), ("pad_depthwise_stride2_uint8", "PAD", false),
    ("padv2_other_fill_int8", "PADV2", true), ("pad_same_conv_uint8", "PAD", true),
  ]

  @Test("outputs are byte-identical with and without the rewrite", arguments: 0..<10)
  func identical(_ index: Int) throws {
    let (name, pad, kept) = Self.models[index]
    try GraphRewriteCheck.check(
      family: "pads", name: name, counted: pad, kept: kept ? 1 : 0, written: 1)
  }
}
