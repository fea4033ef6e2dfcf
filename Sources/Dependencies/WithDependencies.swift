// Scopes: `withDependencies` (sync and async), `withDependencies(from:)` and
// `withEscapedDependencies`, as in swift-dependencies. A scope is one new storage node pushed
// as the task-local `_current`; async work started inside (`Task {}`, `async let`, groups)
// inherits it through task-locals.
import IssueReporting
import Synchronization

/// Runs `operation` with the dependencies changed by `updateValues`.
///
/// ```swift
/// let model = withDependencies {
///   $0.uuid = .incrementing
/// } operation: {
///   FeatureModel()
/// }
/// ```
/// An object returned by `operation` remembers these values for `withDependencies(from:)`.
// Inlinable, so the caller's module specializes it for its result type (and drops the
// remembering of a returned object when the result is not a class); the scope's work is in the
// non-generic `_Scope` below, and only the safe runtime path (or an enclosing async set-up)
// goes through the generic `withValue`.
@inlinable
@discardableResult
public func withDependencies<R>(
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  let scope = try DependencyValues._Scope(updateValues)
  // The size test is decided at compile time for a concrete `R`: no runtime cast for `Void` or
  // any other result that cannot be a single reference.
  guard MemoryLayout<R>.size == MemoryLayout<AnyObject>.size, R.self is AnyObject.Type else {
    if scope.enter() {
      defer { scope.exit() }
      return try operation()
    }
    defer { scope.release() }
    return try DependencyValues._runScopeSafely(scope.values, operation)
  }
  defer { scope.release() }
  let result: R
  if scope.enterRetaining() {
    defer { scope.exit() }
    result = try operation()
  } else {
    result = try DependencyValues._runScopeSafely(scope.values, operation)
  }
  DependencyObjects.remember(result as AnyObject, values: scope.values)
  return result
}

extension DependencyValues {
  /// A synchronous `withDependencies` scope: its values (the storage node, held at +1 by the
  /// scope until `enter()` hands that reference to the runtime's binding, or `release()`), and
  /// this thread's setting mark with its value outside the scope.
  @usableFromInline
  struct _Scope {
    @usableFromInline let node: Unmanaged<DependencyStorage>
    @usableFromInline let mark: UnsafeMutablePointer<Bool>
    @usableFromInline let outerMark: Bool

    /// Runs `updateValues` on the current values, marked as setting up. The first change
    /// creates this scope's node (a child of the current one); a scope that changes nothing
    /// binds the current node again.
    @usableFromInline
    init(_ updateValues: (inout DependencyValues) throws -> Void) rethrows {
      let mark = SettingScope.threadMark()
      let outerMark = mark.pointee
      var values = DependencyValues.currentFast
      mark.pointee = true
      defer { mark.pointee = outerMark }
      try updateValues(&values)
      self.mark = mark
      self.outerMark = outerMark
      node = Unmanaged.passRetained(values.storage)
    }

    /// The scope's values (valid while the scope holds its node).
    @usableFromInline
    var values: DependencyValues { DependencyValues(storage: node.takeUnretainedValue()) }

    /// Binds the values as `_current` (unmarked as setting up) until `exit()`, handing the
    /// scope's reference to the binding; false (nothing done, the reference still the scope's)
    /// when the safe path must be taken instead (`_runScopeSafely`, then `release()`).
    @usableFromInline
    func enter() -> Bool {
      guard DependencyScope.usesFast, !SettingScope.isSettingInTask else { return false }
      mark.pointee = false
      DependencyScope.pushHandingOver(node)
      return true
    }

    /// `enter()`, keeping the scope's own reference (the caller still calls `release()`).
    @usableFromInline
    func enterRetaining() -> Bool {
      guard DependencyScope.usesFast, !SettingScope.isSettingInTask else { return false }
      mark.pointee = false
      DependencyScope.pushHandingOver(node.retain())
      return true
    }

    /// Ends what `enter()` started.
    @usableFromInline
    func exit() {
      DependencyScope.pop()
      mark.pointee = outerMark
    }

    /// Drops the scope's reference to its node.
    @usableFromInline
    func release() { node.release() }
  }

  /// The scope through `TaskLocal.withValue` (and the task-local setting mark when an async
  /// closure is setting up around it).
  @usableFromInline
  static func _runScopeSafely<R>(_ values: DependencyValues, _ operation: () throws -> R)
    rethrows -> R
  {
    try SettingScope.notSetting {
      try DependencyScope.withValues(values, operation)
    }
  }
}

/// Runs async `operation` with the dependencies changed by `updateValues`.
@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ updateValues: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.currentFast
  values.beginSetting()
  try await SettingScope.settingAsync { try await updateValues(&values) }
  values.endSetting()
  let result = try await SettingScope.notSetting {
    try await DependencyValues.$_current.withValue(values, operation: operation)
  }
  DependencyObjects.remember(result, values: values)
  return result
}

/// Runs `operation` with the dependencies of `model` (found in its `@Dependency` properties, or
/// remembered because `model` was returned by `withDependencies`) changed by `updateValues`.
///
/// ```swift
/// let child = withDependencies(from: parentModel) { ChildModel() }
/// ```
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () throws -> R,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) rethrows -> R {
  let parentValues = DependencyObjects.values(
    of: model, modelType: Model.self, fileID: fileID, filePath: filePath, line: line,
    column: column)
  return try withDependencies {
    if let parentValues {
      $0.storage = DependencyStorage.merging(parentValues.storage, with: $0.storage)
    }
    try updateValues(&$0)
  } operation: {
    try operation()
  }
}

/// Runs `operation` with the dependencies of `model`, unchanged.
///
/// (A separate overload rather than a defaulted `updateValues`: a `rethrows` function with a
/// defaulted throwing closure counts as throwing at every call that omits it.)
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  operation: () throws -> R,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) rethrows -> R {
  try withDependencies(
    from: model, { _ in }, operation: operation, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// Async form of `withDependencies(from:_:operation:)`.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  _ updateValues: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) async rethrows -> R {
  let parentValues = DependencyObjects.values(
    of: model, modelType: Model.self, fileID: fileID, filePath: filePath, line: line,
    column: column)
  return try await withDependencies(isolation: isolation) {
    if let parentValues {
      $0.storage = DependencyStorage.merging(parentValues.storage, with: $0.storage)
    }
    try await updateValues(&$0)
  } operation: {
    try await operation()
  }
}

/// Async form of `withDependencies(from:operation:)`.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) async rethrows -> R {
  try await withDependencies(
    from: model, { _ in }, operation: operation, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// Captures the current dependencies so an escaping closure can restore them later.
///
/// ```swift
/// withEscapedDependencies { continuation in
///   DispatchQueue.main.async { continuation.yield { /* same dependencies here */ } }
/// }
/// ```
public func withEscapedDependencies<R>(_ operation: (DependencyValues.Continuation) throws -> R)
  rethrows -> R
{
  try operation(DependencyValues.Continuation(values: DependencyValues._current))
}

/// Async form of `withEscapedDependencies`.
public func withEscapedDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: (DependencyValues.Continuation) async throws -> R
) async rethrows -> R {
  try await operation(DependencyValues.Continuation(values: DependencyValues._current))
}

extension DependencyValues {
  /// Dependencies captured by `withEscapedDependencies`, restored with `yield`.
  public struct Continuation: Sendable {
    let values: DependencyValues

    /// Runs `operation` with the captured dependencies.
    public func yield<R>(_ operation: () throws -> R) rethrows -> R {
      try DependencyValues.$_current.withValue(values, operation: operation)
    }

    /// Runs async `operation` with the captured dependencies.
    public func yield<R>(
      isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R
    ) async rethrows -> R {
      try await DependencyValues.$_current.withValue(values, operation: operation)
    }
  }
}

/// Objects returned from `withDependencies`, remembered weakly with their values so
/// `withDependencies(from:)` can propagate them even without `@Dependency` properties.
@usableFromInline
enum DependencyObjects {
  private struct Remembered: @unchecked Sendable {
    weak var object: AnyObject?
    let values: DependencyValues
  }
  private static let table = Mutex<[ObjectIdentifier: Remembered]>([:])

  /// Remembers `object`, returned by a `withDependencies` scope, with its values.
  @usableFromInline
  static func remember(_ object: AnyObject, values: DependencyValues) {
    table.withLock { table in
      if table.count > 256 { table = table.filter { $0.value.object != nil } }
      table[ObjectIdentifier(object)] = Remembered(object: object, values: values)
    }
  }

  @inline(__always)
  static func remember<R>(_ result: R, values: DependencyValues) {
    guard R.self is AnyObject.Type else { return }
    let object = result as AnyObject
    table.withLock { table in
      if table.count > 256 { table = table.filter { $0.value.object != nil } }
      table[ObjectIdentifier(object)] = Remembered(object: object, values: values)
    }
  }

  static func values(
    of model: AnyObject, modelType: Any.Type, fileID: StaticString, filePath: StaticString,
    line: UInt, column: UInt
  ) -> DependencyValues? {
    // The model's own `@Dependency` properties come first: they hold the values of the
    // innermost scope it was created in, while the remembered values are those of the
    // outermost `withDependencies` that returned it (each enclosing scope records it again).
    var mirror: Mirror? = Mirror(reflecting: model)
    while let current = mirror {
      for child in current.children {
        if let wrapper = child.value as? any _HasInitialValues { return wrapper.initialValues }
      }
      mirror = current.superclassMirror
    }
    if let remembered = table.withLock({ $0[ObjectIdentifier(model)] }),
      remembered.object === model
    {
      return remembered.values
    }
    reportIssue(
      """
      You are trying to propagate dependencies to a child model from a model with no \
      dependencies. To fix this, the given '\(modelType)' must be returned from another \
      'withDependencies' closure, or the class must hold at least one '@Dependency' property.
      """,
      fileID: fileID, filePath: filePath, line: line, column: column)
    return nil
  }
}
