// swift-tools-version: 6.2
// Coverage-guided fuzz targets for Ocellus' parsers (libFuzzer), kept out of the main package:
// they build only with `--sanitize=fuzzer` (libFuzzer supplies `main`). Run them through
// `tools/fuzz` (`tools/fuzz list`, `tools/fuzz run TARGET`), which also builds the seed corpora.
import PackageDescription

/// One libFuzzer binary per parser: `Targets/<name>/<Name>FuzzTarget.swift` defines
/// `LLVMFuzzerTestOneInput`; `-parse-as-library` keeps Swift from emitting a `main` of its own.
func fuzzTarget(_ name: String, _ dependencies: [String]) -> Target {
  .executableTarget(
    name: "fuzz-\(name)",
    dependencies: dependencies.map { .product(name: $0, package: "Ocellus") },
    path: "Targets/\(name)",
    swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
  name: "OcellusFuzzing",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "Ocellus", path: "../..")],
  targets: [
    fuzzTarget("model", ["TFLiteModel"]),
    fuzzTarget("interpreter", ["TFLiteModel", "TFLiteInterpreter"]),
    fuzzTarget("flexbuffers", ["TFLiteModel"]),
    fuzzTarget("zip", ["TFLiteModel"]),
    fuzzTarget("json", ["TFLiteModel"]),
    fuzzTarget("labels", ["TFLiteModel"]),
    fuzzTarget("coarse-table", ["Ocellus"]),
    fuzzTarget("npy", ["TFLiteInterpreter"]),
    fuzzTarget("inflate", ["Inflate"]),
    fuzzTarget("png", ["ImageCodecs"]),
    fuzzTarget("jpeg", ["ImageCodecs"]),
    fuzzTarget("bmp", ["ImageCodecs"]),
    fuzzTarget("exif", ["ImageCodecs"]),
    // Writes a target's seed corpus (`fuzz-seeds TARGET OUTPUT REPOSITORY SHARED`), with the
    // main package's synthetic-model writers (a symbolic link to Tests/OcellusTestSupport).
    .target(name: "FuzzSeedSupport", path: "Support/OcellusTestSupport"),
    .executableTarget(
      name: "fuzz-seeds",
      dependencies: ["FuzzSeedSupport", .product(name: "TFLiteModel", package: "Ocellus")],
      path: "Seeds"),
  ]
)
