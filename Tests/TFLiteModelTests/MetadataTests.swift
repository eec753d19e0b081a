import OcellusTestSupport
import TFLiteModel
import Testing

/// TFLite Model Metadata features on synthetic metadata buffers.
@Suite("Metadata")
struct MetadataTests {
  typealias S = SyntheticModel

  static func file(_ name: String, type: Int8, locale: String? = nil) -> TestFlatBuffer {
    var fields: [Int: TestFlatBuffer] = [0: .string(name), 2: .int8(type)]
    if let locale { fields[3] = .string(locale) }
    return .table(fields)
  }

  /// Metadata for the minimal model (inputs a, b; output sum) with every table populated.
  static func fullMetadata(minParser: String = "1.5.0", outputUnits: [TestFlatBuffer]? = nil)
    -> [UInt8]
  {
    let image: TestFlatBuffer = .table([
      0: .string("a"), 2: .vector([.string("batch"), .string("features")]),
      3: .table([
        0: .uint8(2), 1: .table([0: .int8(1), 1: .table([0: .uint32(320), 1: .uint32(240)])]),
      ]),
      4: .vector([
        .table([
          0: .uint8(1),
          1: .table([0: .floats([127.5, 127.5, 127.5]), 1: .floats([127.5, 127.5, 127.5])]),
        ])
      ]),
      5: .table([0: .floats([255]), 1: .floats([0])]),
    ])
    let audio: TestFlatBuffer = .table([
      0: .string("b"), 3: .table([0: .uint8(4), 1: .table([0: .uint32(16_000), 1: .uint32(1)])]),
    ])
    let output: TestFlatBuffer = .table([
      0: .string("sum"),
      3: .table([
        0: .uint8(3), 1: .table([0: .uint32s([1, 0, 3, 2]), 1: .int8(1), 2: .int8(1)]),
        2: .table([0: .int32(2), 1: .int32(2)]),
      ]),
      4: .vector(
        outputUnits ?? [
          .table([0: .uint8(2), 1: .table([0: .int8(1), 1: .float(0.25)])]),
          .table([0: .uint8(3), 1: .table([0: .float(0.4)])]),
        ]),
      6: .vector([
        file("labels.txt", type: 2), file("labels-fr.txt", type: 2, locale: "fr"),
        file("labels-en.txt", type: 2, locale: "en"), file("calibration.csv", type: 4),
      ]),
    ])
    let subgraph: TestFlatBuffer = .table([
      0: .string("main"), 2: .vector([image, audio]), 3: .vector([output]),
      5: .vector([.table([0: .uint8(4), 1: .table([0: .vector([file("vocab.txt", type: 5)])])])]),
      8: .vector([.table([0: .string("result"), 1: .vector([.string("sum")])])]),
      9: .vector([.table([0: .string("mine"), 1: .bytes([1, 2, 3, 4])])]),
    ])
    return S.metadata([
      0: .string("Synthetic"), 1: .string("A model for tests"), 2: .string("v7"),
      3: .vector([subgraph]),
      4: .string("Ocellus"), 5: .string("Apache-2.0"), 6: .vector([file("README", type: 1)]),
      7: .string(minParser),
    ])
  }

  @Test("every metadata table reads back")
  func everything() throws {
    let model = try ModelFile(bytes: S.withMetadata(Self.fullMetadata()))
    let metadata = try #require(model.metadata)
    #expect(metadata.name == "Synthetic")
    #expect(metadata.description == "A model for tests")
    #expect(metadata.version == "v7")
    #expect(metadata.author == "Ocellus")
    #expect(metadata.license == "Apache-2.0")
    #expect(metadata.minParserVersion == "1.5.0")
    #expect(metadata.associatedFiles.map(\.name) == ["README"])
    #expect(metadata.associatedFiles.first?.type == .descriptions)
    let subgraph = try #require(metadata.subgraphs.first)
    #expect(subgraph.name == "main")
    let image = subgraph.inputTensors[0]
    #expect(image.dimensionNames == ["batch", "features"])
    #expect(
      image.imageProperties
        == ImageProperties(colorSpace: .rgb, defaultSize: ImageSize(width: 320, height: 240)))
    #expect(
      image.normalization
        == NormalizationOptions(mean: [127.5, 127.5, 127.5], std: [127.5, 127.5, 127.5]))
    #expect(image.stats?.max == [255] && image.stats?.min == [0])
    #expect(
      subgraph.inputTensors[1].content?.properties
        == .audio(AudioProperties(sampleRate: 16_000, channels: 1)))
    let output = subgraph.outputTensors[0]
    #expect(
      output.boundingBoxProperties
        == BoundingBoxProperties(index: [1, 0, 3, 2], type: .boundaries, coordinateType: .pixel))
    #expect(output.content?.range?.min == 2 && output.content?.range?.max == 2)
    #expect(
      output.scoreCalibration
        == ScoreCalibrationOptions(scoreTransformation: .log, defaultScore: 0.25))
    #expect(output.scoreThreshold == 0.4)
    #expect(output.associatedFile(ofType: .tensorAxisLabels)?.name == "labels.txt")
    #expect(
      output.associatedFile(ofType: .tensorAxisLabels, locale: "en-GB")?.name == "labels-en.txt")
    #expect(output.associatedFile(ofType: .tensorAxisLabels, locale: "fr")?.name == "labels-fr.txt")
    #expect(output.associatedFile(ofType: .tensorAxisScoreCalibration)?.name == "calibration.csv")
    guard case .tokenizer(let kind, let vocabulary)? = subgraph.inputProcessUnits.first else {
      throw SyntheticModelTests.Failure("expected a tokenizer process unit")
    }
    #expect(kind == "BertTokenizerOptions")
    #expect(vocabulary.map(\.name) == ["vocab.txt"])
    #expect(subgraph.outputTensorGroups.first?.tensorNames == ["sum"])
    #expect(subgraph.customMetadata.first?.name == "mine")
    #expect(subgraph.customMetadata.first.map { Array($0.data) } == [1, 2, 3, 4])
    #expect(
      metadata.allAssociatedFiles.map(\.name) == [
        "README", "labels.txt", "labels-fr.txt", "labels-en.txt", "calibration.csv", "vocab.txt",
      ])
    // No zip is appended, so every named file is reported missing, once each.
    #expect(
      model.warnings
        == [
          "README", "labels.txt", "labels-fr.txt", "labels-en.txt", "calibration.csv", "vocab.txt",
        ].map {
          ModelWarning.associatedFileMissing(name: $0)
        })
    #expect(throws: ModelError.associatedFileMissing(name: "labels.txt")) {
      try model.associatedFile(named: "labels.txt")
    }
  }

  @Test("a newer min_parser_version loads with a warning")
  func newerParser() throws {
    let model = try ModelFile(bytes: S.withMetadata(Self.fullMetadata(minParser: "1.6.2")))
    #expect(model.metadata != nil)
    #expect(
      model.warnings.contains(.newerMetadataParserVersion(required: "1.6.2", supported: "1.5.0")))
    #expect(MetadataParserVersion("1.5") == MetadataParserVersion("1.5.0"))
    #expect(MetadataParserVersion("1.10.0")! > MetadataParserVersion("1.9.9")!)
    #expect(MetadataParserVersion("2")! > MetadataParserVersion("1.99.99")!)
    for bad in ["", "1.", "a.b", "1.2.3.4", "-1", "1.2x"] {
      #expect(MetadataParserVersion(bad) == nil, "\(bad)")
    }
  }

  @Test("two process units of one type are an error")
  func duplicateProcessUnit() throws {
    let units: [TestFlatBuffer] = [
      .table([0: .uint8(3), 1: .table([0: .float(0.4)])]),
      .table([0: .uint8(3), 1: .table([0: .float(0.5)])]),
    ]
    let error = try #require(throws: ModelError.self) {
      try ModelFile(bytes: S.withMetadata(Self.fullMetadata(outputUnits: units)))
    }
    guard case .malformedMetadata(let flatBufferError) = error else {
      throw SyntheticModelTests.Failure("\(error)")
    }
    #expect(
      flatBufferError.fieldPath
        == "ModelMetadata.subgraph_metadata[0].output_tensor_metadata[0].process_units")
  }

  @Test("unknown enum values newer than the reader read as UNKNOWN with a warning")
  func openEnums() throws {
    let metadata = S.metadata([
      3: .vector([
        .table([
          2: .vector([.table([3: .table([0: .uint8(2), 1: .table([0: .int8(9)])])])]),
          3: .vector([.table([6: .vector([Self.file("x.bin", type: 42)])])]),
        ])
      ])
    ])
    let model = try ModelFile(bytes: S.withMetadata(metadata))
    let subgraph = try #require(model.metadata?.subgraphs.first)
    #expect(subgraph.inputTensors[0].imageProperties?.colorSpace == .unknown)
    #expect(subgraph.outputTensors[0].associatedFiles.first?.type == .unknown)
    #expect(
      model.warnings.contains {
        if case .unrecognizedEnumValue(_, 9, "ColorSpaceType", _) = $0 { true } else { false }
      })
    #expect(
      model.warnings.contains {
        if case .unrecognizedEnumValue(_, 42, "AssociatedFileType", _) = $0 { true } else { false }
      })
    // Inputs: metadata describes 1, the model has 2.
    #expect(
      model.warnings.contains(
        .metadataTensorCountMismatch(role: "input", metadataCount: 1, modelCount: 2)))
  }

  @Test("metadata with the wrong identifier or broken structure is an error naming M001")
  func badMetadata() throws {
    var bytes = Self.fullMetadata()
    bytes[4] = UInt8(ascii: "X")
    let error = try #require(throws: ModelError.self) {
      try ModelFile(bytes: S.withMetadata(bytes))
    }
    #expect(error.description.contains("expected \"M001\""), "\(error)")
    // Other metadata entries are skipped.
    let other = try ModelFile(
      bytes: S.withMetadata(Self.fullMetadata(), name: "CONVERSION_METADATA"))
    #expect(other.metadata == nil)
    #expect(other.metadataEntries.map(\.name) == ["CONVERSION_METADATA"])
    // Truncated metadata: every cut fails cleanly.
    let full = Self.fullMetadata()
    for cut in 0..<full.count {
      let result = Result { try ModelFile(bytes: S.withMetadata(Array(full[..<cut]))) }
      if case .success = result { Issue.record("metadata cut at \(cut) accepted") }
    }
  }
}
