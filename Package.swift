// swift-tools-version:6.2
// Deps: swift-dependencies and the TCA loop on Linux, with a C ABI and a Lua front.
// Layers (docs/architecture.md): DepsCore (values → registries → the Swift API), DepsCatalogue
// (the seed features, a module like any other), DepsCABI (the C API and the Lua module over the
// registered modules), LibDeps (libDeps.so = DepsCABI + the seed catalogue), depsh (the shell).
import PackageDescription

/// `DEPS_WITHOUT_ICU=1`: link no ICU into a static build (see the DepsCore target).
let withoutICU = Context.environment["DEPS_WITHOUT_ICU"] == "1"

let package = Package(
  name: "Deps",
  products: [
    .library(name: "DepsCore", targets: ["DepsCore"]),
    .library(name: "DepsTestSupport", targets: ["DepsTestSupport"]),
    .library(name: "DepsCatalogue", targets: ["DepsCatalogue"]),
    // A package's own C-ABI + Lua library depends on this product plus its modules, and adds
    // the glue of docs/modules.md.
    .library(name: "DepsCABI", targets: ["DepsCABI"]),
    .library(name: "Deps", type: .dynamic, targets: ["LibDeps"]),
    .executable(name: "depsh", targets: ["depsh"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
    // depsh's own C helpers (over CLua).
    .systemLibrary(name: "CDepsh"),
    // The hook a library on DepsCABI defines: depslibrary_register_modules.
    .systemLibrary(name: "CDepsLibrary"),
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
      name: "DepsCABI", dependencies: ["DepsCore", "CLua", "CDepsLibrary"],
      exclude: ["exports.map"],
      linkerSettings: [
        .unsafeFlags([
          "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/DepsCABI/exports.map",
        ])
      ]),
    // The seed catalogue: five features and their clients, registered through the module API.
    .target(name: "DepsCatalogue", dependencies: ["DepsCore"]),
    .target(name: "LibDeps", dependencies: ["DepsCABI", "DepsCatalogue"]),
    .executableTarget(
      name: "depsh",
      dependencies: ["LibDeps", "DepsCABI", "DepsCore", "CLua", "CDepsh", "CEdit"]),
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
      dependencies: [
        "DepsCore", "DepsCatalogue", "DepsTestSupport", "SeedClientInterface", "SeedClientLive",
      ]),
    .testTarget(
      name: "DepsCatalogueTests", dependencies: ["DepsCatalogue", "DepsCore", "DepsTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

// MARK: - The macro plugin
// DepsMacrosPlugin implements the macros of swift-case-paths, TCA and swift-dependencies on the
// toolchain's own SwiftSyntax (`<toolchain>/usr/lib/swift/host`, found below), so no swift-syntax
// package is downloaded or compiled. docs/macros.md lists the macros and what they expand to.
import CompilerPluginSupport
import Foundation

/// The toolchain's host directory (the SwiftSyntax modules and libraries the compiler itself
/// uses), found from the Swift runtime this manifest process has mapped: that runtime lives in
/// `<toolchain>/usr/lib/swift/linux/`. Nil when it cannot be found, and then the macro targets
/// are declared without flags, so the build stops at "no such module 'SwiftSyntax'".
func toolchainHostDirectory() -> String? {
  // Read to the end: String(contentsOfFile:) stops after the first 4 KiB of a /proc file.
  guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
  defer { try? file.close() }
  let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
  for line in maps.split(separator: "\n") {
    guard let slash = line.firstIndex(of: "/") else { continue }
    let path = line[slash...]
    guard let range = path.range(of: "/usr/lib/swift/linux/libswiftCore.so") else { continue }
    let host = String(path[..<range.lowerBound]) + "/usr/lib/swift/host"
    if FileManager.default.fileExists(atPath: host + "/SwiftSyntax.swiftmodule") {
      return host
    }
  }
  return nil
}

/// The flags that compile and link against the host SwiftSyntax modules.
let swiftSyntaxHost = toolchainHostDirectory()
let swiftSyntaxSwiftSettings: [SwiftSetting] =
  swiftSyntaxHost.map { [.unsafeFlags(["-I", $0])] } ?? []
let swiftSyntaxLinkerSettings: [LinkerSetting] =
  swiftSyntaxHost.map { host in
    [
      .unsafeFlags(
        ["-L", host]
          + [
            "SwiftSyntax", "SwiftSyntaxMacros", "SwiftSyntaxMacroExpansion",
            "SwiftCompilerPluginMessageHandling", "SwiftDiagnostics", "SwiftParser",
            "SwiftParserDiagnostics", "SwiftOperators", "SwiftSyntaxBuilder", "SwiftBasicFormat",
            "SwiftIfConfig",
          ].map { "-l\($0)" }
          + ["-Xlinker", "-rpath", "-Xlinker", host])
    ]
  } ?? []

// Other packages that declare these macros (`#externalMacro(module: "DepsMacrosPlugin", …)`)
// depend on this product. It must not share the target's name: SwiftPM drops such a product as
// a duplicate of the target's implicit macro product, and the compiler then finds no plugin.
package.products.append(.library(name: "DepsMacros", targets: ["DepsMacrosPlugin"]))
package.targets.append(
  contentsOf: [
    .macro(
      name: "DepsMacrosPlugin",
      swiftSettings: swiftSyntaxSwiftSettings,
      linkerSettings: swiftSyntaxLinkerSettings),
    .testTarget(
      name: "DepsMacrosPluginTests",
      dependencies: ["DepsMacrosPlugin"],
      swiftSettings: swiftSyntaxSwiftSettings,
      linkerSettings: swiftSyntaxLinkerSettings),
  ])
