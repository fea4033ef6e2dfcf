// What `import ComposableArchitecture` brings in besides TCA's own API, as TCA's module does:
// the companions everyday feature code uses, and Observation (what `@ObservableState` builds on).
@_exported import CasePaths
@_exported import Clocks
@_exported import ConcurrencyExtras
@_exported import CustomDump
@_exported import Dependencies
@_exported import DependenciesMacros
@_exported import IdentifiedCollections
@_exported import IssueReporting
@_exported import Sharing
@_exported import Observation
