// swift-tools-version: 6.2
// Ocellus: ML Kit's on-device vision in pure Swift. No package dependencies.
import PackageDescription

// Ocellus' compute paths (kernels, interpreter, codecs, packing, heads) run at release speed even
// when the app depending on Ocellus builds in debug: SwiftPM compiles every dependency in the
// app's configuration, and at -Onone generic SIMD code runs unspecialized through witness
// tables, ~2,000x slower (95 s instead of 40 ms per detection). Whole-module optimization
// matters as much as -O: without it a generic helper in one file is not specialized in another.
// `-num-threads` keeps one object file per source file, as SwiftPM's debug build and its index
// store expect. Release builds are untouched (SwiftPM already uses -O -wmo there). Build with
// OCELLUS_UNOPTIMIZED_DEBUG=1 in the environment to step through Ocellus itself at -Onone.
let optimizedEvenInDebug: [SwiftSetting] =
  Context.environment["OCELLUS_UNOPTIMIZED_DEBUG"] == "1"
  ? [] : [.unsafeFlags(["-O", "-wmo", "-num-threads", "2"], .when(configuration: .debug))]

// Compute kernels (GEMM, depthwise convolution, the JPEG pixel rows): one set of sources in
// Sources/OcellusKernels, compiled for the baseline CPU and, on x86-64 hosts, again for AVX2,
// AVX-512, AVX-512 VNNI and VBMI through symlinked copies (each holding only the sources whose
// code differs there, and what they need; a test checks the lists). The portable module holds
// the entry-point struct with every entry (the baseline); each per-CPU module imports it and
// plugs in what it improves. OcellusKernelSelection is the one place that picks a build at run
// time (`KernelBuild`), for the interpreter, the JPEG decoder and the tests.
var kernelTargets: [Target] = [
  .target(name: "OcellusKernels", swiftSettings: optimizedEvenInDebug)
]
var cpuKernelModules: [Target.Dependency] = []
#if arch(x86_64)
  kernelTargets += [
    .target(
      name: "OcellusKernelsAVX2", dependencies: ["OcellusKernels"],
      swiftSettings: [
        .define("OCELLUS_AVX2"),
        .unsafeFlags([
          "-target-cpu", "haswell", "-enable-experimental-feature", "BuiltinModule",
        ]),
      ] + optimizedEvenInDebug),
    .target(
      name: "OcellusKernelsAVX512", dependencies: ["OcellusKernels"],
      swiftSettings: [
        .define("OCELLUS_AVX512"),
        .unsafeFlags([
          "-target-cpu", "skylake-avx512", "-enable-experimental-feature", "BuiltinModule",
        ]),
      ] + optimizedEvenInDebug),
    // AVX-512 with VNNI (Cascade Lake, Ice Lake, Zen 4): the int8 GEMM on `vpdpbusd`, reached
    // through the compiler's Builtin module (Sources/OcellusKernels/VNNI.swift).
    .target(
      name: "OcellusKernelsVNNI", dependencies: ["OcellusKernels"],
      swiftSettings: [
        .define("OCELLUS_AVX512"), .define("OCELLUS_VNNI"),
        .unsafeFlags([
          "-target-cpu", "cascadelake", "-enable-experimental-feature", "BuiltinModule",
        ]),
      ] + optimizedEvenInDebug),
    // AVX-512 VBMI on top of the VNNI build (Ice Lake, Zen 4): only the byte-table lookups,
    // on `vpermi2b`; the interpreter's KernelSet takes them from here when the CPU has VBMI.
    .target(
      name: "OcellusKernelsVBMI", dependencies: ["OcellusKernels"],
      swiftSettings: [
        .define("OCELLUS_AVX512"), .define("OCELLUS_VNNI"), .define("OCELLUS_VBMI"),
        .unsafeFlags([
          "-target-cpu", "cascadelake", "-Xcc", "-mavx512vbmi",
          "-enable-experimental-feature", "BuiltinModule",
        ]),
      ] + optimizedEvenInDebug),
  ]
  cpuKernelModules = [
    "OcellusKernelsAVX2", "OcellusKernelsAVX512", "OcellusKernelsVNNI", "OcellusKernelsVBMI",
  ]
#endif
kernelTargets.append(
  .target(
    name: "OcellusKernelSelection", dependencies: ["OcellusKernels"] + cpuKernelModules,
    swiftSettings: optimizedEvenInDebug))
let kernelDependencies: [Target.Dependency] = ["OcellusKernels", "OcellusKernelSelection"]

let package = Package(
  name: "Ocellus",
  // What the code needs: Swift concurrency (async/await, AsyncStream: macOS 10.15, iOS 13) and
  // the standard library's clocks (ContinuousClock, Duration: macOS 13, iOS 16), which the
  // `ocellus` tool times with; SwiftPM sets one minimum per package. Linux needs Swift 6.2.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "TFLiteModel", targets: ["TFLiteModel"]),
    .library(name: "Inflate", targets: ["Inflate"]),
    .library(name: "TFLiteInterpreter", targets: ["TFLiteInterpreter"]),
    .library(name: "ImageCodecs", targets: ["ImageCodecs"]),
    .library(name: "Imaging", targets: ["Imaging"]),
    .library(name: "Ocellus", targets: ["Ocellus"]),
    .library(name: "OcellusRemote", targets: ["OcellusRemote"]),
    .library(name: "OcellusDefaultModels", targets: ["OcellusDefaultModels"]),
    .library(name: "OcellusMLKit", targets: ["OcellusMLKit"]),
    .library(name: "OcellusFirebaseML", targets: ["OcellusFirebaseML"]),
    .executable(name: "ocellus", targets: ["OcellusCLI"]),
  ],
  targets: kernelTargets + [
    // DEFLATE / zlib decompression, the PNG encoder's compressor, CRC-32, Adler-32. Stdlib only.
    .target(name: "Inflate", swiftSettings: optimizedEvenInDebug),
    // Verified FlatBuffers reader, the TFLite schema, FlexBuffers, TFLite metadata,
    // the appended zip of associated files, label files, AutoML manifests.
    .target(name: "TFLiteModel", dependencies: ["Inflate"], swiftSettings: optimizedEvenInDebug),
    // Runs TFLite models: memory planning, the op registry, kernels, threading.
    .target(
      name: "TFLiteInterpreter", dependencies: ["TFLiteModel"] + kernelDependencies,
      swiftSettings: [.enableExperimentalFeature("BuiltinModule")] + optimizedEvenInDebug),
    // PNG (decode and encode), JPEG, BMP and EXIF, sniffed by content. Standard library only;
    // the JPEG pixel kernels (IDCT, upsampling, color conversion) are in the kernel modules,
    // one build chosen at run time (JPEGKernelSet).
    .target(
      name: "ImageCodecs", dependencies: ["Inflate"] + kernelDependencies,
      swiftSettings: optimizedEvenInDebug),
    // Images in memory, pixel formats, orientation, crop/resize and tensor packing (into
    // tensors quantized as TFLiteModel's `TensorQuantization` says).
    .target(
      name: "Imaging", dependencies: ["ImageCodecs", "TFLiteModel"],
      swiftSettings: optimizedEvenInDebug),
    // The ML Kit-style API: models, images, labeler, detector and tracker. Foundation here only.
    .target(
      name: "Ocellus",
      dependencies: ["TFLiteModel", "TFLiteInterpreter", "ImageCodecs", "Imaging"],
      swiftSettings: optimizedEvenInDebug),
    // Remote models: downloads over HTTP(S), SHA-256 pins, the verified atomic cache
    // (`ModelManager`) and the model catalog. Foundation; `Ocellus` does not depend on it.
    .target(name: "OcellusRemote", dependencies: ["Ocellus", "TFLiteModel", "Imaging"]),
    // The models ML Kit builds in (object localizer, ImageNet classifier, coarse-category
    // table) as resources, 5.5 MB: a product of its own, so apps with their own models leave
    // them out. Origins and licenses in Sources/OcellusDefaultModels/Resources/ORIGINS.md.
    .target(
      name: "OcellusDefaultModels", dependencies: ["Ocellus"],
      resources: [
        .copy("Resources/mobile_object_localizer_v1_192_uint8.tflite"),
        .copy("Resources/mobilenet_v2_1.0_224_quant.tflite"),
        .copy("Resources/imagenet_coarse_categories.tsv"),
        .copy("Resources/ORIGINS.md"),
        .copy("Resources/LICENSE-Apache-2.0.txt"),
      ]),
    // ML Kit iOS source compatibility: ML Kit's class names and shapes over `Ocellus`
    // (`import MLKit` → `import OcellusMLKit`), with the built-in models. Foundation allowed.
    .target(
      name: "OcellusMLKit",
      dependencies: [
        "Ocellus", "OcellusRemote", "OcellusDefaultModels", "Imaging", "TFLiteModel",
      ]),
    // Legacy Firebase ML Vision source compatibility (`Vision.vision()`, `VisionImage.metadata`,
    // AutoML remote bundles), sharing OcellusMLKit's images, remote models and manager.
    .target(
      name: "OcellusFirebaseML",
      dependencies: ["OcellusMLKit", "Ocellus", "OcellusRemote", "Imaging", "TFLiteModel"]),
    // The `ocellus` command-line tool.
    .executableTarget(
      name: "OcellusCLI",
      dependencies: [
        "TFLiteModel", "TFLiteInterpreter", "ImageCodecs", "Imaging", "Ocellus",
        "OcellusRemote", "OcellusDefaultModels",
      ]),
    // Test support: locating ../shared, running the built tool, synthetic FlatBuffers.
    .target(name: "OcellusTestSupport", path: "Tests/OcellusTestSupport"),
    .testTarget(name: "InflateTests", dependencies: ["Inflate", "OcellusTestSupport"]),
    .testTarget(
      name: "TFLiteModelTests", dependencies: ["TFLiteModel", "Inflate", "OcellusTestSupport"]),
    .testTarget(
      name: "TFLiteInterpreterTests",
      dependencies: ["TFLiteInterpreter", "TFLiteModel", "OcellusTestSupport"]
        + kernelDependencies + cpuKernelModules),
    .testTarget(
      name: "ImageCodecsTests",
      dependencies: ["ImageCodecs", "Inflate", "OcellusKernels", "OcellusTestSupport"]),
    .testTarget(
      name: "ImagingTests", dependencies: ["Imaging", "ImageCodecs", "OcellusTestSupport"]),
    .testTarget(
      name: "OcellusTests",
      dependencies: [
        "Ocellus", "TFLiteModel", "TFLiteInterpreter", "ImageCodecs", "Imaging",
        "OcellusTestSupport",
      ]),
    .testTarget(
      name: "OcellusRemoteTests",
      dependencies: ["OcellusRemote", "Ocellus", "TFLiteModel", "OcellusTestSupport"]),
    .testTarget(
      name: "OcellusDefaultModelsTests",
      dependencies: [
        "OcellusDefaultModels", "Ocellus", "Imaging", "TFLiteModel", "TFLiteInterpreter",
        "OcellusTestSupport",
      ]),
    .testTarget(name: "OcellusCLITests", dependencies: ["OcellusCLI", "OcellusTestSupport"]),
    .testTarget(
      name: "OcellusMLKitTests",
      dependencies: [
        "OcellusMLKit", "Ocellus", "OcellusRemote", "OcellusDefaultModels", "Imaging",
        "ImageCodecs",
        "OcellusTestSupport",
      ]),
    .testTarget(
      name: "OcellusFirebaseMLTests",
      dependencies: [
        "OcellusFirebaseML", "OcellusMLKit", "Ocellus", "OcellusRemote", "Imaging", "ImageCodecs",
        "OcellusTestSupport",
      ]),
  ]
)
