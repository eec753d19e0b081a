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
    .executableTarget(
      name: "ConsumerApp",
      dependencies: [.product(name: "Ocellus", package: "Ocellus")])
  ]
)
