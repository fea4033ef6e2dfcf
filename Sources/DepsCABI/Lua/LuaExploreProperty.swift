// `deps.explore_property(path, name)`: a property of a spec file, loaded back for a repro that
// `depsh test --repro DIR` wrote. Loading runs the spec file's top level with its tests
// collected aside (so its features and registered dependencies are defined, and nothing runs),
// then returns `{name=, feature=, spec=, store=, check=}`:
//  - `property:store{state=, order=}`: a `deps.TestStore` opened as the property's runs open
//    theirs (its feature, its dependencies), its effects run in the recorded `order`;
//  - `property.check(state, action, payload)`: the property's invariants, raising the first
//    failure (`invariant failed: …`) at the caller.
import CLua
import ComposableArchitecture
import DepsCore

extension LuaExplore {
  /// `deps.explore_property(path, name)`.
  static let property: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let path = try LuaStack.checkString(L, 1)
      let name = try LuaStack.checkString(L, 2)
      lua_settop(L, 2)
      guard lua_checkstack(L, 12) != 0 else { throw .error("Lua stack overflow") }
      runtime.pushModule(L)
      let module: Int32 = 3
      LuaStack.rawField(L, module, "_collecting")
      LuaStack.rawField(L, module, "_tests")
      lua_pushboolean(L, 1)
      LuaStack.setRawField(L, module, "_collecting")
      lua_createtable(L, 4, 0)
      let tests: Int32 = 6
      lua_pushvalue(L, tests)
      LuaStack.setRawField(L, module, "_tests")
      // The spec file's directory goes first on package.path and package.cpath while it loads
      // (as `depsh test` runs it), so what it requires next to it is found.
      let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
      let searchPaths = pushSearchPaths(L, prefix: directory)
      func restore() {
        lua_pushvalue(L, 4)
        LuaStack.setRawField(L, module, "_collecting")
        lua_pushvalue(L, 5)
        LuaStack.setRawField(L, module, "_tests")
        restoreSearchPaths(L, searchPaths)
      }
      guard luaL_loadfilex(L, path, nil) == LUA_OK else {
        let message = LuaStack.errorMessage(L, -1)
        restore()
        throw .error("deps.explore_property: cannot load the spec file: \(message)")
      }
      if let message = runtime.pcall(L, nargs: 0, nresults: 0) {
        restore()
        throw .error("deps.explore_property: the spec file \(path) failed: \(message)")
      }
      restore()
      var names: [String] = []
      var spec: Int32?
      for position in 0..<lua_rawlen(L, tests) {
        lua_rawgeti(L, tests, lua_Integer(position + 1))
        let entry = lua_gettop(L)
        LuaStack.rawField(L, entry, "name")
        let entryName = LuaStack.string(L, -1)
        clua_pop(L, 1)
        if LuaStack.rawField(L, entry, "explore") == LUA_TTABLE, let entryName {
          names.append(entryName)
          if entryName == name {
            spec = lua_gettop(L)
            break
          }
        }
        lua_settop(L, entry - 1)
      }
      guard let spec else {
        throw .error(
          "deps.explore_property: \(path) has no deps.explore named \"\(name)\""
            + (names.isEmpty
              ? " (it has none)"
              : " (it has \"" + names.joined(separator: "\", \"")
                + "\")"))
      }
      let descriptor = try LuaStoreSpec.feature(L, tableAt: spec, argument: spec)
      lua_createtable(L, 0, 5)
      let property = lua_gettop(L)
      LuaStack.push(L, name)
      LuaStack.setRawField(L, property, "name")
      LuaStack.push(L, descriptor.name)
      LuaStack.setRawField(L, property, "feature")
      lua_pushvalue(L, spec)
      LuaStack.setRawField(L, property, "spec")
      lua_pushvalue(L, spec)
      LuaStack.pushFunction(L, runtime, propertyCheck, extra: 1)
      LuaStack.setRawField(L, property, "check")
      lua_pushvalue(L, spec)
      LuaStack.pushFunction(L, runtime, propertyStore, extra: 1)
      LuaStack.setRawField(L, property, "store")
      return 1
    }
  }

  /// Puts `prefix/?.lua;prefix/?/init.lua;` before package.path and `prefix/?.so;` before
  /// package.cpath; returns the old values.
  private static func pushSearchPaths(_ L: OpaquePointer, prefix: String) -> (String, String)? {
    defer { clua_pop(L, 1) }
    guard lua_getglobal(L, "package") == LUA_TTABLE else { return nil }
    LuaStack.rawField(L, -1, "path")
    let path = LuaStack.string(L, -1) ?? ""
    LuaStack.rawField(L, -2, "cpath")
    let cpath = LuaStack.string(L, -1) ?? ""
    clua_pop(L, 2)
    LuaStack.push(L, "\(prefix)/?.lua;\(prefix)/?/init.lua;" + path)
    LuaStack.setRawField(L, -2, "path")
    LuaStack.push(L, "\(prefix)/?.so;" + cpath)
    LuaStack.setRawField(L, -2, "cpath")
    return (path, cpath)
  }

  private static func restoreSearchPaths(_ L: OpaquePointer, _ saved: (String, String)?) {
    guard let (path, cpath) = saved else { return }
    defer { clua_pop(L, 1) }
    guard lua_getglobal(L, "package") == LUA_TTABLE else { return }
    LuaStack.push(L, path)
    LuaStack.setRawField(L, -2, "path")
    LuaStack.push(L, cpath)
    LuaStack.setRawField(L, -2, "cpath")
  }

  /// `property.check(state, action, payload)` (upvalue 3: the spec).
  private static let propertyCheck: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      try LuaStack.checkTable(L, 1)
      let action = try LuaStack.checkString(L, 2)
      lua_settop(L, 3)
      let state: JSONValue
      let payload: JSONValue
      do throws(LuaValue.ConversionError) {
        state = try LuaValue.read(L, 1)
        payload = try LuaValue.read(L, 3)
      } catch {
        throw .argument(1, error.describe(root: "value"))
      }
      lua_pushvalue(L, clua_upvalueindex(3))
      let spec = lua_gettop(L)
      let count = pushInvariants(L, specAt: spec)
      if let failure = try checkInvariants(
        L, runtime, base: spec + 1, count: count, state: state, action: action, payload: payload)
      {
        throw .error(failure.message)
      }
      return 0
    }
  }

  /// `property:store{state=, order=}` (upvalue 3: the spec).
  private static let propertyStore: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      lua_settop(L, 2)
      guard lua_checkstack(L, 8) != 0 else { throw .error("Lua stack overflow") }
      let hasOptions = lua_type(L, 2) == LUA_TTABLE
      guard hasOptions || lua_type(L, 2) == LUA_TNIL else {
        throw LuaStack.typeError(L, 2, expected: "table")
      }
      var order: [UInt64] = []
      if hasOptions, LuaStack.rawField(L, 2, "order") == LUA_TTABLE {
        for position in 0..<lua_rawlen(L, -1) {
          lua_rawgeti(L, -1, lua_Integer(position + 1))
          var isInteger: Int32 = 0
          let value = clua_tointegerx(L, -1, &isInteger)
          clua_pop(L, 1)
          guard isInteger != 0, value >= 0 else {
            throw .argument(2, "field 'order': a list of whole numbers expected")
          }
          order.append(UInt64(value))
        }
      }
      lua_settop(L, 2)
      lua_pushvalue(L, clua_upvalueindex(3))
      let spec: Int32 = 3
      LuaStack.pushFunction(L, runtime, LuaTestStore.new)
      lua_createtable(L, 0, 3)
      for field in ["feature", "dependencies"] {
        LuaStack.rawField(L, spec, field)
        LuaStack.setRawField(L, -2, field)
      }
      if !hasOptions || LuaStack.rawField(L, 2, "state") == LUA_TNIL {
        if hasOptions { clua_pop(L, 1) }
        LuaStack.rawField(L, spec, "state")
      }
      LuaStack.setRawField(L, -2, "state")
      if let message = runtime.pcall(L, nargs: 1, nresults: 1) { throw .raw(message) }
      if !order.isEmpty {
        let box = try LuaUserdata.object(
          L, -1, metatable: LuaTestStore.metatable, as: LuaTestStoreBox.self)
        if let store = box.store as? any ExplorableTestStore {
          store.explorer().setStandingOrder(ExploreChoices(replaying: order))
          store.exhaustivity = .on
        }
      }
      return 1
    }
  }
}
