import TFLiteModel

/// What each model under `../shared/models` must read as: written by hand from the files
/// (cross-checked with the `tflite` and `tflite_support` Python packages and with
/// `../shared/reference/*/summary.json`), never computed by the code under test.
struct ModelExpectation: Sendable {
  var file: String
  /// Operator names in operator-code order, with how often the main subgraph uses each.
  var operators: [(name: String, count: Int)]
  var inputs: [TensorExpectation]
  var outputs: [TensorExpectation]
  var metadata: MetadataExpectation?
  /// Entries of the appended zip archive, with their sizes in bytes.
  var archive: [(name: String, bytes: Int)]
  var minRuntimeVersion: String? = nil
  /// Each operator code's version, in operator-code order; nil when every code is version 1.
  var operatorVersions: [Int]? = nil
}

struct TensorExpectation: Sendable {
  var name: String
  var shape: [Int]
  var type: TensorType
  /// Per-tensor scale and zero point, or nil for a real-valued tensor.
  var quantization: (scale: Float, zeroPoint: Int64)?
}

struct MetadataExpectation: Sendable {
  var name: String
  var version: String?
  var minParserVersion: String?
  var author: String? = nil
  /// Whether the metadata describes the subgraph (one model's metadata has no subgraph part).
  var hasSubgraph = true
  var inputName: String? = "image"
  var colorSpace: ColorSpaceType? = .rgb
  var defaultSize: (width: Int, height: Int)? = nil
  var normalization: (mean: [Float], std: [Float])? = ([127.5], [127.5])
  var outputs: [OutputMetadataExpectation] = []
  var outputGroups: [(name: String, tensors: [String])] = []
}

struct OutputMetadataExpectation: Sendable {
  var name: String
  var content: String? = "FeatureProperties"
  var scoreThreshold: Float? = nil
  var calibration: (transformation: ScoreTransformationType, defaultScore: Float)? = nil
  var boxes: (index: [Int], type: BoundingBoxType, coordinates: CoordinateType)? = nil
  var range: (min: Int, max: Int)? = nil
  var files: [FileExpectation] = []
}

struct FileExpectation: Sendable {
  var name: String
  var type: AssociatedFileType
  var locale: String? = nil
  /// Number of labels (label files) or lines counted as score calibration does (CSV files).
  var count: Int
  var first: String? = nil
  var last: String? = nil
}

enum ModelCatalog {
  static let imagenetQuantOutput = TensorExpectation(
    name: "MobilenetV1/Predictions/Reshape_1", shape: [1, 1001], type: .uint8,
    quantization: (0.00390625, 0))

  static let imagenetLabels = FileExpectation(
    name: "labels.txt", type: .tensorAxisLabels, count: 1001, first: "background",
    last: "toilet tissue")

  static let coralLabels = FileExpectation(
    name: "imagenet_labels.txt", type: .tensorAxisLabels, count: 1001, first: "background",
    last: "toilet tissue, toilet paper, bathroom tissue")

  static let ssdOperators: [(name: String, count: Int)] = [
    ("CONV_2D", 34), ("CONCATENATION", 2), ("DEPTHWISE_CONV_2D", 13), ("LOGISTIC", 1),
    ("RESHAPE", 13),
    ("CUSTOM:TFLite_Detection_PostProcess", 1),
  ]

  static let ssdInput = TensorExpectation(
    name: "normalized_input_image_tensor", shape: [1, 300, 300, 3], type: .uint8,
    quantization: (0.0078125, 128))

  /// The post-processing outputs: the file leaves their shapes empty; the op computes them.
  static let ssdOutputs = ["", ":1", ":2", ":3"].map {
    TensorExpectation(
      name: "TFLite_Detection_PostProcess" + $0, shape: [], type: .float32, quantization: nil)
  }

  static let cocoLabels = FileExpectation(
    name: "labelmap.txt", type: .tensorValueLabels, count: 90, first: "person", last: "toothbrush")

  static let mobilenetV1QuantOperators: [(name: String, count: Int)] = [
    ("AVERAGE_POOL_2D", 1), ("CONV_2D", 15), ("DEPTHWISE_CONV_2D", 13), ("SOFTMAX", 1),
    ("RESHAPE", 1),
  ]

  static let coralV1Operators: [(name: String, count: Int)] = [
    ("CONV_2D", 15), ("DEPTHWISE_CONV_2D", 13), ("AVERAGE_POOL_2D", 1), ("RESHAPE", 1),
    ("SOFTMAX", 1),
  ]

  static let automlOperators: [(name: String, count: Int)] = [
    ("ADD", 10), ("AVERAGE_POOL_2D", 1), ("CONV_2D", 36), ("DEPTHWISE_CONV_2D", 17), ("SOFTMAX", 1),
    ("RESHAPE", 1),
  ]

  static let automlInput = TensorExpectation(
    name: "image", shape: [1, 224, 224, 3], type: .uint8, quantization: (0.007874015718698502, 128))
  static let automlOutput = TensorExpectation(
    name: "scores", shape: [1, 5], type: .uint8, quantization: (0.00390625, 0))

  /// Both Ultralytics YOLOv8n exports (the float-interface one adds QUANTIZE/DEQUANTIZE ends).
  static let yoloOperators: [(name: String, count: Int)] = [
    ("PAD", 7), ("CONV_2D", 64), ("LOGISTIC", 58), ("MUL", 60), ("STRIDED_SLICE", 20), ("ADD", 8),
    ("CONCATENATION", 19), ("MAX_POOL_2D", 3), ("RESIZE_NEAREST_NEIGHBOR", 2), ("QUANTIZE", 2),
    ("TRANSPOSE", 4), ("RESHAPE", 5), ("SOFTMAX", 1), ("SUB", 2),
  ]

  static func coralClassifier(
    _ file: String, size: Int, operators: [(name: String, count: Int)], output: String
  )
    -> ModelExpectation
  {
    ModelExpectation(
      file: file, operators: operators,
      inputs: [
        .init(
          name: "input", shape: [1, size, size, 3], type: .uint8, quantization: (0.0078125, 128))
      ],
      outputs: [
        .init(name: output, shape: [1, 1001], type: .uint8, quantization: (0.00390625, 0))
      ],
      metadata: MetadataExpectation(
        name: "ImageClassifier", version: nil, minParserVersion: "1.0.0",
        outputs: [OutputMetadataExpectation(name: "probability", files: [coralLabels])]),
      archive: [("imagenet_labels.txt", 21686)], minRuntimeVersion: "1.5.0")
  }

  static let all: [ModelExpectation] = [
    ModelExpectation(
      file: "models/automl_flowers_mlkit/model.tflite", operators: automlOperators,
      inputs: [automlInput], outputs: [automlOutput], metadata: nil, archive: []),
    ModelExpectation(
      file: "models/coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite", operators: ssdOperators,
      inputs: [ssdInput], outputs: ssdOutputs,
      metadata: MetadataExpectation(
        name: "Coco SSD MobileNetV1", version: "v1", minParserVersion: "1.0.0",
        author: "TensorFlow",
        outputs: [
          OutputMetadataExpectation(
            name: "locations", content: "BoundingBoxProperties",
            boxes: ([1, 0, 3, 2], .boundaries, .ratio),
            range: (2, 2)),
          OutputMetadataExpectation(name: "classes", files: [cocoLabels]),
          OutputMetadataExpectation(name: "scores"),
          OutputMetadataExpectation(name: "number of detections"),
        ]),
      archive: [("labelmap.txt", 661)]),
    ModelExpectation(
      file: "models/coco_ssd_mobilenet_v1_1.0_quant_2018_06_29_no_metadata.tflite",
      operators: ssdOperators,
      inputs: [ssdInput], outputs: ssdOutputs, metadata: nil, archive: []),
    ModelExpectation(
      file: "models/coco_ssd_mobilenet_v1_1.0_quant_2018_06_29_score_calibration.tflite",
      operators: ssdOperators,
      inputs: [ssdInput], outputs: ssdOutputs,
      metadata: MetadataExpectation(
        name: "ObjectDetector", version: nil, minParserVersion: "1.2.0",
        outputs: [
          OutputMetadataExpectation(
            name: "location", content: "BoundingBoxProperties",
            boxes: ([1, 0, 3, 2], .boundaries, .ratio),
            range: (2, 2)),
          OutputMetadataExpectation(name: "category", range: (2, 2), files: [cocoLabels]),
          OutputMetadataExpectation(
            name: "score", calibration: (.inverseLogistic, 0), range: (2, 2),
            files: [
              // 89 newline-terminated lines; the trailing empty line makes 90, one per label.
              FileExpectation(
                name: "score_calibration_dummy.csv", type: .tensorAxisScoreCalibration, count: 90)
            ]),
          OutputMetadataExpectation(name: "number of detections"),
        ],
        outputGroups: [("detection_result", ["location", "category", "score"])]),
      archive: [("score_calibration_dummy.csv", 1364), ("labelmap.txt", 661)]),
    coralClassifier(
      "models/coral_mobilenet_v1_0.25_128_quant.tflite", size: 128, operators: coralV1Operators,
      output: "MobilenetV1/Predictions/Reshape_1"),
    coralClassifier(
      "models/coral_mobilenet_v1_0.5_160_quant.tflite", size: 160, operators: coralV1Operators,
      output: "MobilenetV1/Predictions/Reshape_1"),
    coralClassifier(
      "models/coral_mobilenet_v2_1.0_224_quant.tflite", size: 224,
      operators: [
        ("CONV_2D", 36), ("DEPTHWISE_CONV_2D", 17), ("ADD", 10), ("AVERAGE_POOL_2D", 1),
        ("RESHAPE", 1), ("SOFTMAX", 1),
      ], output: "MobilenetV2/Predictions/Softmax"),
    ModelExpectation(
      file: "models/coral_deeplabv3_mnv2_pascal_quant.tflite",
      operators: [
        ("CONV_2D", 38), ("DEPTHWISE_CONV_2D", 17), ("ADD", 10), ("AVERAGE_POOL_2D", 1),
        ("RESIZE_BILINEAR", 3), ("QUANTIZE", 1), ("CONCATENATION", 1), ("ARG_MAX", 1),
      ],
      inputs: [
        .init(
          name: "MobilenetV2/MobilenetV2/input", shape: [1, 513, 513, 3], type: .uint8,
          quantization: (0.0078125, 128))
      ],
      outputs: [.init(name: "ArgMax", shape: [1, 513, 513], type: .int64, quantization: nil)],
      metadata: nil, archive: [], minRuntimeVersion: "1.14.0",
      operatorVersions: [1, 2, 1, 1, 1, 1, 1, 1]),
    ModelExpectation(
      file: "models/mediapipe_face_landmark.tflite",
      operators: [
        ("CONV_2D", 25), ("PRELU", 23), ("DEPTHWISE_CONV_2D", 20), ("ADD", 20), ("MAX_POOL_2D", 6),
        ("PAD", 3), ("DEQUANTIZE", 113),
      ],
      inputs: [.init(name: "input_1", shape: [1, 192, 192, 3], type: .float32, quantization: nil)],
      outputs: [
        .init(name: "conv2d_21", shape: [1, 1, 1, 1404], type: .float32, quantization: nil),
        .init(name: "conv2d_31", shape: [1, 1, 1, 1], type: .float32, quantization: nil),
      ],
      metadata: nil, archive: [], operatorVersions: [1, 1, 1, 1, 1, 1, 2]),
    ModelExpectation(
      file: "models/mlkit_bird_classifier.tflite",
      operators: [
        ("ADD", 10), ("AVERAGE_POOL_2D", 1), ("CONV_2D", 35), ("DEPTHWISE_CONV_2D", 17),
        ("FULLY_CONNECTED", 1),
        ("SOFTMAX", 1),
      ],
      inputs: [
        .init(
          name: "module/hub_input/images_uint8", shape: [1, 224, 224, 3], type: .uint8,
          quantization: (0.0078125, 128))
      ],
      outputs: [
        .init(
          name: "module/prediction", shape: [1, 965], type: .uint8, quantization: (0.00390625, 0))
      ],
      metadata: MetadataExpectation(
        name: "aiy/classifier/natural_world_birds_V1", version: "2", minParserVersion: nil,
        inputName: "input",
        colorSpace: nil, normalization: nil,
        outputs: [
          OutputMetadataExpectation(
            name: "0", content: nil, scoreThreshold: 0.3,
            files: [
              FileExpectation(
                name: "0-labels.txt", type: .tensorAxisLabels, count: 965,
                first: "Haemorhous cassinii",
                last: "__background__"),
              FileExpectation(
                name: "0-labels-en.txt", type: .tensorAxisLabels, locale: "en", count: 965,
                first: "Haemorhous cassinii (Cassin's Finch)", last: "N/A"),
            ])
        ]),
      archive: [("0-labels-en.txt", 37132), ("0-labels.txt", 18631)], minRuntimeVersion: "1.5.0"),
    ModelExpectation(
      file: "models/mlkit_object_labeler.tflite",
      operators: [
        ("ADD", 10), ("AVERAGE_POOL_2D", 1), ("CONV_2D", 37), ("DEPTHWISE_CONV_2D", 17),
        ("FULLY_CONNECTED", 1),
        ("LOGISTIC", 1),
      ],
      inputs: [
        .init(
          name: "normalized_input_image_tensor", shape: [1, 224, 224, 3], type: .uint8,
          quantization: (0.007843137718737125, 128))
      ],
      outputs: [
        .init(name: "sigmoid", shape: [1, 631], type: .uint8, quantization: (0.00390625, 0))
      ],
      metadata: MetadataExpectation(
        name: "google/object_detection/mobile_object_labeler_V1", version: "1",
        minParserVersion: "1.0.0",
        author: "Google", defaultSize: (224, 224),
        outputs: [
          OutputMetadataExpectation(
            name: "probability", scoreThreshold: 0.35,
            files: [
              FileExpectation(
                name: "probability-labels.txt", type: .tensorAxisLabels, count: 631,
                first: "/g/11c539qpsz",
                last: "/m/0zvk5"),
              FileExpectation(
                name: "probability-labels-en.txt", type: .tensorAxisLabels, locale: "en",
                count: 631,
                first: "Smart speaker", last: "Helmet"),
            ])
        ]),
      archive: [("probability-labels.txt", 6127), ("probability-labels-en.txt", 5804)],
      minRuntimeVersion: "1.14.0"),
    ModelExpectation(
      file: "models/mobilenet_v1_0.25_224_1_default_1.tflite",
      operators: [
        ("AVERAGE_POOL_2D", 1), ("CONV_2D", 15), ("DEPTHWISE_CONV_2D", 13), ("SOFTMAX", 1),
        ("SQUEEZE", 1),
      ],
      inputs: [.init(name: "input", shape: [1, 224, 224, 3], type: .float32, quantization: nil)],
      outputs: [
        .init(
          name: "MobilenetV1/Predictions/Reshape_1", shape: [1, 1001], type: .float32,
          quantization: nil)
      ],
      metadata: nil, archive: []),
    ModelExpectation(
      file: "models/mobilenet_v1_0.25_224_1_metadata_1.tflite",
      operators: [
        ("AVERAGE_POOL_2D", 1), ("CONV_2D", 15), ("DEPTHWISE_CONV_2D", 13), ("SOFTMAX", 1),
        ("SQUEEZE", 1),
      ],
      inputs: [.init(name: "input", shape: [1, 224, 224, 3], type: .float32, quantization: nil)],
      outputs: [
        .init(
          name: "MobilenetV1/Predictions/Reshape_1", shape: [1, 1001], type: .float32,
          quantization: nil)
      ],
      metadata: MetadataExpectation(
        name: "MobileNetV1 image classifier", version: "v1", minParserVersion: nil,
        author: "TensorFlow",
        outputs: [OutputMetadataExpectation(name: "probability", files: [imagenetLabels])]),
      archive: [("labels.txt", 10484)]),
    ModelExpectation(
      file: "models/mobilenet_v1_0.25_224_quant.tflite", operators: mobilenetV1QuantOperators,
      inputs: [
        .init(name: "input", shape: [1, 224, 224, 3], type: .uint8, quantization: (0.0078125, 128))
      ],
      outputs: [imagenetQuantOutput],
      metadata: MetadataExpectation(
        name: "MobileNetV1 image classifier (quantized)", version: "v1", minParserVersion: nil,
        author: "TensorFlow",
        outputs: [OutputMetadataExpectation(name: "probability", files: [imagenetLabels])]),
      archive: [("labels.txt", 10484)]),
    ModelExpectation(
      file: "models/mobilenet_v1_0.25_224_quant_without_subgraph_metadata.tflite",
      operators: mobilenetV1QuantOperators,
      inputs: [
        .init(name: "input", shape: [1, 224, 224, 3], type: .uint8, quantization: (0.0078125, 128))
      ],
      outputs: [imagenetQuantOutput],
      metadata: MetadataExpectation(
        name: "MobileNetV1 image classifier (quantized)", version: "v1", minParserVersion: "1.0.0",
        author: "TensorFlow",
        hasSubgraph: false),
      archive: [("labels.txt", 10484)]),
    ModelExpectation(
      file: "models/tfls_automl_labeler_model_with_metadata.tflite", operators: automlOperators,
      inputs: [automlInput], outputs: [automlOutput],
      metadata: MetadataExpectation(
        name: "AutoML image classifier", version: "v1", minParserVersion: "1.0.0",
        author: "TensorFlow",
        normalization: ([0], [1]),
        outputs: [
          OutputMetadataExpectation(
            name: "probability",
            files: [
              FileExpectation(
                name: "labels.txt", type: .tensorAxisLabels, count: 5, first: "daisy",
                last: "tulips")
            ])
        ]),
      archive: [("labels.txt", 40)]),
    ModelExpectation(
      file: "models/tfls_mobilenet_v2_1.0_224_quant.tflite",
      operators: [
        ("ADD", 10), ("AVERAGE_POOL_2D", 1), ("CONV_2D", 36), ("DEPTHWISE_CONV_2D", 17),
        ("RESHAPE", 1),
      ],
      inputs: [
        .init(name: "input", shape: [1, 224, 224, 3], type: .uint8, quantization: (0.0078125, 128))
      ],
      outputs: [
        .init(
          name: "output", shape: [1, 1001], type: .uint8, quantization: (0.09889253973960876, 58))
      ],
      metadata: nil, archive: []),
    ModelExpectation(
      file: "models/yolov8n_full_integer_quant.tflite", operators: yoloOperators,
      inputs: [
        .init(
          name: "serving_default_images:0", shape: [1, 640, 640, 3], type: .int8,
          quantization: (0.01865844801068306, -14))
      ],
      outputs: [
        .init(
          name: "PartitionedCall:0", shape: [1, 84, 8400], type: .int8,
          quantization: (0.003986024297773838, -128))
      ],
      metadata: nil, archive: [], minRuntimeVersion: "1.14.0",
      operatorVersions: [2, 3, 2, 2, 2, 2, 2, 2, 2, 1, 2, 1, 2, 2]),
    ModelExpectation(
      file: "models/yolov8n_integer_quant.tflite",
      operators: [("QUANTIZE", 3)] + yoloOperators.filter { $0.name != "QUANTIZE" }
        + [("DEQUANTIZE", 1)],
      inputs: [
        .init(
          name: "serving_default_images:0", shape: [1, 640, 640, 3], type: .float32,
          quantization: nil)
      ],
      outputs: [
        .init(name: "PartitionedCall:0", shape: [1, 84, 8400], type: .float32, quantization: nil)
      ],
      metadata: nil, archive: [], minRuntimeVersion: "1.14.0",
      operatorVersions: [1, 2, 3, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2]),
  ]
}
