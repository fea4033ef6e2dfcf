// The `d` proxy and the dependency scopes of the Lua front:
//   dependencies = function(d) d.numberFact.fetch = function(n) … end; d.uuid = "incrementing"
//   end
//   deps.with_dependencies(function(d) … end, function() … end)
//   deps.prepare_dependencies(function(d) … end)
//   local now = deps.dependency("date.now"); now()
// `d.a.b` builds the path `a.b`; assigning validates it at once through the endpoint registry
// (an unknown path raises with the registry's close matches). A Lua function becomes a
// `ForeignFunction` called with lua_pcall on the thread owning the state; its Lua errors become
// a thrown `EndpointError` carrying `file:line: message`. Any other value is a preset.
// Called from Lua in the very `with_dependencies` scope that set it, such a function runs
// directly instead of through the endpoint's async call (`LuaDirectScope`; same results).
import CLua
import DepsCore

/// Where assignments to a `d` proxy go: collected into a recipe, or applied to a store now.
final class LuaOverridesSink {
  var overrides = DependencyOverrides(registry: DepsLibrary.endpoints)
  /// False once the function that received the proxy returned (for collecting sinks).
  var isOpen = true
  /// Applies each change at once (an open store's `store.dependencies`), when set; throws
  /// when it cannot (the store closed), and nothing changes.
  let applyNow: ((DependencyOverrides) throws(LuaFailure) -> Void)?

  init(applyNow: ((DependencyOverrides) throws(LuaFailure) -> Void)? = nil) {
    self.applyNow = applyNow
  }
}

/// One `d` / `d.numberFact` proxy: a sink and the path so far.
final class LuaDependencyPath {
  let sink: LuaOverridesSink
  let path: String
  init(sink: LuaOverridesSink, path: String) {
    self.sink = sink
    self.path = path
  }
}

/// Sendable carrier of a lua_State pointer for closures that only run on its owning thread.
struct LuaThread: @unchecked Sendable {
  let state: OpaquePointer
}

enum LuaDependencies {
  static let metatable = LuaMetatable("deps.Dependencies")

  // MARK: The proxy

  /// Creates the proxy metatable.
  static func register(_ L: OpaquePointer, _ runtime: LuaRuntime) {
    guard metatable.create(L) else {
      clua_pop(L, 1)
      return
    }
    let methods: [(String, clua_SwiftFunction)] = [
      ("__index", proxyIndex), ("__newindex", proxyNewIndex), ("__gc", proxyCollect),
      ("__tostring", proxyToString),
    ]
    for (name, function) in methods {
      LuaStack.pushFunction(L, runtime, function)
      LuaStack.setRawField(L, -2, name)
    }
    clua_pop(L, 1)
  }

  /// Pushes a proxy for `path` ("" is `d` itself).
  static func pushProxy(_ L: OpaquePointer, sink: LuaOverridesSink, path: String) {
    let slot = clua_newuserdata(L, MemoryLayout<UnsafeMutableRawPointer?>.size, 0)
    let box = LuaDependencyPath(sink: sink, path: path)
    slot?.storeBytes(
      of: Unmanaged.passRetained(box).toOpaque(), as: UnsafeMutableRawPointer?.self)
    metatable.set(L)
  }

  private static func proxy(_ L: OpaquePointer, _ index: Int32) throws(LuaFailure)
    -> LuaDependencyPath
  {
    guard let slot = metatable.test(L, index),
      let raw = slot.load(as: UnsafeMutableRawPointer?.self)
    else { throw metatable.typeError(L, index) }
    return Unmanaged<LuaDependencyPath>.fromOpaque(raw).takeUnretainedValue()
  }

  private static let proxyIndex: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let box = try proxy(L, 1)
      let key = try LuaStack.checkString(L, 2)
      pushProxy(L, sink: box.sink, path: box.path.isEmpty ? key : "\(box.path).\(key)")
      return 1
    }
  }

  private static let proxyNewIndex: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let box = try proxy(L, 1)
      let key = try LuaStack.checkString(L, 2)
      let path = box.path.isEmpty ? key : "\(box.path).\(key)"
      try assign(L, runtime, sink: box.sink, path: path, valueAt: 3)
      return 0
    }
  }

  private static let proxyCollect: clua_SwiftFunction = { L in
    guard let L, let slot = lua_touserdata(L, 1),
      let raw = slot.load(as: UnsafeMutableRawPointer?.self)
    else { return 0 }
    slot.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
    Unmanaged<LuaDependencyPath>.fromOpaque(raw).release()
    return 0
  }

  private static let proxyToString: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let box = try proxy(L, 1)
      LuaStack.push(L, box.path.isEmpty ? "deps.Dependencies" : "deps.Dependencies (\(box.path))")
      return 1
    }
  }

  /// `d.<path> = value`: a function or a preset, validated now.
  static func assign(
    _ L: OpaquePointer, _ runtime: LuaRuntime, sink: LuaOverridesSink, path: String,
    valueAt index: Int32
  ) throws(LuaFailure) {
    guard sink.isOpen else {
      throw .error(
        "attempt to use a dependencies proxy after its function returned (set \(path) inside "
          + "the dependencies function)")
    }
    var change = DependencyOverrides(registry: DepsLibrary.endpoints)
    let site = LuaStack.location(L).map { "\($0.file):\($0.line)" }
    do throws(BridgeError) {
      switch lua_type(L, index) {
      case LUA_TFUNCTION:
        lua_pushvalue(L, index)
        let function = LuaRef(popping: L, runtime: runtime)
        try change.set(path, function: foreign(function), site: site)
      case LUA_TNIL, LUA_TNONE:
        throw BridgeError(
          .invalid,
          "cannot set dependency \"\(path)\" to nil; assign a function or a preset value")
      default:
        let preset: JSONValue
        do throws(LuaValue.ConversionError) {
          preset = try LuaValue.read(L, index)
        } catch {
          throw BridgeError(.invalid, error.describe(root: path))
        }
        try change.set(path, preset: preset, site: site)
      }
    } catch {
      throw .error(error.message)
    }
    if let applyNow = sink.applyNow {
      try applyNow(change)
    } else {
      sink.overrides = sink.overrides.appending(change)
    }
  }

  /// Calls the function at `index` with a fresh `d` proxy and returns what it assigned.
  static func collect(_ L: OpaquePointer, _ runtime: LuaRuntime, functionAt index: Int32)
    throws(LuaFailure) -> DependencyOverrides
  {
    let sink = LuaOverridesSink()
    defer { sink.isOpen = false }
    guard lua_checkstack(L, 3) != 0 else { throw .error("Lua stack overflow") }
    lua_pushvalue(L, index)
    pushProxy(L, sink: sink, path: "")
    if let message = runtime.pcall(L, nargs: 1, nresults: 0) { throw .raw(message) }
    return sink.overrides
  }

  // MARK: Lua functions as endpoints

  /// A Lua function as an endpoint implementation: called with lua_pcall (holding the state's
  /// lock, on the thread inside the store call); a Lua error is thrown as `EndpointError`.
  static func foreign(_ function: LuaRef) -> ForeignFunction {
    { input in try function.runtime.callFunction(function, input) }
  }

  /// The error a Lua caller of the endpoint `path` gets when it throws: the endpoint's name,
  /// then the original message (a Lua override's includes its `file:line:`).
  static func failure(of path: String, _ error: any Error) -> String {
    "dependency \"\(path)\" failed: \(describe(error))"
  }

  /// Describes a Swift error as the Lua front shows it.
  static func describe(_ error: any Error) -> String {
    switch error {
    case let error as EndpointError: return error.message
    case let error as BridgeError: return error.message
    default: return "\(error)"
    }
  }

  // MARK: Module functions

  /// `deps.with_dependencies(function(d) … end, function() … end)` → the operation's results.
  static let withDependencies: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      try LuaStack.checkFunction(L, 1)
      try LuaStack.checkFunction(L, 2)
      lua_settop(L, 2)
      let overrides = try collect(L, runtime, functionAt: 1)
      let failure: String? = runtime.inScope {
        DepsCore.withDependencies {
          overrides.apply(to: &$0)
        } operation: {
          runtime.directScopes.append(
            LuaDirectScope(values: DependencyValues._current, overrides: overrides))
          defer { runtime.directScopes.removeLast() }
          lua_pushvalue(L, 2)
          return runtime.pcall(L, nargs: 0, nresults: clua_multret())
        }
      }
      if let failure { throw .raw(failure) }
      return lua_gettop(L) - 2
    }
  }

  /// `deps.prepare_dependencies(function(d) … end)`: values for the whole state (until
  /// `deps._reset()`), set before first use.
  static let prepareDependencies: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      try LuaStack.checkFunction(L, 1)
      let overrides = try collect(L, runtime, functionAt: 1)
      let recorder = RecordingIssueReporter()
      DependencyValues.$_current.withValue(runtime.base) {
        withIssueReporters([recorder]) {
          DepsCore.prepareDependencies { overrides.apply(to: &$0) }
        }
      }
      let messages = recorder.messages
      if !messages.isEmpty { throw .error(messages.joined(separator: "\n\n")) }
      return 0
    }
  }

  /// `deps.dependency("date.now")`: a function calling the endpoint in the scope current when
  /// it is called (`@Dependency`).
  static let dependency: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let path = try LuaStack.checkString(L, 1)
      let descriptor: EndpointDescriptor
      do throws(BridgeError) {
        descriptor = try DepsLibrary.endpoints.descriptor(path)
      } catch {
        throw .error(error.message)
      }
      guard descriptor.isCallable else {
        throw .error(
          "dependency \"\(descriptor.path)\" cannot be called from Lua (it takes presets: "
            + "\(descriptor.presets.joined(separator: ", ")))")
      }
      LuaStack.push(L, descriptor.path)
      LuaStack.pushFunction(L, runtime, callDependency, extra: 1)
      return 1
    }
  }

  /// The function `deps.dependency` returns: inside a `deps.run` effect it yields until the
  /// (async) endpoint completes; elsewhere it runs it to completion. Returns the output; raises
  /// `dependency "<path>" failed: <message>` when the endpoint throws (a Lua override's message
  /// keeps its `file:line:`), positioned at the caller.
  private static let callDependency: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let path = LuaStack.string(L, clua_upvalueindex(3)) ?? ""
      let input: JSONValue
      do throws(LuaValue.ConversionError) {
        input = lua_gettop(L) == 0 ? .null : try LuaValue.read(L, 1)
      } catch {
        throw .argument(1, error.describe(root: "input"))
      }
      let driver = clua_yieldable(L) != 0 ? runtime.effects[L] : nil
      // An override set by the innermost deps.with_dependencies, called in its scope, runs
      // directly (the same results and errors as the endpoint's call; EndpointInvocation.swift).
      if driver == nil, let direct = runtime.directCall(path) {
        let (result, issues) = LuaIssues.capture { Result { try direct(input) } }
        return try finish(L, path: path, result, issues)
      }
      let descriptor: EndpointDescriptor
      do throws(BridgeError) {
        descriptor = try DepsLibrary.endpoints.descriptor(path)
      } catch {
        throw .error(error.message)
      }
      if let driver {
        driver.pending = .invoke(descriptor, input)
        throw .yield
      }
      let (result, issues) = LuaIssues.capture {
        runtime.inScope { LuaSync.invoke(descriptor, input) }
      }
      return try finish(L, path: descriptor.path, result, issues)
    }
  }
}

extension LuaDependencies {
  /// Pushes an endpoint call's output, or raises its issues or its failure.
  fileprivate static func finish(
    _ L: OpaquePointer, path: String, _ result: Result<JSONValue, any Error>, _ issues: [String]
  ) throws(LuaFailure) -> Int32 {
    if !issues.isEmpty { throw .error(issues.joined(separator: "\n\n")) }
    switch result {
    case .success(let output):
      guard LuaValue.push(L, output) else { throw .error("Lua stack overflow") }
      return 1
    case .failure(let error):
      throw .error(failure(of: path, error))
    }
  }
}

/// A running `deps.with_dependencies` scope: the values it bound and the recipe they were made
/// from, so an endpoint its recipe overrode with a Lua function can be called without the
/// endpoint's async call while that scope is current (docs/performance.md, "The Lua rows").
final class LuaDirectScope {
  /// The values bound (kept alive, so `identity` cannot be reused while the scope runs).
  let values: DependencyValues
  let identity: ObjectIdentifier
  let overrides: DependencyOverrides
  /// `overrides.directCall(for:)` by the path as called (a nil result is kept too), valid
  /// for the registry's `cachedGeneration`.
  private var calls: [String: ForeignFunction?] = [:]
  private var cachedGeneration: UInt64?

  init(values: DependencyValues, overrides: DependencyOverrides) {
    self.values = values
    self.identity = values.scopeIdentity
    self.overrides = overrides
  }

  /// The direct call of the endpoint at `path` (as the caller names it: an alias, a path of
  /// `registry`) in this scope, or nil.
  func call(_ path: String, in registry: EndpointRegistry) -> ForeignFunction? {
    let generation = registry.generation
    if generation != cachedGeneration {
      calls.removeAll()
      cachedGeneration = generation
    }
    if let known = calls[path] { return known }
    let found = (try? registry.descriptor(path)).flatMap { overrides.directCall(for: $0.path) }
    calls[path] = .some(found)
    return found
  }
}

extension LuaRuntime {
  /// The direct call of the endpoint at `path` (as the caller names it), when the scope
  /// current on this thread is the innermost `deps.with_dependencies` scope and its recipe
  /// installed a Lua function there (holding the lock).
  func directCall(_ path: String) -> ForeignFunction? {
    guard let scope = directScopes.last,
      scope.identity == DependencyValues._current.scopeIdentity
    else { return nil }
    return scope.call(path, in: DepsLibrary.endpoints)
  }
}

/// Issues reported by Swift code a Lua call reaches outside any store call (a top-level
/// `deps.dependency(…)()` reaching an unimplemented endpoint): collected and raised as the
/// call's error instead of being printed as runtime warnings. Inside a store call the store's
/// recorder gets them (a TestStore failure, a store error).
enum LuaIssues {
  /// Runs `body`, collecting its issues unless a store is already collecting them.
  static func capture<R>(_ body: () -> R) -> (R, [String]) {
    // `RecordingIssueReporter` is final: comparing the dynamic type is `is` without a cast.
    if IssueReporters.current.contains(where: { type(of: $0) == RecordingIssueReporter.self }) {
      return (body(), [])
    }
    let recorder = RecordingIssueReporter()
    let result = withIssueReporters([recorder], operation: body)
    return (result, recorder.messages.map { LuaFrontWording().issue($0) })
  }
}
