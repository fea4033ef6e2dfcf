// `import DepsCore`: every module of the package's Swift library, for code written against the
// one-module library; the registry layer (Values, Registry, Trace) still lives here.
@_exported import CasePaths
@_exported import Clocks
@_exported import ComposableArchitecture
@_exported import ConcurrencyExtras
@_exported import CustomDump
@_exported import Dependencies
@_exported import DependenciesMacros
@_exported import DepsConcurrency
@_exported import IdentifiedCollections
@_exported import IssueReporting
@_exported import Sharing
