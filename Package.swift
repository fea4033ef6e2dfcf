// swift-tools-version:6.0
// Deps: swift-dependencies and the TCA loop on Linux, with a C ABI and a Lua front.
// Layout (fixed by the design card): DepsCore (Swift core), DepsCABI (C exports and the Lua
// module, built as libDeps.so), CLua/CEdit (system libraries), depsh (the shell).
import PackageDescription

/// `DEPS_WITHOUT_ICU=1`: link no ICU into a static build (see the DepsCore target).
let withoutICU = Context.environment["DEPS_WITHOUT_ICU"] == "1"

let package = Package(
  name: "Deps",
  products: [
    .library(name: "DepsCore", targets: ["DepsCore"]),
    .library(name: "DepsTestSupport", targets: ["DepsTestSupport"]),
    .library(name: "Deps", type: .dynamic, targets: ["DepsCABI"]),
    .executable(name: "depsh", targets: ["depsh"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
    .systemLibrary(
      name: "CEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    // The calendar, locale and timeZone built-ins need ICU (FoundationInternationalization),
    // which FoundationEssentials looks up by name at run time: a static link would leave it out,
    // so one symbol of each ICU-backed type is required here — unless DEPS_WITHOUT_ICU=1 asks
    // for the small library without it (`scripts/install --without-icu`; docs/embedding.md).
    .target(
      name: "DepsCore",
      linkerSettings: withoutICU
        ? []
        : [
          .unsafeFlags(
            [
              "$s20FoundationEssentials8TimeZoneV0A20InternationalizationE05knowncD11IdentifiersSaySSGvgZ",
              "$s20FoundationEssentials8CalendarV0A20InternationalizationE12monthSymbolsSaySSGvg",
              "$s20FoundationEssentials6LocaleV0A20InternationalizationE20availableIdentifiersSaySSGvgZ",
            ].flatMap { ["-Xlinker", "--undefined=\($0)"] }, .when(platforms: [.linux]))
        ]),
    // Swift Testing traits and the XCTest cache reset: links the test frameworks, so it is a
    // module of its own that only test targets use.
    .target(name: "DepsTestSupport", dependencies: ["DepsCore"]),
    // libDeps.so exports only the C API and luaopen_* (exports.map); everything else is local.
    .target(
      name: "DepsCABI", dependencies: ["DepsCore", "CLua"],
      exclude: ["exports.map"],
      linkerSettings: [
        .unsafeFlags([
          "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/DepsCABI/exports.map",
        ])
      ]),
    .executableTarget(name: "depsh", dependencies: ["DepsCABI", "DepsCore", "CLua", "CEdit"]),
    // The seed's module split: an interface module (TestDependencyKey) and a live module that
    // adds the DependencyKey conformance, found at run time.
    .target(
      name: "SeedClientInterface", dependencies: ["DepsCore"],
      path: "Tests/Fixtures/SeedClientInterface"),
    .target(
      name: "SeedClientLive", dependencies: ["DepsCore", "SeedClientInterface"],
      path: "Tests/Fixtures/SeedClientLive"),
    .testTarget(
      name: "DepsCoreTests",
      dependencies: ["DepsCore", "DepsTestSupport", "SeedClientInterface", "SeedClientLive"]),
  ],
  swiftLanguageModes: [.v6]
)
