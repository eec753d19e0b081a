// swift-tools-version: 6.2
// An app that uses Ocellus the way apps do: as a package dependency, compiled in the app's own
// configuration (`swift build` builds Ocellus in debug, `swift build -c release` in release).
import PackageDescription

// With OCELLUS_PACKAGE_URL set (a git URL, e.g. file:///tmp/check/Ocellus.git, whose newest
// tag is 0.x), Ocellus comes from that URL by version, exactly as from a published release;
// `tools/check-consumer` does that with a clone of this repository. Without it, from the
// repository this example sits in.
let ocellus: Package.Dependency =
  if let url = Context.environment["OCELLUS_PACKAGE_URL"] {
    .package(url: url, from: "0.1.0")
  } else {
    .package(name: "Ocellus", path: "../..")
  }

let package = Package(
  name: "ConsumerApp",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [ocellus],
  targets: [
    // ML Kit code ported with `import OcellusMLKit`: the base detector and the custom-model
    // detector, with no model named for the boxes.
    .executableTarget(
      name: "ConsumerApp",
      dependencies: [
        .product(name: "OcellusMLKit", package: "Ocellus"),
        .product(name: "Ocellus", package: "Ocellus"),
        .product(name: "Imaging", package: "Ocellus"),
      ]),
    // An app that links only the `Ocellus` product and asks for the base detector: the clear
    // error naming OcellusDefaultModels, not a crash or a search of the disk.
    .executableTarget(
      name: "BareOcellus", dependencies: [.product(name: "Ocellus", package: "Ocellus")]),
    // No Ocellus at all: the localizer's raw outputs (`ocellus run`'s .npy files) turned into
    // pixel boxes by the documented post-processing, written out independently.
    .executableTarget(name: "LocalizerBoxes"),
  ]
)
