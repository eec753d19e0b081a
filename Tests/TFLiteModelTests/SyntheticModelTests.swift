import OcellusTestSupport
import TFLiteModel
import Testing

/// Schema features and malformed structures, on small models built in the test.
@Suite("Synthetic models")
struct SyntheticModelTests {
  typealias S = SyntheticModel

  @Test("a minimal model reads back exactly")
  func minimal() throws {
    let model = try ModelFile(bytes: S.bytes(S.minimal))
    #expect(model.version == 3)
    #expect(model.description == "synthetic")
    #expect(model.operatorCodes.map(\.builtinCode) == [.add])
    let main = model.mainSubgraph
    #expect(main.name == "main")
    #expect(main.tensors.map(\.name) == ["a", "b", "sum"])
    #expect(main.inputs == [0, 1])
    #expect(main.outputs == [2])
    let options = try #require(main.operators.first?.builtinOptions)
    #expect(options.type == .addOptions && options.typeName == "AddOptions")
    let add = try #require(options.decoded(as: ArithmeticOptions.self))
    #expect(add.activation == .relu && add.potScaleInt16)
    #expect(options.decoded(as: Conv2DOptions.self) == nil)
    #expect(model.metadata == nil)
    #expect(model.archive == nil)
    #expect(model.warnings.isEmpty)
  }

  @Test("every tensor type, shape signatures, variables and per-channel quantization")
  func tensors() throws {
    let types: [(Int8, TensorType)] = [
      (0, .float32), (1, .float16), (2, .int32), (3, .uint8), (4, .int64), (6, .bool), (7, .int16),
      (9, .int8),
      (10, .float64), (15, .uint32), (16, .uint16), (17, .int4), (18, .bfloat16),
    ]
    let perChannel: S.Node = .table([
      2: .floats([0.5, 0.25, 0.125]), 3: .int64s([0, 0, 0]), 6: .int32(3),
    ])
    var tensors = types.map { S.tensor("t\($0.0)", shape: [1, 2], type: $0.0) }
    tensors.append(
      S.tensor("dynamic", shape: [1, 224, 224, 3], extra: [7: .int32s([1, -1, -1, 3])]))
    tensors.append(S.tensor("state", shape: [1, 8], extra: [5: .bool(true)]))
    tensors.append(S.tensor("weights", shape: [3, 1, 1, 3], type: 9, extra: [4: perChannel]))
    let count = Int32(tensors.count)
    let model = try ModelFile(
      bytes: S.bytes(
        S.model(
          opcodes: [S.opcode(builtin: 0)], tensors: tensors, inputs: [0], outputs: [count - 1],
          operators: [S.op(0, inputs: [0, -1], outputs: [count - 1])])))
    let main = model.mainSubgraph
    #expect(main.tensors.prefix(types.count).map(\.type) == types.map(\.1))
    let dynamic = main.tensors[types.count]
    #expect(dynamic.shape == [1, 224, 224, 3])
    #expect(dynamic.shapeSignature == [1, -1, -1, 3])
    #expect(dynamic.hasDynamicShape)
    #expect(main.tensors[types.count + 1].isVariable)
    let weights = try #require(main.tensors.last?.quantization)
    #expect(weights.scales == [0.5, 0.25, 0.125])
    #expect(weights.zeroPoints == [0, 0, 0])
    #expect(weights.quantizedDimension == 3)
    #expect(weights.isPerChannel)
    #expect(main.operators[0].inputs == [0, -1])
    #expect(TensorType.float16.byteSize == 2 && TensorType.int4.byteSize == nil)
  }

  @Test("builtin options of the vision ops")
  func builtinOptions() throws {
    let options: [(UInt8, S.Node)] = [
      (
        1,
        .table([0: .int8(1), 1: .int32(2), 2: .int32(3), 3: .int8(3), 4: .int32(2), 5: .int32(4)])
      ),
      (2, .table([1: .int32(1), 2: .int32(1), 3: .int32(2), 4: .int8(1), 5: .int32(3)])),
      (
        5,
        .table([0: .int8(1), 1: .int32(2), 2: .int32(2), 3: .int32(7), 4: .int32(5), 5: .int8(3)])
      ),
      (8, .table([0: .int8(1), 2: .bool(true)])),
      (9, .table([0: .float(0.5)])),
      (10, .table([0: .int32(-1), 1: .int8(3)])),
      (15, .table([2: .bool(true), 3: .bool(false)])),
      (74, .table([1: .bool(true)])),
      (17, .table([0: .int32s([1, -1, 4])])),
      (
        32,
        .table([
          0: .int32(1), 1: .int32(2), 2: .int32(4), 3: .int32(8), 4: .int32(16), 5: .bool(true),
        ])
      ),
      (27, .table([0: .bool(true)])),
      (30, .table([0: .int32s([1, 2])])),
      (35, .table([0: .int32(3)])),
      (37, .table([0: .int8(3), 1: .int8(0)])),
      (40, .table([0: .int8(4)])),
      (59, .table([0: .int32(2), 1: .int32(-1)])),
      (75, .table([0: .float(0.2)])),
      (94, .table([0: .int32(2)])),
      (22, .table([:])),  // PadOptions: no fields, kept as `other`
      (200, .table([:])),  // a tag newer than the schema
    ]
    let operators = options.map { S.op(0, inputs: [0], outputs: [1], options: $0) }
    let model = try ModelFile(
      bytes: S.bytes(
        S.model(
          opcodes: [S.opcode(builtin: 3)],
          tensors: [S.tensor("x", shape: [1]), S.tensor("y", shape: [1])], inputs: [0],
          outputs: [1], operators: operators)))
    let decoded = model.mainSubgraph.operators.map(\.builtinOptions)
    let conv = try #require(decoded[0].decoded(as: Conv2DOptions.self))
    #expect(conv.padding == .valid && conv.strideWidth == 2 && conv.strideHeight == 3)
    #expect(conv.activation == .relu6 && conv.dilationWidth == 2 && conv.dilationHeight == 4)
    let depthwise = try #require(decoded[1].decoded(as: DepthwiseConv2DOptions.self))
    #expect(
      depthwise.padding == .same && depthwise.depthMultiplier == 2 && depthwise.activation == .relu)
    #expect(depthwise.dilationWidth == 3 && depthwise.dilationHeight == 1)
    let pool = try #require(decoded[2].decoded(as: Pool2DOptions.self))
    #expect(
      pool.filterWidth == 7 && pool.filterHeight == 5 && pool.activation == .relu6
        && pool.padding == .valid)
    let fullyConnected = try #require(decoded[3].decoded(as: FullyConnectedOptions.self))
    #expect(fullyConnected.keepNumDims && fullyConnected.activation == .relu)
    #expect(decoded[4].decoded(as: SoftmaxOptions.self)?.beta == 0.5)
    let concatenation = try #require(decoded[5].decoded(as: ConcatenationOptions.self))
    #expect(concatenation.axis == -1 && concatenation.activation == .relu6)
    let bilinear = try #require(decoded[6].decoded(as: ResizeOptions.self))
    let nearest = try #require(decoded[7].decoded(as: ResizeOptions.self))
    #expect(bilinear.alignCorners && !bilinear.halfPixelCenters)
    #expect(!nearest.alignCorners && nearest.halfPixelCenters)
    #expect(decoded[6].type == .resizeBilinearOptions)
    #expect(decoded[7].type == .resizeNearestNeighborOptions)
    #expect(decoded[8].decoded(as: ReshapeOptions.self)?.newShape == [1, -1, 4])
    let slice = try #require(decoded[9].decoded(as: StridedSliceOptions.self))
    #expect(slice.beginMask == 1 && slice.endMask == 2 && slice.ellipsisMask == 4)
    #expect(slice.newAxisMask == 8 && slice.shrinkAxisMask == 16 && slice.offset)
    #expect(decoded[10].decoded(as: ReducerOptions.self)?.keepDims == true)
    #expect(decoded[11].decoded(as: SqueezeOptions.self)?.dimensions == [1, 2])
    #expect(decoded[12].decoded(as: SplitOptions.self)?.numSplits == 3)
    #expect(decoded[12].decoded(as: SplitVOptions.self) == nil)
    let cast = try #require(decoded[13].decoded(as: CastOptions.self))
    #expect(cast.inputType == .uint8 && cast.outputType == .float32)
    #expect(decoded[14].decoded(as: ArgMaxOptions.self)?.outputType == .int64)
    let pack = try #require(decoded[15].decoded(as: PackOptions.self))
    #expect(pack.valuesCount == 2 && pack.axis == -1)
    #expect(decoded[16].decoded(as: LeakyReluOptions.self)?.alpha == 0.2)
    #expect(decoded[17].decoded(as: DepthToSpaceOptions.self)?.blockSize == 2)
    #expect(decoded[18].type == BuiltinOptionsType(rawValue: 22))
    #expect(decoded[18].typeName == "PadOptions")
    #expect(decoded[18] != decoded[19] && decoded[4] == decoded[4])
    #expect(decoded[19].typeName == "BuiltinOptions200")
  }

  @Test("operator codes: deprecated and new builtin fields, custom names, versions")
  func operatorCodes() throws {
    let model = try ModelFile(
      bytes: S.bytes(
        S.model(
          opcodes: [
            S.opcode(builtin: 0, deprecated: 4, version: 2),  // old file: only the 8-bit field set
            S.opcode(builtin: 150, deprecated: 127),  // GELU, beyond the 8-bit field
            S.opcode(builtin: 32, custom: "TFLite_Detection_PostProcess"),
          ], tensors: [S.tensor("x", shape: [1])], inputs: [0], outputs: [0], operators: [])))
    #expect(model.operatorCodes.map(\.builtinCode) == [.depthwiseConv2d, .gelu, .custom])
    #expect(
      model.operatorCodes.map(\.name) == [
        "DEPTHWISE_CONV_2D", "GELU", "CUSTOM:TFLite_Detection_PostProcess",
      ])
    #expect(model.operatorCodes.map(\.version) == [2, 1, 1])
    #expect(BuiltinOperator(rawValue: 999).name == "BUILTIN_999")
  }

  @Test("buffers inline and after the FlatBuffer; custom options inline and large")
  func buffersAndCustomOptions() throws {
    // Build once with placeholder offsets to learn the size, then point into an appended tail.
    func build(tailOffset: UInt64) -> [UInt8] {
      S.bytes(
        S.model(
          opcodes: [S.opcode(builtin: 32, custom: "Mine")],
          tensors: [
            S.tensor("w", shape: [4], type: 3, buffer: 1),
            S.tensor("v", shape: [2], type: 3, buffer: 2),
          ],
          inputs: [], outputs: [0],
          operators: [
            S.op(0, inputs: [0], outputs: [1], extra: [5: .bytes([1, 2, 3])]),
            S.op(
              0, inputs: [1], outputs: [0], extra: [9: .uint64(tailOffset + 2), 10: .uint64(3)]),
          ],
          buffers: [
            .table([:]), .table([0: .bytes([10, 20, 30, 40])]),
            .table([1: .uint64(tailOffset), 2: .uint64(2)]),
          ]))
    }
    let size = UInt64(build(tailOffset: 0).count)
    let bytes = build(tailOffset: size) + [7, 8, 9, 10, 11]
    let model = try ModelFile(bytes: bytes)
    #expect(Array(model.buffers[1].data) == [10, 20, 30, 40])
    #expect(!model.buffers[1].isOutsideFlatBuffer)
    #expect(model.buffers[1].data.startIndex % 16 == 0)
    #expect(Array(model.buffers[2].data) == [7, 8])
    #expect(model.buffers[2].isOutsideFlatBuffer)
    #expect(Array(model.constantData(of: model.mainSubgraph.tensors[1])) == [7, 8])
    #expect(model.mainSubgraph.operators[0].customOptions.map(Array.init) == [1, 2, 3])
    #expect(model.mainSubgraph.operators[1].customOptions.map(Array.init) == [9, 10, 11])

    let truncated = Array(bytes.dropLast(4))
    let error = try #require(throws: ModelError.self) { try ModelFile(bytes: truncated) }
    guard case .malformedModel(let flatBufferError) = error else { throw Failure("\(error)") }
    #expect(
      flatBufferError.fieldPath.hasPrefix("Model.buffers[2]")
        || flatBufferError.fieldPath.hasPrefix("Model.subgraphs[0].operators[1]"))
  }

  @Test("signature defs")
  func signatures() throws {
    let signature: S.Node = .table([
      0: .vector([.table([0: .string("pixels"), 1: .uint32(0)])]),
      1: .vector([.table([0: .string("scores"), 1: .uint32(2)])]),
      2: .string("serving_default"), 4: .uint32(0),
    ])
    var fields = S.minimal
    guard case .table(var model) = fields else { return }
    model[7] = .vector([signature])
    fields = .table(model)
    let loaded = try ModelFile(bytes: S.bytes(fields))
    let def = try #require(loaded.signatureDefs.first)
    #expect(def.key == "serving_default")
    #expect(def.subgraphIndex == 0)
    #expect(def.inputs == [SignatureDef.TensorName(name: "pixels", tensorIndex: 0)])
    #expect(def.outputs.map(\.tensorIndex) == [2])

    model[7] = .vector([
      .table([0: .vector([.table([0: .string("x"), 1: .uint32(9)])]), 4: .uint32(0)])
    ])
    let error = try #require(throws: ModelError.self) {
      try ModelFile(bytes: S.bytes(.table(model)))
    }
    #expect(
      error.description.contains("Model.signature_defs[0].inputs[0].tensor_index"), "\(error)")
  }

  @Test("bad indices and enum values name the field and offset")
  func badReferences() throws {
    let cases: [(S.Node, String)] = [
      (
        S.model(
          opcodes: [S.opcode(builtin: 0)], tensors: [S.tensor("x", shape: [1])], inputs: [0],
          outputs: [0],
          operators: [S.op(0, inputs: [0, 5], outputs: [0])]),
        "Model.subgraphs[0].operators[0].inputs[1]"
      ),
      (
        S.model(
          opcodes: [S.opcode(builtin: 0)], tensors: [S.tensor("x", shape: [1])], inputs: [0],
          outputs: [0],
          operators: [S.op(3, inputs: [0], outputs: [0])]),
        "Model.subgraphs[0].operators[0].opcode_index"
      ),
      (
        S.model(
          opcodes: [], tensors: [S.tensor("x", shape: [1]), S.tensor("y", shape: [1], type: 99)],
          inputs: [0],
          outputs: [0], operators: []),
        "Model.subgraphs[0].tensors[1].type"
      ),
      (
        S.model(
          opcodes: [], tensors: [S.tensor("x", shape: [1], buffer: 4)], inputs: [0], outputs: [0],
          operators: []),
        "Model.subgraphs[0].tensors[0].buffer"
      ),
      (
        S.model(
          opcodes: [], tensors: [S.tensor("x", shape: [1, -3])], inputs: [0], outputs: [0],
          operators: []),
        "Model.subgraphs[0].tensors[0].shape"
      ),
      (
        S.model(
          opcodes: [], tensors: [S.tensor("x", shape: [1])], inputs: [1], outputs: [0],
          operators: []),
        "Model.subgraphs[0].inputs[0]"
      ),
      (
        S.model(
          opcodes: [S.opcode(builtin: 3)], tensors: [S.tensor("x", shape: [1])], inputs: [0],
          outputs: [0],
          operators: [S.op(0, inputs: [0], outputs: [0], options: (1, .table([3: .int8(9)])))]),
        "Model.subgraphs[0].operators[0].builtin_options.fused_activation_function"
      ),
    ]
    for (node, path) in cases {
      let error = try #require(throws: ModelError.self) { try ModelFile(bytes: S.bytes(node)) }
      guard case .malformedModel(let flatBufferError) = error else {
        Issue.record("\(path): \(error)")
        continue
      }
      #expect(flatBufferError.fieldPath == path, "\(error)")
      #expect(flatBufferError.offset > 0)
      #expect(error.description.contains(path) && error.description.contains("at byte"))
    }
    let empty = S.model(opcodes: [], tensors: [], inputs: [], outputs: [], operators: [])
    guard case .table(var fields) = empty else { return }
    fields[2] = .vector([])
    #expect(throws: ModelError.invalidModel("the model has no subgraph")) {
      try ModelFile(bytes: S.bytes(.table(fields)))
    }
    #expect(throws: ModelError.self) { try ModelFile(bytes: Array("TFL3".utf8)) }
    let wrongIdentifier = TestFlatBuffer.serialize(.table([0: .uint32(3)]), identifier: "TFL2")
    let error = try #require(throws: ModelError.self) { try ModelFile(bytes: wrongIdentifier) }
    #expect(error.description.contains("\"TFL2\", expected \"TFL3\""), "\(error)")
  }

  @Test("shared data cannot be amplified: many references to one large vector")
  func amplification() throws {
    // 50,000 tensor slots all pointing at one Tensor table whose shape has 20,000 dimensions:
    // 10^9 dimensions if decoded naively, from a file of 300 kB.
    var bytes = S.bytes(
      S.model(
        opcodes: [], tensors: [S.tensor("x", shape: [1])], inputs: [0], outputs: [0], operators: [])
    )
    let layout = RootLayout(bytes)
    let subgraphsField = try #require(layout.field(2))
    let subgraphs = subgraphsField + Int(layout.u32(subgraphsField))
    let subgraph = subgraphs + 4 + Int(layout.u32(subgraphs + 4))
    let subgraphVTable = subgraph - Int(Int32(bitPattern: layout.u32(subgraph)))
    let tensorsField =
      subgraph + (Int(bytes[subgraphVTable + 4]) | Int(bytes[subgraphVTable + 5]) << 8)

    let count = 50_000
    let vector = bytes.count
    RootLayout.write(&bytes, at: tensorsField, UInt32(vector - tensorsField))
    bytes += [UInt8](repeating: 0, count: 4 + 4 * count)
    RootLayout.write(&bytes, at: vector, UInt32(count))
    // The shared Tensor table: vtable (size 8, inline size 12, shape at +4, type at +8), then
    // the table (soffset 8 back to the vtable, shape reference, type FLOAT32).
    bytes += [8, 0, 12, 0, 4, 0, 8, 0]
    let table = bytes.count
    bytes += [8, 0, 0, 0] + [0, 0, 0, 0] + [0, 0, 0, 0]
    let shape = bytes.count
    bytes += [0x20, 0x4E, 0, 0] + [UInt8](repeating: 1, count: 4 * 20_000)
    RootLayout.write(&bytes, at: table + 4, UInt32(shape - (table + 4)))
    for index in 0..<count {
      let slot = vector + 4 + 4 * index
      RootLayout.write(&bytes, at: slot, UInt32(table - slot))
    }

    let error = try #require(throws: ModelError.self) { try ModelFile(bytes: bytes) }
    guard case .malformedModel(let flatBufferError) = error,
      case .decodeBudgetExceeded = flatBufferError.problem
    else {
      throw Failure("expected decodeBudgetExceeded, got \(error)")
    }
    #expect(flatBufferError.fieldPath.hasPrefix("Model.subgraphs[0].tensors["), "\(error)")
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}

extension SyntheticModelTests {
  @Test("parts the reader does not decode are still verified")
  func undecodedPartsAreVerified() throws {
    // A tensor whose `sparsity` points at a string instead of a SparsityParameters table.
    let sparse = S.model(
      opcodes: [], tensors: [S.tensor("x", shape: [1], extra: [6: .string("not a table")])],
      inputs: [0], outputs: [0],
      operators: [])
    #expect(throws: ModelError.self) { try ModelFile(bytes: S.bytes(sparse)) }
    // ConcatEmbeddingsOptions (not decoded) whose vector field runs past the end of the buffer.
    var bytes = S.bytes(
      S.model(
        opcodes: [S.opcode(builtin: 29)], tensors: [S.tensor("x", shape: [1])], inputs: [0],
        outputs: [0],
        operators: [S.op(0, inputs: [0], outputs: [0], options: (3, .table([1: .int32s([7])])))]))
    let vector = try #require(Self.lastIndex(of: [1, 0, 0, 0, 7, 0, 0, 0], in: bytes))
    RootLayout.write(&bytes, at: vector, 0x0FFF_FFFF)
    let error = try #require(throws: ModelError.self) { try ModelFile(bytes: bytes) }
    #expect(error.description.contains("builtin_options.num_columns_per_channel"), "\(error)")
  }

  @Test("NONE process units are skipped; an unreadable min_parser_version is a warning")
  func metadataLeniency() throws {
    let none: TestFlatBuffer = .table([0: .uint8(0)])
    let metadata = S.metadata([
      3: .vector([.table([3: .vector([.table([4: .vector([none, none])])])])]),
      7: .string("1.5.0-rc1"),
    ])
    let model = try ModelFile(bytes: S.withMetadata(metadata))
    #expect(model.mainSubgraphMetadata?.outputTensors.first?.processUnits == [])
    #expect(model.warnings.contains(.unreadableMetadataParserVersion("1.5.0-rc1")))
  }

  @Test("a vector count that only just fits the file cannot exhaust memory")
  func hugeCounts() throws {
    // 4 MB of zero slots claimed as operators: decoding stops at the first bad slot, without
    // reserving room for a million operators first.
    var bytes = S.bytes(
      S.model(
        opcodes: [], tensors: [S.tensor("x", shape: [1])], inputs: [0], outputs: [0], operators: [])
    )
    let layout = RootLayout(bytes)
    let subgraphsField = try #require(layout.field(2))
    let subgraphs = subgraphsField + Int(layout.u32(subgraphsField))
    let subgraph = subgraphs + 4 + Int(layout.u32(subgraphs + 4))
    let vtable = subgraph - Int(Int32(bitPattern: layout.u32(subgraph)))
    let operatorsField = subgraph + (Int(bytes[vtable + 10]) | Int(bytes[vtable + 11]) << 8)
    let count = 1_000_000
    let vector = bytes.count
    RootLayout.write(&bytes, at: operatorsField, UInt32(vector - operatorsField))
    bytes += [UInt8](repeating: 0, count: 4 + 4 * count)
    RootLayout.write(&bytes, at: vector, UInt32(count))
    let error = try #require(throws: ModelError.self) { try ModelFile(bytes: bytes) }
    guard case .malformedModel(let flatBufferError) = error else { throw Failure("\(error)") }
    #expect(flatBufferError.fieldPath == "Model.subgraphs[0].operators[0]")
    #expect(flatBufferError.problem == .invalidOffset(0))
  }

  static func lastIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    ModelRobustnessTests.lastIndex(of: pattern, in: bytes)
  }
}
