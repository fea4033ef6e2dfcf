@_exported import DepsConcurrency
