// swift-tools-version:6.0
// Deps benchmarks: a separate package so `swift build`/`swift test` of the project never
// build it. Run with `scripts/bench/run` (release build, medians, callgrind instructions).
import PackageDescription

let package = Package(
  name: "DepsBench",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "Deps", path: "../..")],
  targets: [
    .executableTarget(
      name: "DepsBench",
      dependencies: [
        .product(name: "DepsCore", package: "Deps"),
        .product(name: "DepsCatalogue", package: "Deps"),
      ],
      path: "Sources/DepsBench")
  ],
  swiftLanguageModes: [.v6]
)
