import OcellusTestSupport
import TFLiteModel
import Testing

/// Every model under `../shared/models` loads and reads exactly as ``ModelCatalog`` says.
@Suite("Shared models", .enabled(if: SharedData.isAvailable))
struct ModelCatalogTests {
  @Test("the catalog covers every shared model")
  func catalogCoversEveryModel() {
    #expect(SharedData.modelFiles() == ModelCatalog.all.map(\.file).sorted())
  }

  @Test("operators, inputs and outputs", arguments: ModelCatalog.all.map(\.file))
  func graph(file: String) throws {
    let expected = try #require(ModelCatalog.all.first { $0.file == file })
    let model = try ModelFile(contentsOfFile: SharedData.path(file))
    let main = model.mainSubgraph
    #expect(model.version == 3)
    #expect(model.subgraphs.count == 1)
    var counts = [Int](repeating: 0, count: model.operatorCodes.count)
    for op in main.operators { counts[op.opcodeIndex] += 1 }
    #expect(model.operatorCodes.map(\.name) == expected.operators.map(\.name))
    #expect(counts == expected.operators.map(\.count))
    #expect(
      model.operatorCodes.map(\.version)
        == expected.operatorVersions ?? Array(repeating: 1, count: expected.operators.count))
    check(main.inputTensors, expected.inputs)
    check(main.outputTensors, expected.outputs)
    #expect(model.minRuntimeVersion == expected.minRuntimeVersion)
    #expect(model.warnings.isEmpty, "\(model.warnings)")
  }

  @Test("metadata", arguments: ModelCatalog.all.map(\.file))
  func metadata(file: String) throws {
    let expected = try #require(ModelCatalog.all.first { $0.file == file })
    let model = try ModelFile(contentsOfFile: SharedData.path(file))
    guard let expectedMetadata = expected.metadata else {
      #expect(model.metadata == nil)
      #expect(model.metadataEntries.allSatisfy { $0.name != "TFLITE_METADATA" })
      return
    }
    let metadata = try #require(model.metadata)
    #expect(metadata.name == expectedMetadata.name)
    #expect(metadata.version == expectedMetadata.version)
    #expect(metadata.minParserVersion == expectedMetadata.minParserVersion)
    #expect(metadata.author == expectedMetadata.author)
    guard expectedMetadata.hasSubgraph else {
      #expect(metadata.subgraphs.isEmpty)
      return
    }
    let subgraph = try #require(metadata.subgraphs.first)
    #expect(metadata.subgraphs.count == 1)
    let input = try #require(subgraph.inputTensors.first)
    #expect(subgraph.inputTensors.count == 1)
    #expect(input.name == expectedMetadata.inputName)
    #expect(input.imageProperties?.colorSpace == expectedMetadata.colorSpace)
    #expect(input.imageProperties?.defaultSize?.width == expectedMetadata.defaultSize?.width)
    #expect(input.imageProperties?.defaultSize?.height == expectedMetadata.defaultSize?.height)
    #expect(input.normalization?.mean == expectedMetadata.normalization?.mean)
    #expect(input.normalization?.std == expectedMetadata.normalization?.std)

    #expect(subgraph.outputTensors.map(\.name) == expectedMetadata.outputs.map(\.name))
    for (output, want) in zip(subgraph.outputTensors, expectedMetadata.outputs) {
      #expect(output.content?.properties.typeName == want.content, "\(want.name)")
      #expect(output.scoreThreshold == want.scoreThreshold, "\(want.name)")
      #expect(
        output.scoreCalibration?.scoreTransformation == want.calibration?.transformation,
        "\(want.name)")
      #expect(
        output.scoreCalibration?.defaultScore == want.calibration?.defaultScore, "\(want.name)")
      #expect(output.boundingBoxProperties?.index == want.boxes?.index, "\(want.name)")
      #expect(output.boundingBoxProperties?.type == want.boxes?.type, "\(want.name)")
      #expect(
        output.boundingBoxProperties?.coordinateType == want.boxes?.coordinates, "\(want.name)")
      #expect(output.content?.range?.min == want.range?.min, "\(want.name)")
      #expect(output.content?.range?.max == want.range?.max, "\(want.name)")
      #expect(output.associatedFiles.map(\.name) == want.files.map(\.name), "\(want.name)")
      for (file, wantFile) in zip(output.associatedFiles, want.files) {
        #expect(file.type == wantFile.type, "\(file.name)")
        #expect(file.locale == wantFile.locale, "\(file.name)")
        try checkContents(model, file, wantFile)
      }
    }
    #expect(subgraph.outputTensorGroups.map(\.name) == expectedMetadata.outputGroups.map(\.name))
    #expect(
      subgraph.outputTensorGroups.map(\.tensorNames) == expectedMetadata.outputGroups.map(\.tensors)
    )
  }

  @Test("appended zip archive", arguments: ModelCatalog.all.map(\.file))
  func archive(file: String) throws {
    let expected = try #require(ModelCatalog.all.first { $0.file == file })
    let model = try ModelFile(contentsOfFile: SharedData.path(file))
    let entries = model.archive?.entries ?? []
    #expect(entries.map(\.name) == expected.archive.map(\.name))
    for (name, size) in expected.archive {
      #expect(try model.associatedFile(named: name).count == size, "\(name)")
    }
  }

  @Test("label display names follow the requested locale")
  func displayNameLocale() throws {
    let model = try ModelFile(contentsOfFile: SharedData.path("models/mlkit_object_labeler.tflite"))
    let output = try #require(model.mainSubgraphMetadata?.outputTensors.first)
    #expect(output.associatedFile(ofType: .tensorAxisLabels)?.name == "probability-labels.txt")
    #expect(
      output.associatedFile(ofType: .tensorAxisLabels, locale: "en")?.name
        == "probability-labels-en.txt")
    #expect(
      output.associatedFile(ofType: .tensorAxisLabels, locale: "en-US")?.name
        == "probability-labels-en.txt")
    #expect(output.associatedFile(ofType: .tensorAxisLabels, locale: "fr") == nil)
    let names = try model.labels(in: try #require(output.associatedFile(ofType: .tensorAxisLabels)))
    let display = try model.labels(
      in: try #require(output.associatedFile(ofType: .tensorAxisLabels, locale: "en")))
    #expect(names.count == display.count)
    #expect(names.first == "/g/11c539qpsz")
    #expect(display.first == "Smart speaker")
  }

  @Test("constant data are views into the file bytes")
  func zeroCopyConstants() throws {
    let model = try ModelFile(
      contentsOfFile: SharedData.path("models/mobilenet_v1_0.25_224_quant.tflite"))
    let main = model.mainSubgraph
    // TOCO gives every tensor its own buffer; activations' buffers are empty.
    let constants = main.tensors.filter { !model.constantData(of: $0).isEmpty }
    // Weights and biases of 15 convolutions and 13 depthwise convolutions, and RESHAPE's shape.
    #expect(constants.count == 2 * (15 + 13) + 1)
    model.bytes.withUnsafeBufferPointer { file in
      for tensor in constants {
        let data = model.constantData(of: tensor)
        #expect(
          data.count == (tensor.elementCount ?? -1) * (tensor.type.byteSize ?? -1), "\(tensor.name)"
        )
        data.withUnsafeBufferPointer { view in
          // Same memory as the file, not a copy.
          #expect(view.baseAddress == file.baseAddress.map { $0 + data.startIndex })
        }
      }
    }
  }

  private func check(_ tensors: [ModelTensor], _ expected: [TensorExpectation]) {
    #expect(tensors.map(\.name) == expected.map(\.name))
    for (tensor, want) in zip(tensors, expected) {
      #expect(tensor.shape == want.shape, "\(want.name)")
      #expect(tensor.type == want.type, "\(want.name)")
      let scales = tensor.quantization?.scales ?? []
      if let quantization = want.quantization {
        #expect(scales == [quantization.scale], "\(want.name)")
        #expect(tensor.quantization?.zeroPoints == [quantization.zeroPoint], "\(want.name)")
      } else {
        #expect(scales.isEmpty, "\(want.name)")
      }
    }
  }

  private func checkContents(
    _ model: ModelFile, _ file: AssociatedFile, _ expected: FileExpectation
  )
    throws
  {
    if file.type == .tensorAxisScoreCalibration {
      let calibration = try ScoreCalibrationFile.parse(
        try model.associatedFile(named: file.name), labelCount: expected.count)
      #expect(calibration.count == expected.count, "\(file.name)")
      // The dummy file gives every class (scale 1, slope 1, offset 0, min score -99); the
      // trailing empty line leaves the last class without parameters.
      #expect(
        calibration.sigmoid(at: 0)
          == SigmoidParameters(scale: 1, slope: 1, offset: 0, minScore: -99))
      #expect(calibration.sigmoid(at: expected.count - 1) == nil)
      return
    }
    let labels = try model.labels(in: file)
    #expect(labels.count == expected.count, "\(file.name)")
    #expect(labels.first == expected.first, "\(file.name)")
    #expect(labels.last == expected.last, "\(file.name)")
  }
}
