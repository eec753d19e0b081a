import OcellusTestSupport
import TFLiteModel
import Testing

/// `BuiltinOptions` and the options types: which union tags each type decodes, tables one type
/// reads differently by tag, absent tables, and malformed fields.
@Suite("Builtin options")
struct BuiltinOptionsTests {
  typealias S = SyntheticModel

  /// The options of one operator per `(tag, table)`, as the model decodes them.
  static func decode(_ options: [(UInt8, S.Node?)]) throws -> [BuiltinOptions] {
    let operators = options.map { tag, table in
      S.op(0, inputs: [0], outputs: [1], options: table.map { (tag, $0) }, extra: [3: .uint8(tag)])
    }
    let model = try ModelFile(
      bytes: S.bytes(
        S.model(
          opcodes: [S.opcode(builtin: 0)],
          tensors: [S.tensor("x", shape: [1]), S.tensor("y", shape: [1])], inputs: [0],
          outputs: [1], operators: operators)))
    return model.mainSubgraph.operators.map(\.builtinOptions)
  }

  @Test("each type knows the union tags it decodes")
  func tags() {
    #expect(Conv2DOptions.tags == [.conv2DOptions])
    #expect(ArithmeticOptions.tags == [.addOptions, .mulOptions, .subOptions, .divOptions])
    #expect(ResizeOptions.tags == [.resizeBilinearOptions, .resizeNearestNeighborOptions])
    #expect(SequenceLSTMOptions.tags == [.unidirectionalSequenceLSTMOptions])
    #expect(L2NormalizationOptions.tags.map(\.name) == ["L2NormOptions"])
  }

  @Test("a type decoding several tags reads each tag's layout")
  func layoutsByTag() throws {
    let decoded = try Self.decode([
      (11, .table([0: .int8(1), 1: .bool(false)])),  // ADD: pot_scale_int16 stored
      (21, .table([0: .int8(3), 1: .bool(false)])),  // MUL: field 1 is not pot_scale_int16
      (15, .table([0: .bool(true), 2: .bool(true)])),  // RESIZE_BILINEAR: fields from id 2
      (74, .table([0: .bool(true), 2: .bool(true)])),  // RESIZE_NEAREST_NEIGHBOR: from id 0
    ])
    let add = try #require(decoded[0].decoded(as: ArithmeticOptions.self))
    #expect(add.activation == .relu && !add.potScaleInt16)
    let mul = try #require(decoded[1].decoded(as: ArithmeticOptions.self))
    #expect(mul.activation == .relu6 && mul.potScaleInt16)
    let bilinear = try #require(decoded[2].decoded(as: ResizeOptions.self))
    #expect(bilinear.alignCorners && !bilinear.halfPixelCenters)
    let nearest = try #require(decoded[3].decoded(as: ResizeOptions.self))
    #expect(nearest.alignCorners && !nearest.halfPixelCenters)
    #expect(decoded[0] != decoded[1])
  }

  @Test("an absent table decodes as the schema defaults; NONE decodes as no type")
  func absentTables() throws {
    let decoded = try Self.decode([(37, nil), (17, nil), (0, nil), (22, nil)])
    let cast = try #require(decoded[0].decoded(as: CastOptions.self))
    #expect(cast.inputType == .float32 && cast.outputType == .float32)
    #expect(try #require(decoded[1].decoded(as: ReshapeOptions.self)).newShape == nil)
    #expect(decoded[2].type == .noOptions && decoded[2].decoded(as: SoftmaxOptions.self) == nil)
    #expect(decoded[3].typeName == "PadOptions")
    #expect(FullyConnectedOptions.defaults.weightsFormat == .default)
    #expect(Conv2DOptions.defaults.dilationWidth == 1 && Conv2DOptions.defaults.padding == .same)
    #expect(SqueezeOptions.defaults.dimensions.isEmpty && ReshapeOptions.defaults.newShape == nil)
  }

  @Test("a decoded field out of its enum's range fails the load, naming the field")
  func badEnumeration() {
    let error = #expect(throws: ModelError.self) {
      _ = try Self.decode([(77, .table([0: .int8(2)]))])  // MirrorPadOptions.mode
    }
    #expect(error?.description.contains("mode") == true)
  }
}
