/// The help of every subcommand, in the order `ocellus help` lists them.
extension CommandHelp {
  static let all: [CommandHelp] = [
    demo, label, detect, track, ModelsCommand.commandHelp, inspect, ops, run, bench,
    FrameBenchCommand.commandHelp, decode,
  ]

  /// The help of the subcommand called `name`, if there is one.
  static func named(_ name: String) -> CommandHelp? { all.first { $0.name == name } }

  static let demo = CommandHelp(
    name: "demo",
    summary:
      "Run the whole pipeline on the project's own models and samples in Models/: image labeling, object detection with classification, and tracking.",
    usage: ["demo [--output DIR]"],
    details: [
      "Run it from the repository root (it reads Models/). It labels the four digit pictures, detects and classifies the digits in the six scenes (single-image mode, up to 5 objects), and tracks the 24-frame sequence in stream mode at 30 fps, where one digit leaves the view and comes back under its own tracking ID (re-identification). It prints a summary per image and frame and writes annotated PNGs (boxes, tracking IDs, top labels) and report.json (see Docs/JSON.md) to DIR.",
      "Works offline on a fresh clone: the models and samples are committed, made by Models/tools/make_models.py.",
    ],
    options: [
      Option(
        name: "--output DIR",
        text:
          "Where the annotated PNGs, frames/ and report.json go (default ocellus-demo; created if missing)."
      )
    ],
    examples: [
      Example(comment: "The README's first command.", command: "swift run -c release ocellus demo"),
      Example(
        comment: "Write the results elsewhere.",
        command: ".build/release/ocellus demo --output /tmp/ocellus-demo"),
    ])

  static let label = CommandHelp(
    name: "label",
    summary:
      "Label images with the built-in ImageNet classifier, a custom classifier or an AutoML Vision Edge bundle, as ML Kit's ImageLabeler does.",
    usage: [
      "label IMAGE… [--model M | --automl MANIFEST] [--threshold T] [--max-results N]",
      "              [--normalize MEAN,STD] [--threads N] [--json]",
    ],
    details: [
      "Each image (PNG, JPEG or BMP, recognized by content) is turned upright by its EXIF orientation, packed as the model's metadata says (size, normalization), and classified. Labels with confidence at or above the threshold (inclusive) are printed best first, ties in label order.",
      "Without --model or --automl the built-in classifier labels the image (MobileNet v2 on ImageNet, ML Kit's base ImageLabelerOptions()): every class at or above the threshold (default 0.5), unless --max-results caps them.",
    ],
    options: [
      Option(
        name: "--model M",
        text: "A .tflite image classifier (labels from its metadata, else index-only labels)."),
      Option(
        name: "--automl MANIFEST",
        text:
          "An AutoML Vision Edge bundle's manifest.json; its dict.txt wins over labels in the model."
      ),
      Option(
        name: "--threshold T",
        text:
          "The smallest confidence kept, 0...1, inclusive. Default: the model metadata's score threshold, else 0; 0.5 for the built-in classifier."
      ),
      Option(
        name: "--max-results N",
        text:
          "At most N labels per image, best first (default 10; no limit for the built-in classifier)."
      ),
      Option(
        name: "--normalize MEAN,STD",
        text:
          "The input normalization for a float (or re-quantized) model without NormalizationOptions metadata, or to override it: MEAN,STD for all channels or R,G,B,R,G,B (means, then standard deviations), in pixel units 0...255; the model receives (pixel − mean) / std. E.g. 127.5,127.5 for inputs in [-1, 1], 0,255 for [0, 1]."
      ),
      Option(
        name: "--threads N", text: "Interpreter threads (default 1); results do not depend on it."),
      Option(
        name: "--json",
        text:
          "Print one JSON object: the threshold in effect and an entry per image (see Docs/JSON.md)."
      ),
    ],
    examples: [
      Example(
        comment: "The built-in classifier: labels at or above 0.5.",
        command: "ocellus label ../shared/images/burger.jpg"),
      Example(
        comment: "The project's digit classifier on a sample picture.",
        command: "ocellus label Models/samples/digit_1.png --model Models/digits_classifier.tflite"),
      Example(
        comment: "ML Kit's bird classifier, labels at or above 0.3.",
        command:
          "ocellus label ../shared/images/sparrow.png --model ../shared/models/mlkit_bird_classifier.tflite --threshold 0.3"
      ),
      Example(
        comment: "An AutoML bundle, JSON output.",
        command:
          "ocellus label ../shared/images/DandelionFlower.jpg --automl ../shared/models/automl_flowers_mlkit/manifest.json --json"
      ),
    ])

  static let detect = CommandHelp(
    name: "detect",
    summary:
      "Detect objects in single images (ML Kit's ObjectDetector in single-image mode), labelled by a custom classifier or by coarse categories.",
    usage: [
      "detect IMAGE… [--detector M] [--classifier M] [--multiple] [--max-objects N]",
      "              [--threshold T] [--detection-threshold T] [--labels FILE]",
      "              [--allow A,B | --deny A,B] [--layout L] [--fit F] [--nms-iou T]",
      "              [--max-labels N] [--padding F] [--normalize MEAN,STD]",
      "              [--detector-normalize MEAN,STD] [--threads N] [--json]",
      "              [--annotate OUT.png] [--runs N] [--no-classification]",
    ],
    details: [
      "Boxes come from the detector model: --detector, else the built-in object localizer (Google's class-agnostic Mobile Object Localizer, ML Kit's kind of base detector; proposals above 0.2). An SSD-style detector (outputs of TFLite_Detection_PostProcess) runs on the image stretched to its input and is used class-agnostically: boxes scoring above the detection threshold (default 0.5), class-agnostic non-maximum suppression. A YOLO model (one output [1, 4 + C, N], [1, N, 4 + C] or [1, N, 5 + C], no NMS in the graph; Ultralytics exports) runs on the image letterboxed as Ultralytics does (aspect kept, centred, gray 114 border), scores above the threshold (default 0.25), per-class non-maximum suppression at IoU 0.7, boxes mapped back through the letterbox. Best first, at most --max-objects (5). Without --multiple only the most prominent object (area × closeness to the centre) is reported. Boxes are in the upright image's pixels: x, y of the top-left corner, width, height.",
      "Each object shows the detector's class name (from the model's labels or --labels; its index when there are none) beside its labels.",
      "With a classifier, each object's upright crop is classified and its labels at or above --threshold (inclusive) are kept. Without one, labels are ML Kit's coarse categories (Fashion good, Home good, Food, Place, Plant; others get none): the built-in ImageNet classifier runs on each crop and its probabilities are summed per category (Docs/BEHAVIOR.md D.5); a category summing to 0.5 or more is the label.",
      "The project's digit classifier (Models/digits_classifier.tflite) is classified with the 10 % crop padding it was trained with.",
    ],
    options: [
      Option(name: "--detector M", text: "The detection model (.tflite): SSD-style or YOLO."),
      Option(
        name: "--classifier M", text: "The custom classifier run on each object's crop (.tflite)."),
      Option(
        name: "--multiple",
        text: "Report up to --max-objects objects instead of the most prominent one."),
      Option(
        name: "--no-classification",
        text:
          "Boxes only, no labels (ML Kit's shouldEnableClassification false, MediaPipe's ObjectDetector): no classifier runs on the crops."
      ),
      Option(name: "--max-objects N", text: "The most objects per image (default 5, as ML Kit)."),
      Option(
        name: "--labels FILE",
        text:
          "The detector's class names, one per line (UTF-8, CRLF accepted), instead of its metadata's; a first background row (AutoML dict.txt, ???) beyond the model's classes is skipped."
      ),
      Option(
        name: "--allow A,B", text: "Keep only objects whose detector class is named A or B."),
      Option(name: "--deny A,B", text: "Drop objects whose detector class is named A or B."),
      Option(
        name: "--layout L",
        text:
          "A YOLO output's layout when its shape is ambiguous: yolov8 ([1, 4 + C, N]), yolov8-transposed ([1, N, 4 + C]) or yolov5 ([1, N, 5 + C]). Default: recognized from the shape and the labels."
      ),
      Option(
        name: "--fit F",
        text:
          "How the image is fitted to the detector input: letterbox (gray 114 border; the YOLO default), stretch (the SSD default), aspect-fit (black border) or aspect-fill (centre crop)."
      ),
      Option(
        name: "--nms-iou T",
        text:
          "YOLO non-maximum suppression drops a box whose IoU with a better box of its class is above T (default 0.7)."
      ),
      Option(
        name: "--threshold T",
        text:
          "The smallest label confidence kept, 0...1, inclusive. Default: the classifier metadata's threshold, else 0."
      ),
      Option(
        name: "--detection-threshold T",
        text:
          "Boxes must score strictly above T, 0...1. Default: 0.2 for the built-in localizer; else the detector metadata's threshold, else 0.5 (SSD) or 0.25 (YOLO)."
      ),
      Option(name: "--max-labels N", text: "At most N labels per object (default 10)."),
      Option(
        name: "--padding F",
        text:
          "Grow each box by F × its width and height on every side before classifying, 0...1 (default 0; 0.1 for the default classifier)."
      ),
      Option(
        name: "--normalize MEAN,STD",
        text:
          "The classifier's input normalization, when its metadata has none or to override it: MEAN,STD or R,G,B,R,G,B in pixel units 0...255 (see label)."
      ),
      Option(
        name: "--detector-normalize MEAN,STD",
        text: "The same for the detector model's input."),
      Option(
        name: "--threads N", text: "Interpreter threads (default 1); results do not depend on it."),
      Option(
        name: "--json", text: "Print one JSON array with an entry per image (see Docs/JSON.md)."),
      Option(
        name: "--annotate OUT.png",
        text:
          "Draw boxes and top labels on the upright image and save it as PNG; with several images, OUT_1.png, OUT_2.png, …"
      ),
      Option(
        name: "--runs N",
        text:
          "Also time N more decodes and detections of each image (build with -c release): medians in ms, with the minimum detection time."
      ),
    ],
    examples: [
      Example(
        comment: "The built-in detector and coarse categories, all objects (up to 5).",
        command:
          "ocellus detect ../shared/images/multi_objects.jpg --multiple --annotate multi_objects-annotated.png"
      ),
      Example(
        comment: "The project's digit detector and classifier on a sample scene.",
        command:
          "ocellus detect Models/samples/scene_1.png --detector Models/digits_detector.tflite --classifier Models/digits_classifier.tflite --multiple"
      ),
      Example(
        comment: "COCO SSD proposals labelled by ML Kit's object labeler.",
        command:
          "ocellus detect ../shared/images/pets.jpg --detector ../shared/models/coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite --classifier ../shared/models/mlkit_object_labeler.tflite --multiple --json"
      ),
      Example(
        comment: "A YOLOv8 export with the COCO names, people and dogs only, up to 10 objects.",
        command:
          "ocellus detect ../shared/images/pets.jpg --detector ../shared/models/yolov8n_full_integer_quant.tflite --labels ../shared/models/coco80_labels.txt --allow person,dog --multiple --max-objects 10"
      ),
      Example(
        comment: "The built-in boxes labelled by ML Kit's object labeler.",
        command:
          "ocellus detect ../shared/images/burger.jpg --classifier ../shared/models/mlkit_object_labeler.tflite"
      ),
      Example(
        comment: "Time the whole single-image pipeline on one photo, 50 runs.",
        command:
          ".build/release/ocellus detect ../shared/images/pets.jpg --detector ../shared/models/coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite --classifier ../shared/models/mlkit_object_labeler.tflite --multiple --runs 50"
      ),
    ])

  static let track = CommandHelp(
    name: "track",
    summary:
      "Detect and track objects over ordered frames (ML Kit's stream mode): tracking IDs stay with objects from frame to frame.",
    usage: [
      "track FRAME… [--fps F] [--detector M] [--classifier M] [--threshold T]",
      "             [--detection-threshold T] [--max-objects N] [--labels FILE]",
      "             [--allow A,B | --deny A,B] [--layout L] [--fit F] [--nms-iou T]",
      "             [--max-labels N] [--padding F] [--normalize MEAN,STD]",
      "             [--detector-normalize MEAN,STD] [--threads N] [--json]",
      "             [--annotate DIR] [--timing]",
    ],
    details: [
      "Frames are processed in the order given, frame i at timestamp round(i × 1000 / F) ms. Up to --max-objects (5) objects per frame. A detection continues a track when its box overlaps the track's last box with IoU ≥ 0.3 (greedy, best pairs first); a track survives 3 frames without a match and is dropped on the 4th, and a gap over 500 ms drops every track. A detection no track overlaps takes back the ID of a track missed in this frame or dropped in the last 30 frames and 1,000 ms whose colour signature is at least 0.7 alike (re-identification: an object that leaves the view or is hidden comes back under its ID); otherwise it gets a new, higher ID. Labels are computed when a track appears and again every 15 frames or when its box has grown by half.",
      "One line per frame; with --json one JSON document per line (JSON Lines, see Docs/JSON.md). Models and defaults as for detect.",
    ],
    options: [
      Option(name: "--fps F", text: "Frame rate that sets the timestamps (default 30)."),
      Option(name: "--detector M", text: "As for detect."),
      Option(name: "--classifier M", text: "As for detect."),
      Option(name: "--threshold T", text: "As for detect."),
      Option(name: "--detection-threshold T", text: "As for detect."),
      Option(name: "--max-objects N", text: "As for detect."),
      Option(name: "--labels FILE", text: "As for detect."),
      Option(name: "--allow A,B", text: "As for detect."),
      Option(name: "--deny A,B", text: "As for detect."),
      Option(name: "--layout L", text: "As for detect."),
      Option(name: "--fit F", text: "As for detect."),
      Option(name: "--nms-iou T", text: "As for detect."),
      Option(name: "--max-labels N", text: "As for detect."),
      Option(name: "--padding F", text: "As for detect."),
      Option(name: "--normalize MEAN,STD", text: "As for detect."),
      Option(name: "--detector-normalize MEAN,STD", text: "As for detect."),
      Option(name: "--threads N", text: "As for detect."),
      Option(name: "--json", text: "One JSON object per frame, one per line."),
      Option(
        name: "--annotate DIR",
        text:
          "Write each annotated frame as DIR/frame_0000.png, frame_0001.png, … (DIR is created)."),
      Option(
        name: "--timing",
        text:
          "At the end, print to standard error the median time per frame of decoding and of detection with classification and tracking, in ms."
      ),
    ],
    examples: [
      Example(
        comment: "The sample sequence with the default models.",
        command: "ocellus track Models/samples/sequence/*.png"),
      Example(
        comment: "JSON Lines and annotated frames.",
        command: "ocellus track Models/samples/sequence/*.png --json --annotate /tmp/frames"),
    ])

  static let inspect = CommandHelp(
    name: "inspect",
    summary:
      "Summarize a .tflite model or an AutoML manifest: operators, tensors, quantization, metadata and associated files.",
    usage: ["inspect MODEL [--as classifier|detector [--normalize MEAN,STD]] [--json] [--timing]"],
    details: [
      "Shows the operators (with counts and custom options), inputs and outputs with shape, type and quantization, the metadata (labels, normalization, score thresholds and calibration, box properties) and the associated files packed in the model.",
      "With --as, it also checks the model for a task with the rules the labeler and detector apply when they are created (BEHAVIOR.md A.2–A.5 for classifiers, C.2 for detectors): it says how the input will be packed and what the outputs hold, or lists every broken rule with a fix, and exits with 1 when the model does not fit.",
    ],
    options: [
      Option(
        name: "--as classifier|detector",
        text:
          "Check that the model fits as an image classifier (label, detect --classifier) or as an SSD detector (detect --detector); exit 1 if not."
      ),
      Option(
        name: "--normalize MEAN,STD",
        text:
          "With --as: check with this input normalization, as label --normalize or detect --detector-normalize would use it."
      ),
      Option(
        name: "--json", text: "Print a stable JSON document instead of text (see Docs/JSON.md)."),
      Option(
        name: "--timing", text: "Also measure reading and parsing: the median of 50 loads, in ms."),
    ],
    examples: [
      Example(
        comment: "The default classifier.",
        command: "ocellus inspect Models/digits_classifier.tflite"),
      Example(
        comment: "Would this model work as a detector? (No: every broken rule is listed.)",
        command: "ocellus inspect Models/digits_classifier.tflite --as detector"),
      Example(
        comment: "An AutoML bundle as JSON.",
        command: "ocellus inspect Models/automl_digits/manifest.json --json"),
    ])

  static let ops = CommandHelp(
    name: "ops",
    summary:
      "List every operator the interpreter runs, with the element types it runs on.",
    usage: ["ops [--json | --markdown | --where OP]"],
    details: [
      "One row per operator the kernel registry holds: the builtin operators by schema name, then the custom ones as CUSTOM:<code> (as inspect names them). Types are those of the operator's data (its first input, for most): float32, float16, int8, uint8, int16, int32, int64, bool, and hybrid for float32 activations with int8 (or uint8) weights. Notes say what else limits an operator (constant axes, 16x8 quantization) and name further types it runs on (any fixed-size type: uint32, float64, …).",
      "A model can run only if each of its operators is listed with the type it uses; `ocellus inspect MODEL` lists a model's operators and tensor types.",
    ],
    options: [
      Option(
        name: "--json",
        text:
          "Print a JSON array of {operator, types, notes, kernels} (see Docs/JSON.md)."),
      Option(
        name: "--markdown",
        text: "Print the table as Markdown: the table of Docs/OPERATORS.md."),
      Option(
        name: "--where OP",
        text:
          "Print where OP lives: each kernel type that runs it with its element types and source file (the first holds the factory), then the catalog file that registers it."
      ),
    ],
    examples: [
      Example(comment: "Which types does CONV_2D run?", command: "ocellus ops | grep CONV"),
      Example(
        comment: "Which kernels and files run CONV_2D?", command: "ocellus ops --where CONV_2D"),
      Example(
        comment: "Regenerate Docs/OPERATORS.md's table (between its ops markers).",
        command: ".build/release/ocellus ops --markdown"),
    ])

  static let run = CommandHelp(
    name: "run",
    summary:
      "Run a model on NumPy inputs and write its outputs as .npy files; optionally every intermediate tensor.",
    usage: [
      "run MODEL --input FILE.npy [--input NAME=FILE.npy …] --output-dir DIR [--threads N]",
      "          [--dump-tensors DIR]",
    ],
    details: [
      "Inputs are given by position (in the model's input order) or by input tensor name; their dtype and shape must match the tensor. Outputs are written as DIR/out0.npy, out1.npy, … in the model's output order. --dump-tensors writes every tensor the run computes as <tensor index>_<name>.npy: the audit trail to compare with another runtime layer by layer."
    ],
    options: [
      Option(
        name: "--input FILE.npy | NAME=FILE.npy", text: "An input tensor; repeat for several."),
      Option(
        name: "--output-dir DIR", text: "Where the outputs go (required; created if missing)."),
      Option(
        name: "--threads N", text: "Interpreter threads (default 1); results do not depend on it."),
      Option(name: "--dump-tensors DIR", text: "Also write every computed tensor to DIR."),
    ],
    examples: [
      Example(
        comment: "Run a classifier on the exact input tensor LiteRT was given.",
        command:
          "ocellus run ../shared/models/mobilenet_v1_0.25_224_quant.tflite --input ../shared/reference/mobilenet_v1_0.25_224_quant/burger.input.npy --output-dir /tmp/out"
      )
    ])

  static let bench = CommandHelp(
    name: "bench",
    summary: "Time a model: load time, latency per run, arena size and peak memory.",
    usage: [
      "bench MODEL [--runs N] [--warmup N] [--threads N] [--input FILE.npy …] [--profile] [--no-rewrites] [--json]"
    ],
    details: [
      "Loads the model (read, verify, plan memory), fills the inputs (synthetic values unless --input is given), runs the warm-up invocations, then times N runs and reports the median, minimum and maximum in milliseconds. Build with -c release for meaningful figures."
    ],
    options: [
      Option(name: "--runs N", text: "Timed runs (default 50)."),
      Option(name: "--warmup N", text: "Untimed runs first (default 5)."),
      Option(name: "--threads N", text: "Interpreter threads (default 1)."),
      Option(
        name: "--no-rewrites",
        text:
          "Run every node as the model writes it: no transposes removed, no PADs folded into convolutions, no lookups fused (integer outputs are byte-identical either way)."
      ),
      Option(name: "--input FILE.npy", text: "Real inputs instead of synthetic ones, as for run."),
      Option(
        name: "--profile",
        text:
          "Then run N more times observing every node, and print the time per operator (ms per run, busiest first)."
      ),
      Option(name: "--json", text: "Print one JSON object (see Docs/JSON.md)."),
    ],
    examples: [
      Example(
        comment: "The default detector, 200 runs.",
        command: "ocellus bench Models/digits_detector.tflite --runs 200"),
      Example(
        comment: "Where the time goes, by operator.",
        command: "ocellus bench Models/digits_detector.tflite --runs 20 --profile"),
    ])

  static let decode = CommandHelp(
    name: "decode",
    summary:
      "Decode a PNG, JPEG or BMP file and write it as PNG or raw RGBA; optionally time decoding.",
    usage: ["decode IMAGE [-o OUT.png] [--upright] [--rgba OUT.rgba] [--json] [--runs N]"],
    details: [
      "The format is recognized by content, not by file name. Prints the size, format details and EXIF orientation; errors name what is wrong and where (byte offset, chunk, marker)."
    ],
    options: [
      Option(name: "-o OUT.png", text: "Write the decoded pixels as an 8-bit RGBA PNG."),
      Option(name: "--upright", text: "Apply the EXIF orientation first."),
      Option(name: "--rgba OUT.rgba", text: "Write raw RGBA bytes, rows top first."),
      Option(name: "--json", text: "Print one JSON object (see Docs/JSON.md)."),
      Option(
        name: "--runs N", text: "Also time N decodes after one warm-up: median and minimum in ms."),
    ],
    examples: [
      Example(
        comment: "Turn a photo upright by its EXIF orientation.",
        command: "ocellus decode photo.jpg --upright -o upright.png")
    ])
}
