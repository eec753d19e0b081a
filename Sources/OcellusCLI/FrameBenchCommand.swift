import Imaging
import TFLiteModel

/// `ocellus bench-frame [--width W] [--height H] [--format F] [--orientation O] [--size S]
/// [--type T] [--runs N] [--path fast|exact] [--filter F] [--json]`: times packing a
/// synthetic camera frame into a model input tensor (single thread), with the fast
/// camera-frame path (`TensorPacker.packFrame`) or the Pillow-exact one (`TensorPacker.pack`).
enum FrameBenchCommand {
  /// The help entry for the command catalog (`CommandHelp.all`).
  static let commandHelp = CommandHelp(
    name: "bench-frame",
    summary:
      "Time turning a synthetic camera frame (NV12 by default) into a model's input tensor.",
    usage: [
      "bench-frame [--width 1920] [--height 1080] [--format nv12] [--orientation right]",
      " [--size 224] [--type uint8|int8|float32] [--runs N] [--path fast|exact]",
      " [--filter area|bilinear|sampling] [--json]",
    ],
    details: [
      "Makes a frame (a gradient plus noise in every plane), packs it once untimed, then times N packs on one thread and prints the median and minimum in milliseconds. The fast path resamples Y and chroma at output resolution in raw coordinates before converting to RGB (TensorPacker.packFrame); the exact path converts every needed source row to RGB first and matches Pillow byte for byte (TensorPacker.pack). Build with -c release for meaningful figures."
    ],
    options: [
      CommandHelp.Option(name: "--width W", text: "Frame width in pixels (default 1920)."),
      CommandHelp.Option(name: "--height H", text: "Frame height in pixels (default 1080)."),
      CommandHelp.Option(
        name: "--format F",
        text:
          "nv12 (default, BT.709 video range), nv21 (BT.601 video range), i420 (BT.601 full range), bgra8, rgba8, rgb8 or gray8."
      ),
      CommandHelp.Option(
        name: "--orientation O",
        text:
          "up, down, left, right (default: a portrait back-camera frame), upMirrored, downMirrored, leftMirrored or rightMirrored."
      ),
      CommandHelp.Option(name: "--size S", text: "Square tensor side (default 224)."),
      CommandHelp.Option(
        name: "--type T",
        text: "Element type: uint8 (default), int8, or float32 (mean 127.5, std 127.5)."),
      CommandHelp.Option(name: "--runs N", text: "Timed runs (default 100)."),
      CommandHelp.Option(name: "--path P", text: "fast (default) or exact."),
      CommandHelp.Option(
        name: "--filter F",
        text: "area (default for fast), bilinear (default for exact) or sampling."),
      CommandHelp.Option(name: "--json", text: "Print one JSON object."),
    ],
    examples: [
      CommandHelp.Example(
        comment: "The issue's speed figure: a portrait Full HD NV12 frame to 224×224 float32.",
        command: ".build/release/ocellus bench-frame --type float32 --runs 200")
    ])

  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments, flags: ["--json"],
      options: [
        "--width", "--height", "--format", "--orientation", "--size", "--type", "--runs",
        "--path", "--filter",
      ])
    guard parsed.positionals.isEmpty else {
      throw ParsedArguments.UsageError(
        description: "unexpected argument \(parsed.positionals.joined(separator: " "))")
    }
    let width = try parsed.integer("--width", minimum: 1, default: 1920)
    let height = try parsed.integer("--height", minimum: 1, default: 1080)
    let size = try parsed.integer("--size", minimum: 1, default: 224)
    let runs = try parsed.integer("--runs", minimum: 1, default: 100)
    guard width <= 8192, height <= 8192, size <= 4096, runs <= 1_000_000 else {
      throw ParsedArguments.UsageError(
        description: "--width/--height at most 8192, --size at most 4096, --runs at most 10^6")
    }
    let formatName = parsed.value("--format") ?? "nv12"
    let orientationName = parsed.value("--orientation") ?? "right"
    guard let orientation = ImageOrientation.allCases.first(where: { "\($0)" == orientationName })
    else {
      throw ParsedArguments.UsageError(description: "unknown orientation \"\(orientationName)\"")
    }
    let typeName = parsed.value("--type") ?? "uint8"
    let spec = try tensorSpec(type: typeName, size: size)
    let path = parsed.value("--path") ?? "fast"
    guard path == "fast" || path == "exact" else {
      throw ParsedArguments.UsageError(description: "--path must be fast or exact, got \"\(path)\"")
    }
    let filterName = parsed.value("--filter") ?? (path == "fast" ? "area" : "bilinear")
    let filter = try resamplingFilter(named: filterName)
    let frame = try syntheticFrame(width: width, height: height, format: formatName)

    func pack() throws(ImageError) -> [UInt8] {
      path == "fast"
        ? try TensorPacker.packFrame(
          image: frame, orientation: orientation, spec: spec, filter: filter)
        : try TensorPacker.pack(image: frame, orientation: orientation, spec: spec, filter: filter)
    }
    var checksum = 0
    for byte in try pack() { checksum = (checksum &* 31 &+ Int(byte)) & 0xFFFF_FFFF }
    let firstChecksum = checksum
    var samples = TimingSamples()
    for _ in 0..<runs {
      // The tensor is returned, so it is freed after the clock stops.
      let tensor = try samples.time { try pack() }
      checksum &+= Int(tensor[0])
    }
    let median = samples.median
    let minimum = samples.min
    if parsed.flags.contains("--json") {
      let fields: [(String, JSONValue)] = [
        ("width", .int(width)),
        ("height", .int(height)),
        ("format", .string(formatName)),
        ("orientation", .string(orientationName)),
        ("size", .int(size)),
        ("type", .string(typeName)),
        ("path", .string(path)),
        ("filter", .string(filterName)),
        ("runs", .int(runs)),
        ("median_ms", .double(TimingSamples.rounded(median))),
        ("min_ms", .double(TimingSamples.rounded(minimum))),
        ("checksum", .int(firstChecksum)),
      ]
      print(JSONValue.fields(fields).serialized())
    } else {
      print(
        "\(formatName) \(width)×\(height) \(orientationName) → \(size)×\(size)×3 \(typeName), \(path) path (\(filterName)): median \(TimingSamples.rounded(median)) ms, min \(TimingSamples.rounded(minimum)) ms (\(runs) runs)"
      )
    }
    return 0
  }

  /// The tensor `--type` names: uint8 or int8 raw, or float32 normalized to [-1, 1].
  private static func tensorSpec(type name: String, size: Int) throws -> TensorPackingSpec {
    switch name {
    case "uint8": return TensorPackingSpec(elementType: .uint8, width: size, height: size)
    case "int8": return TensorPackingSpec(elementType: .int8, width: size, height: size)
    case "float32":
      return TensorPackingSpec(
        elementType: .float32, width: size, height: size, mean: [127.5], std: [127.5])
    default:
      throw ParsedArguments.UsageError(
        description: "--type must be uint8, int8 or float32, got \"\(name)\"")
    }
  }

  /// The filter `--filter` names.
  private static func resamplingFilter(named name: String) throws -> ResamplingFilter {
    switch name {
    case "area": return .area
    case "bilinear": return .bilinear
    case "sampling": return .bilinearSampling
    default:
      throw ParsedArguments.UsageError(
        description: "--filter must be area, bilinear or sampling, got \"\(name)\"")
    }
  }

  /// A frame of `format` with smooth gradients plus a little deterministic noise in every
  /// plane (or channel).
  static func syntheticFrame(width: Int, height: Int, format name: String) throws -> PixelImage {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func noise() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 59) & 15) - 8
    }
    func level(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value + noise()))) }
    let chromaWidth = (width + 1) / 2
    let chromaHeight = (height + 1) / 2
    var luma = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width { luma[y * width + x] = level(40 + 180 * x / width + 20 * y / height) }
    }
    var cb = [UInt8](repeating: 0, count: chromaWidth * chromaHeight)
    var cr = cb
    for y in 0..<chromaHeight {
      for x in 0..<chromaWidth {
        cb[y * chromaWidth + x] = level(64 + 128 * y / chromaHeight)
        cr[y * chromaWidth + x] = level(192 - 128 * x / chromaWidth)
      }
    }
    func interleaved(_ first: [UInt8], _ second: [UInt8]) -> [UInt8] {
      var out = [UInt8](repeating: 0, count: 2 * first.count)
      for i in first.indices {
        out[2 * i] = first[i]
        out[2 * i + 1] = second[i]
      }
      return out
    }
    let yPlane = ImagePlane(bytes: luma, bytesPerRow: width)
    switch name {
    case "nv12":
      return try PixelImage(
        width: width, height: height, format: .nv12(YUVColorSpace(matrix: .bt709, range: .video)),
        planes: [
          yPlane, ImagePlane(bytes: interleaved(cb, cr), bytesPerRow: 2 * chromaWidth),
        ])
    case "nv21":
      return try PixelImage(
        width: width, height: height, format: .nv21(YUVColorSpace(matrix: .bt601, range: .video)),
        planes: [
          yPlane, ImagePlane(bytes: interleaved(cr, cb), bytesPerRow: 2 * chromaWidth),
        ])
    case "i420":
      return try PixelImage(
        width: width, height: height, format: .i420(YUVColorSpace(matrix: .bt601, range: .full)),
        planes: [
          yPlane, ImagePlane(bytes: cb, bytesPerRow: chromaWidth),
          ImagePlane(bytes: cr, bytesPerRow: chromaWidth),
        ])
    case "bgra8", "rgba8", "rgb8", "gray8":
      let rgb = try PixelImage(
        width: width, height: height, format: .nv12(YUVColorSpace(matrix: .bt601, range: .full)),
        planes: [
          yPlane, ImagePlane(bytes: interleaved(cb, cr), bytesPerRow: 2 * chromaWidth),
        ])
      let target: PixelFormat =
        name == "bgra8" ? .bgra8 : name == "rgba8" ? .rgba8 : name == "rgb8" ? .rgb8 : .gray8
      return try rgb.converted(to: target)
    default:
      throw ParsedArguments.UsageError(
        description:
          "--format must be nv12, nv21, i420, bgra8, rgba8, rgb8 or gray8, got \"\(name)\"")
    }
  }
}
