// swift-tools-version:6.0
// An example package outside the library: its own feature (a stopwatch with a clock and a lap
// log client), registered through Deps' module API and shipped as its own C-ABI + Lua library
// (libStopwatch.so: deps.h's API, `require "stopwatch"`). docs/modules.md walks through it.
import PackageDescription

let package = Package(
  name: "DepsExamples",
  products: [
    .library(name: "Stopwatch", type: .dynamic, targets: ["StopwatchLibrary"])
  ],
  dependencies: [.package(name: "Deps", path: "..")],
  targets: [
    // The feature and its client: plain DepsCore, testable with TestStore.
    .target(name: "Stopwatch", dependencies: [.product(name: "DepsCore", package: "Deps")]),
    // The glue: the module list and luaopen_stopwatch over DepsCABI (no seed catalogue).
    .target(
      name: "StopwatchLibrary",
      dependencies: ["Stopwatch", .product(name: "DepsCABI", package: "Deps")]),
    .testTarget(
      name: "StopwatchTests",
      dependencies: ["Stopwatch", .product(name: "DepsCore", package: "Deps")]),
  ],
  swiftLanguageModes: [.v6]
)
