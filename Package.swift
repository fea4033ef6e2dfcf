// swift-tools-version:6.2
// Deps: swift-dependencies and the TCA loop on Linux, with a C ABI and a Lua front.
// Layers (docs/architecture.md): DepsCore (values → registries → the Swift API), DepsCatalogue
// (the seed features, a module like any other), DepsCABI (the C API and the Lua module over the
// registered modules), LibDeps (libDeps.so = DepsCABI + the seed catalogue), depsh (the shell).
import PackageDescription

/// `DEPS_WITHOUT_ICU=1`: link no ICU into a static build (see the Dependencies target).
let withoutICU = Context.environment["DEPS_WITHOUT_ICU"] == "1"

let package = Package(
  name: "Deps",
  products: [
    // The originals' modules, each importable on its own.
    .library(name: "CasePaths", targets: ["CasePaths"]),
    .library(name: "Clocks", targets: ["Clocks"]),
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "ConcurrencyExtras", targets: ["ConcurrencyExtras"]),
    .library(name: "CustomDump", targets: ["CustomDump"]),
    .library(name: "Dependencies", targets: ["Dependencies"]),
    .library(name: "DependenciesMacros", targets: ["DependenciesMacros"]),
    .library(name: "DependenciesTestSupport", targets: ["DependenciesTestSupport"]),
    .library(name: "IdentifiedCollections", targets: ["IdentifiedCollections"]),
    .library(name: "IssueReporting", targets: ["IssueReporting"]),
    .library(name: "Sharing", targets: ["Sharing"]),
    .library(name: "Tagged", targets: ["Tagged"]),
    // The one-module names of the library before the split: umbrellas over the modules above.
    .library(name: "DepsCore", targets: ["DepsCore"]),
    .library(name: "DepsTestSupport", targets: ["DepsTestSupport"]),
    .library(name: "DepsCatalogue", targets: ["DepsCatalogue"]),
    // A package's own C-ABI + Lua library depends on this product plus its modules, and adds
    // the glue of docs/modules.md.
    .library(name: "DepsCABI", targets: ["DepsCABI"]),
    .library(name: "Deps", type: .dynamic, targets: ["LibDeps"]),
    .executable(name: "depsh", targets: ["depsh"]),
  ],
  // Off by default: `DependencyValues.urlSession` links FoundationNetworking (and libcurl), about
  // 18 ms at every start of a program that links the library, the C library and depsh included.
  // A Swift package that uses `@Dependency(\.urlSession)` turns it on in its dependency:
  // `.package(url: …, from: …, traits: ["URLSession"])`.
  traits: [
    .trait(
      name: "URLSession",
      description:
        "DependencyValues.urlSession, as in swift-dependencies (links FoundationNetworking)")
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
    // The concurrency kit (docs/architecture.md): one re-entrant lock, one pumped executor, one
    // monotonic clock, the interrupt request; package-internal but for StoreInterrupt.
    .target(name: "DepsConcurrency"),
    // Every use of a Swift-runtime internal, each behind one checked API with a safe path
    // (docs/architecture.md, "Runtime tricks"); names no type of the layers above.
    .target(name: "DepsRuntime"),
    // swift-concurrency-extras' module: LockIsolated, ActorIsolated, UncheckedSendable, the
    // main serial executor, stream and task helpers.
    .target(name: "ConcurrencyExtras", dependencies: ["DepsConcurrency", "DepsRuntime"]),
    // swift-issue-reporting's module: reportIssue, issue reporters, unimplemented(…).
    .target(name: "IssueReporting", dependencies: ["DepsConcurrency", "DepsRuntime"]),
    // swift-custom-dump's module: values dumped in Swift syntax and their diffs.
    .target(name: "CustomDump", dependencies: ["IssueReporting"]),
    // swift-clocks' module: TestClock, ImmediateClock, UnimplementedClock, AnyClock, timers.
    .target(name: "Clocks", dependencies: ["DepsConcurrency", "IssueReporting"]),
    // swift-dependencies' module: keys, DependencyValues, @Dependency, withDependencies, the
    // built-in dependencies. The calendar, locale and timeZone built-ins need ICU
    // (FoundationInternationalization), which FoundationEssentials looks up by name at run time:
    // a static link would leave it out, so one symbol of each ICU-backed type is required here —
    // unless DEPS_WITHOUT_ICU=1 asks for the small library without it
    // (`scripts/install --without-icu`; docs/embedding.md).
    .target(
      name: "Dependencies",
      dependencies: ["Clocks", "DepsConcurrency", "DepsRuntime", "IssueReporting"],
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
    // swift-case-paths' module: case paths, CasePathable and its macro.
    .target(
      name: "CasePaths", dependencies: ["DepsMacrosPlugin", "DepsRuntime", "IssueReporting"]),
    // swift-tagged's module: Tagged.
    .target(name: "Tagged"),
    // swift-identified-collections' module: IdentifiedArray.
    .target(name: "IdentifiedCollections"),
    // swift-sharing's module: @Shared, @SharedReader, the keys (inMemory, fileStorage,
    // appStorage), the change tracker the TestStore asserts shared state with.
    .target(
      name: "Sharing",
      dependencies: [
        "ConcurrencyExtras", "CustomDump", "Dependencies", "DepsConcurrency",
        "IdentifiedCollections", "IssueReporting",
      ]),
    // TCA's module: reducers, effects, Store, TestStore, navigation; re-exports what TCA's
    // does.
    .target(
      name: "ComposableArchitecture",
      dependencies: [
        "CasePaths", "Clocks", "ConcurrencyExtras", "CustomDump", "Dependencies",
        "DependenciesMacros", "DepsConcurrency", "DepsMacrosPlugin", "DepsRuntime",
        "IdentifiedCollections", "IssueReporting", "Sharing",
      ]),
    // swift-dependencies' macros module: @DependencyClient, @DependencyEndpoint, @DependencyEntry.
    .target(name: "DependenciesMacros", dependencies: ["DepsMacrosPlugin", "IssueReporting"]),
    // The umbrella: `import DepsCore` brings in every module above; it still holds the layers
    // not yet split into modules of their own.
    .target(
      name: "DepsCore",
      dependencies: [
        "CasePaths", "Clocks", "ComposableArchitecture", "ConcurrencyExtras", "CustomDump",
        "Dependencies", "DependenciesMacros", "DepsConcurrency", "DepsRuntime",
        "IdentifiedCollections", "IssueReporting", "Sharing",
      ]),
    // swift-dependencies' test support: the Swift Testing traits, recordIssues, the XCTest cache
    // reset. Links the test frameworks, so it is a module of its own that only test targets use.
    .target(
      name: "DependenciesTestSupport",
      dependencies: ["Dependencies", "DepsRuntime", "IssueReporting"]),
    // The old name of DependenciesTestSupport.
    .target(name: "DepsTestSupport", dependencies: ["DependenciesTestSupport"]),
    // libDeps.so exports only the C API and luaopen_* (exports.map); everything else is local.
    .target(
      name: "DepsCABI", dependencies: ["DepsCore", "DepsRuntime", "CLua", "CDepsLibrary"],
      exclude: ["exports.map"],
      linkerSettings: [
        .unsafeFlags([
          "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/DepsCABI/exports.map",
        ])
      ]),
    // The seed catalogue: five features and their clients, registered through the module API.
    .target(name: "DepsCatalogue", dependencies: ["DepsCore", "Sharing"]),
    .target(name: "LibDeps", dependencies: ["DepsCABI", "DepsCatalogue"]),
    .executableTarget(
      name: "depsh",
      dependencies: ["LibDeps", "DepsCABI", "DepsCore", "CLua", "CDepsh", "CEdit"],
      // depsh's own Lua, compiled in as PackageResources (EmbeddedLua.swift): no bundle.
      resources: [.embedInCode("lua")]),
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
        "CasePaths", "Clocks", "ComposableArchitecture", "ConcurrencyExtras", "CustomDump",
        "Dependencies", "DepsCatalogue", "DepsConcurrency", "DepsCore", "DepsRuntime",
        "DepsTestSupport", "IdentifiedCollections", "IssueReporting", "SeedClientInterface",
        "SeedClientLive",
      ]),
    .testTarget(
      name: "ComposableArchitectureTests",
      dependencies: ["ComposableArchitecture", "DependenciesTestSupport", "DepsConcurrency"]),
    .testTarget(
      name: "SharingTests",
      dependencies: ["ComposableArchitecture", "DependenciesTestSupport", "Sharing", "Tagged"]),
    .testTarget(
      name: "DepsCatalogueTests",
      dependencies: [
        "CasePaths", "Clocks", "ComposableArchitecture", "ConcurrencyExtras", "CustomDump",
        "Dependencies", "DepsCatalogue", "DepsConcurrency", "DepsCore", "DepsRuntime",
        "DepsTestSupport", "IdentifiedCollections", "IssueReporting",
      ]),
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
