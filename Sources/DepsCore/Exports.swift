@_exported import DepsConcurrency
@_exported import IssueReporting
@_exported import CustomDump
@_exported import Clocks
@_exported import Dependencies
