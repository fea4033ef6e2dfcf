# Sourced by scripts/docs, scripts/api-check and 16-swift-format: the public Swift modules (the
# ones a Swift user imports: the originals' names, the umbrella, the module API), and
# toolchain_tool NAME, the path of a tool the Swift toolchain ships (on PATH, else beside swift).
public_swift_modules=(ComposableArchitecture Dependencies DependenciesMacros
  DependenciesTestSupport CasePaths Clocks ConcurrencyExtras CustomDump IdentifiedCollections
  IssueReporting Sharing Tagged DepsCore DepsCABI)

toolchain_tool() {
  command -v "$1" 2>/dev/null || echo "$(dirname "$(readlink -f "$(command -v swift)")")/$1"
}
