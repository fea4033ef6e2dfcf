// `deps.register{ name = "greeting", live = {hello = f}, preview = {…}, test = {…} }`: a Lua
// `@DependencyEntry` / `DependencyKey`. Each function name `fn` of any context becomes the
// endpoint `greeting.fn` (ForeignEndpoints.swift: resolution, overrides, unimplemented calls —
// shared with C's deps_dependency_register).
// `deps.unimplemented("greeting.hello")` returns such an unimplemented function.
import CLua
import DepsCore

enum LuaRegister {
  /// `deps.register{ name =, live =, preview =, test = }` → the list of paths registered.
  static let register: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      try LuaStack.checkTable(L, 1)
      lua_settop(L, 1)
      let name = try LuaStoreSpec.name(L, tableAt: 1, argument: 1)
      var byName: [String: [DependencyContext: ForeignFunction]] = [:]
      for context in DependencyContext.allCases {
        let type = LuaStack.rawField(L, 1, context.rawValue)
        defer { clua_pop(L, 1) }
        if type == LUA_TNIL { continue }
        guard type == LUA_TTABLE else {
          throw .argument(
            1, "field '\(context.rawValue)': table expected, got \(LuaStack.typeName(L, -1))")
        }
        let table = lua_gettop(L)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
          guard lua_type(L, -2) == LUA_TSTRING, let key = LuaStack.string(L, -2),
            lua_type(L, -1) == LUA_TFUNCTION
          else {
            let got = LuaStack.typeName(L, -1)
            clua_pop(L, 2)
            throw .argument(
              1, "field '\(context.rawValue)': a table of functions expected (got a \(got))")
          }
          let function = LuaRef(popping: L, runtime: runtime)
          byName[key, default: [:]][context] = LuaDependencies.foreign(function)
        }
      }
      guard !byName.isEmpty else {
        throw .argument(1, "no functions given in 'live', 'preview' or 'test'")
      }
      let location = LuaStack.location(L).map { "\($0.file):\($0.line)" } ?? "?"
      let paths = byName.keys.sorted().map { "\(name).\($0)" }
      var byPath: [String: ForeignEndpointDefinition] = [:]
      for (function, implementations) in byName {
        byPath["\(name).\(function)"] = ForeignEndpointDefinition(
          implementations: implementations, location: location)
      }
      do throws(BridgeError) {
        try ForeignEndpoints.define(byPath)
      } catch {
        throw .error(error.message)
      }
      lua_createtable(L, Int32(paths.count), 0)
      for (offset, path) in paths.enumerated() {
        LuaStack.push(L, path)
        lua_rawseti(L, -2, lua_Integer(offset + 1))
      }
      return 1
    }
  }

  /// `deps.unimplemented("greeting.hello")`: a function that reports an issue and fails when
  /// called (as an override, the endpoint then throws).
  static let unimplemented: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let description = try LuaStack.checkString(L, 1)
      let location = LuaStack.location(L).map { "\($0.file):\($0.line)" } ?? "?"
      LuaStack.push(L, description)
      LuaStack.push(L, location)
      LuaStack.pushFunction(L, runtime, callUnimplemented, extra: 2)
      return 1
    }
  }

  private static let callUnimplemented: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let description = LuaStack.string(L, clua_upvalueindex(3)) ?? ""
      let location = LuaStack.string(L, clua_upvalueindex(4))
      let input = (try? LuaValue.read(L, 1)) ?? .null
      let (failure, issues) = LuaIssues.capture { () -> String? in
        do {
          _ = try ForeignEndpoints.unimplementedCall(
            description, definedIn: "deps.unimplemented", at: location, input: input)
          return nil
        } catch {
          return LuaDependencies.describe(error)
        }
      }
      // Outside a store the issue itself is the error; inside, the store reports it.
      throw .error(issues.isEmpty ? failure ?? "Unimplemented" : issues.joined(separator: "\n\n"))
    }
  }
}
