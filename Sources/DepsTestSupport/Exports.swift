// `import DepsTestSupport`: the test support of the one-module library, now
// `DependenciesTestSupport` (swift-dependencies' name).
@_exported import DependenciesTestSupport
