// The Lua side of traces and cassettes:
//   deps.TestStore{…, trace = true, cassette = "nf.json" | {file=, mode=, secrets=, match=}}
//   deps.Store{…, trace = true, cassette = …}
//   store:timeline() / store:timeline("mermaid"), store:trace(), store:unused_overrides(),
//   store:check_deps()
// `depsh test --check-deps` makes every deps.TestStore refuse to open while its feature may
// reach a dependency with neither a test value nor an override.
import CLua
import DepsCore

enum LuaTrace {
  static let storeMethods: [(String, clua_SwiftFunction)] = [
    ("timeline", storeTimeline), ("trace", storeTrace), ("steps", storeSteps),
    ("presets", storePresets),
  ]

  /// `store:presets()`: the presets the store's `dependencies` function set, in order, as
  /// tables {path=, value=}, then those set on the open store (`s.dependencies.path = …`) as
  /// {path=, value=, after=N} — set after N handled actions (`.save` writes them all into the
  /// scenario).
  private static let storePresets: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let box = try LuaStore.open(L).0
      let presets: [(after: Int?, path: String, value: JSONValue)] =
        box.presets.map { (nil, $0.path, $0.value) }
        + box.laterPresets.map { ($0.after, $0.path, $0.value) }
      lua_createtable(L, Int32(presets.count), 0)
      for (offset, preset) in presets.enumerated() {
        lua_createtable(L, 0, 3)
        LuaStack.push(L, preset.path)
        lua_setfield(L, -2, "path")
        guard LuaValue.push(L, preset.value) else { throw .error("Lua stack overflow") }
        lua_setfield(L, -2, "value")
        if let after = preset.after {
          lua_pushinteger(L, lua_Integer(after))
          lua_setfield(L, -2, "after")
        }
        lua_rawseti(L, -2, lua_Integer(offset + 1))
      }
      return 1
    }
  }

  /// `s.dependencies` of an open `deps.Store`: a proxy whose assignments apply at once (later
  /// actions and their effects see them); the presets among them are kept for `.save`.
  static func pushOpenStoreDependencies(_ L: OpaquePointer, _ box: LuaStoreBox) throws(LuaFailure) {
    guard box.store != nil else { throw .error("attempt to use a closed deps.Store") }
    let sink = LuaOverridesSink { [weak box] change throws(LuaFailure) in
      guard let box, let store = box.store else {
        throw .error("attempt to use a closed deps.Store")
      }
      store.applyOverrides(change)
      for preset in change.presets {
        box.laterPresets.append((box.handledCount, preset.path, preset.value))
      }
    }
    LuaDependencies.pushProxy(L, sink: sink, path: "")
  }

  /// `store:steps()`: the trace's steps as tables {kind=, name=, arguments=, outcome=, layer=}
  /// (the call's arguments and outcome as JSON text; `outcome` starts with `error: ` for an
  /// error; `layer` what supplied a call or read: `live`, `preview`, `override`, `seed N`, …;
  /// a call's `replayable` says whether a cassette can replay it — not `uuid`, `date.now`).
  private static let storeSteps: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      guard let trace = try LuaStore.open(L).1.trace else {
        throw .error("this store has no trace (open it with trace = true or a cassette)")
      }
      let events = trace.events
      lua_createtable(L, Int32(events.count), 0)
      for (offset, event) in events.enumerated() {
        lua_createtable(L, 0, 4)
        LuaStack.push(L, event.kind.rawValue)
        lua_setfield(L, -2, "kind")
        LuaStack.push(L, event.name)
        lua_setfield(L, -2, "name")
        if let arguments = event.arguments {
          LuaStack.push(L, arguments)
          lua_setfield(L, -2, "arguments")
        }
        if let outcome = event.outcome {
          LuaStack.push(L, outcome)
          lua_setfield(L, -2, "outcome")
        }
        if let layer = event.layer {
          LuaStack.push(L, layer)
          lua_setfield(L, -2, "layer")
        }
        if event.kind == .call {
          let replayable =
            (try? DepsLibrary.endpoints.descriptor(event.name))?.isReplayable ?? false
          lua_pushboolean(L, replayable ? 1 : 0)
          lua_setfield(L, -2, "replayable")
        }
        lua_rawseti(L, -2, lua_Integer(offset + 1))
      }
      return 1
    }
  }

  static let testStoreMethods: [(String, clua_SwiftFunction)] = [
    ("timeline", testStoreTimeline), ("trace", testStoreTrace),
    ("unused_overrides", unusedOverrides), ("check_deps", checkDeps),
  ]

  /// The recorder asked for by the fields `trace` and `cassette` of the table at `index`.
  static func recorder(_ L: OpaquePointer, tableAt index: Int32) throws(LuaFailure)
    -> DependencyTrace?
  {
    var wantsTrace = false
    if LuaStack.rawField(L, index, "trace") != LUA_TNIL {
      guard lua_type(L, -1) == LUA_TBOOLEAN else {
        throw .argument(1, "field 'trace': boolean expected, got \(LuaStack.typeName(L, -1))")
      }
      wantsTrace = lua_toboolean(L, -1) != 0
    }
    clua_pop(L, 1)
    var cassette: Cassette?
    if LuaStack.rawField(L, index, "cassette") != LUA_TNIL {
      let field: JSONValue
      do throws(LuaValue.ConversionError) {
        field = try LuaValue.read(L, -1)
      } catch {
        throw .argument(1, error.describe(root: "cassette"))
      }
      do throws(CassetteError) {
        cassette = try CassetteOptions.cassette(from: field)
      } catch {
        throw .argument(1, "field 'cassette': \(error.message)")
      }
    }
    clua_pop(L, 1)
    var strict = false
    if LuaStack.rawField(L, index, "strict_overrides") != LUA_TNIL {
      guard lua_type(L, -1) == LUA_TBOOLEAN else {
        throw .argument(
          1, "field 'strict_overrides': boolean expected, got \(LuaStack.typeName(L, -1))")
      }
      strict = lua_toboolean(L, -1) != 0
    }
    clua_pop(L, 1)
    guard wantsTrace || cassette != nil else {
      return strict ? DependencyTrace(watchingOverrides: true) : nil
    }
    return DependencyTrace(cassette: cassette, strictOverrides: strict)
  }

  /// Raises (under `depsh test --check-deps`) when the feature may reach uncovered endpoints.
  static func checkBeforeOpening(_ feature: FeatureDescriptor, _ overrides: DependencyOverrides)
    throws(LuaFailure)
  {
    guard DependencyCheck.checksOnOpen else { return }
    let coverage = feature.dependencyCoverage(
      overridden: Set(overrides.overriddenPaths), registry: DepsLibrary.endpoints,
      features: DepsLibrary.features)
    if let message = feature.checkMessage(coverage) { throw .error(message) }
  }

  private static func pushTimeline(_ L: OpaquePointer, _ trace: DependencyTrace?)
    throws(LuaFailure) -> Int32
  {
    guard let trace else {
      throw .error("this store has no trace (open it with trace = true or a cassette)")
    }
    switch LuaStack.string(L, 2) {
    case nil where lua_type(L, 2) <= LUA_TNIL, "text"?:
      LuaStack.push(L, trace.timelineText())
    case "mermaid"?:
      LuaStack.push(L, trace.timelineMermaid())
    default:
      throw .argument(2, "\"text\" or \"mermaid\" expected")
    }
    return 1
  }

  private static let storeTimeline: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      try pushTimeline(L, try LuaStore.open(L).1.trace)
    }
  }

  private static let testStoreTimeline: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      try pushTimeline(L, try LuaTestStore.open(L).1.trace)
    }
  }

  private static let storeTrace: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      guard let trace = try LuaStore.open(L).1.trace else {
        throw .error("this store has no trace (open it with trace = true or a cassette)")
      }
      LuaStack.push(L, trace.accessText())
      return 1
    }
  }

  private static let testStoreTrace: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      guard let trace = try LuaTestStore.open(L).1.trace else {
        throw .error("this store has no trace (open it with trace = true or a cassette)")
      }
      LuaStack.push(L, trace.accessText())
      return 1
    }
  }

  private static func pushStrings(_ L: OpaquePointer, _ strings: [String]) {
    lua_createtable(L, Int32(strings.count), 0)
    for (offset, string) in strings.enumerated() {
      LuaStack.push(L, string)
      lua_rawseti(L, -2, lua_Integer(offset + 1))
    }
  }

  /// `store:unused_overrides()`: every test store with overrides watches them (no trace
  /// needed); a store without any has none.
  private static let unusedOverrides: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      pushStrings(L, try LuaTestStore.open(L).1.overridesTrace?.unusedOverrideMessages ?? [])
      return 1
    }
  }

  /// `deps.end_test()`: the notes of unused overrides the test's stores left, given to Lua's
  /// `warn` (shown by `lua -W` or after `warn("@on")`).
  static func warnUnusedOverrides(_ L: OpaquePointer) {
    for note in UnusedOverrides.takeNotes() { lua_warning(L, "note: \(note)", 0) }
  }

  /// `store:check_deps()`: the uncovered dependency paths of the feature and its declared
  /// children, then the declared children that are not registered (two lists).
  private static let checkDeps: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let (box, store) = try LuaTestStore.open(L)
      let coverage = store.feature.dependencyCoverage(
        overridden: Set(box.overriddenPaths), registry: DepsLibrary.endpoints,
        features: DepsLibrary.features)
      pushStrings(L, coverage.uncovered)
      pushStrings(L, coverage.unknownChildren)
      return 2
    }
  }

  /// `deps._state_mismatch()`: the number of the last state mismatch of a test store (0: none),
  /// then its expected state before the assertion, its actual state and whether the store was
  /// exhaustive — only while `depsh test --update` records them.
  static let stateMismatch: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      guard let last = ExpectedStateUpdates.last else {
        lua_pushinteger(L, 0)
        return 1
      }
      lua_pushinteger(L, lua_Integer(last.serial))
      guard LuaValue.push(L, last.before), LuaValue.push(L, last.actual) else {
        throw .error("Lua stack overflow")
      }
      lua_pushboolean(L, last.exhaustive ? 1 : 0)
      return 4
    }
  }
}
