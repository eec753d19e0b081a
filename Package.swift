// swift-tools-version: 6.2
// Ocellus: ML Kit's on-device vision in pure Swift. No package dependencies.
import PackageDescription

// Compute kernels (GEMM, depthwise convolution): one set of sources in Sources/OcellusKernels,
// compiled for the baseline CPU and, on x86-64 hosts, again for AVX2 and AVX-512 through
// symlinked copies; TFLiteInterpreter picks one at run time (KernelSet).
var kernelTargets: [Target] = [.target(name: "OcellusKernels")]
var kernelDependencies: [Target.Dependency] = ["OcellusKernels"]
#if arch(x86_64)
  kernelTargets += [
    .target(
      name: "OcellusKernelsAVX2",
      swiftSettings: [.define("OCELLUS_AVX2"), .unsafeFlags(["-target-cpu", "haswell"])]),
    .target(
      name: "OcellusKernelsAVX512",
      swiftSettings: [
        .define("OCELLUS_AVX512"), .unsafeFlags(["-target-cpu", "skylake-avx512"]),
      ]),
  ]
  kernelDependencies += ["OcellusKernelsAVX2", "OcellusKernelsAVX512"]
#endif

let package = Package(
  name: "Ocellus",
  products: [
    .library(name: "TFLiteModel", targets: ["TFLiteModel"]),
    .library(name: "Inflate", targets: ["Inflate"]),
    .library(name: "TFLiteInterpreter", targets: ["TFLiteInterpreter"]),
    .library(name: "ImageCodecs", targets: ["ImageCodecs"]),
    .library(name: "Imaging", targets: ["Imaging"]),
    .library(name: "Ocellus", targets: ["Ocellus"]),
    .executable(name: "ocellus", targets: ["OcellusCLI"]),
  ],
  targets: kernelTargets + [
    // DEFLATE / zlib decompression, CRC-32, Adler-32. Standard library only.
    .target(name: "Inflate"),
    // Verified FlatBuffers reader, the TFLite schema, FlexBuffers, TFLite metadata,
    // the appended zip of associated files, label files, AutoML manifests.
    .target(name: "TFLiteModel", dependencies: ["Inflate"]),
    // Runs TFLite models: memory planning, the op registry, kernels, threading.
    .target(name: "TFLiteInterpreter", dependencies: ["TFLiteModel"] + kernelDependencies),
    // PNG (decode and encode), JPEG, BMP and EXIF, sniffed by content. Standard library only.
    .target(name: "ImageCodecs", dependencies: ["Inflate"]),
    // Images in memory, pixel formats, orientation, crop/resize and tensor packing.
    .target(name: "Imaging", dependencies: ["ImageCodecs"]),
    // The ML Kit-style API: models, images, labeler, detector and tracker. Foundation here only.
    .target(
      name: "Ocellus", dependencies: ["TFLiteModel", "TFLiteInterpreter", "ImageCodecs", "Imaging"]),
    // The `ocellus` command-line tool.
    .executableTarget(
      name: "OcellusCLI", dependencies: ["TFLiteModel", "TFLiteInterpreter", "ImageCodecs", "Imaging", "Ocellus"]),
    // Test support: locating ../shared, running the built tool, synthetic FlatBuffers.
    .target(name: "OcellusTestSupport", path: "Tests/OcellusTestSupport"),
    .testTarget(name: "InflateTests", dependencies: ["Inflate", "OcellusTestSupport"]),
    .testTarget(
      name: "TFLiteModelTests", dependencies: ["TFLiteModel", "Inflate", "OcellusTestSupport"]),
    .testTarget(
      name: "TFLiteInterpreterTests", dependencies: ["TFLiteInterpreter", "TFLiteModel", "OcellusTestSupport"]),
    .testTarget(name: "ImageCodecsTests", dependencies: ["ImageCodecs", "Inflate", "OcellusTestSupport"]),
    .testTarget(name: "ImagingTests", dependencies: ["Imaging", "ImageCodecs", "OcellusTestSupport"]),
    .testTarget(
      name: "OcellusTests",
      dependencies: ["Ocellus", "TFLiteModel", "TFLiteInterpreter", "ImageCodecs", "Imaging", "OcellusTestSupport"]),
    .testTarget(name: "OcellusCLITests", dependencies: ["OcellusCLI", "OcellusTestSupport"]),
  ]
)
