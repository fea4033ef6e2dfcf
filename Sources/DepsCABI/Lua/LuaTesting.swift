// `deps.test(name, fn)` and the hooks depsh's test runner uses (the contract with depsh):
//  - `deps.test(name, [options,] fn)`: when `deps._collecting == true`, appends
//    `{name=, fn=, source=, line=, tags=}` to `deps._tests` (created when missing; `tags` a
//    list of strings from `options.tags`, empty when none); otherwise runs `fn`
//    at once with fresh dependencies, closes the test stores it left open (their unreceived
//    actions / running effects fail the test, as TCA's TestStore at the end of a test) and
//    raises on failure.
//  - `deps._reset()`: fresh dependencies (prepare_dependencies values dropped, a fresh cache of
//    default values, the context of `deps._set_context`), and closes every store and test
//    store still open. Returns nil, or a message listing the leftovers of the test stores it
//    closed (unreceived actions, running effects), so a runner can fail the test that left
//    them.
//  - `deps._set_context("live"|"preview"|"test")` / `deps._context()`: the context of
//    `deps.Store{}` without `context=` (default "live"), also the context top-level
//    `deps.dependency(…)` calls resolve in.
import CLua
import DepsCore

enum LuaTesting {
  /// `deps.test(name, [options,] fn)`; `options.tags`: a list of strings.
  static let test: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let name = try LuaStack.checkString(L, 1)
      var tags: [String] = []
      let hasOptions = lua_type(L, 2) == LUA_TTABLE
      if hasOptions { tags = try testTags(L, options: 2) }
      try LuaStack.checkFunction(L, hasOptions ? 3 : 2)
      if hasOptions { clua_remove(L, 2) }
      lua_settop(L, 2)
      runtime.pushModule(L)
      let module = lua_gettop(L)
      LuaStack.rawField(L, module, "_collecting")
      let collecting = lua_type(L, -1) == LUA_TBOOLEAN && lua_toboolean(L, -1) != 0
      clua_pop(L, 1)
      if collecting {
        if LuaStack.rawField(L, module, "_tests") != LUA_TTABLE {
          clua_pop(L, 1)
          lua_createtable(L, 4, 0)
          lua_pushvalue(L, -1)
          LuaStack.setRawField(L, module, "_tests")
        }
        let tests = lua_gettop(L)
        let location = LuaStack.source(L)
        lua_createtable(L, 0, 4)
        LuaStack.push(L, name)
        LuaStack.setRawField(L, -2, "name")
        lua_pushvalue(L, 2)
        LuaStack.setRawField(L, -2, "fn")
        LuaStack.push(L, location.source)
        LuaStack.setRawField(L, -2, "source")
        lua_pushinteger(L, lua_Integer(location.line))
        LuaStack.setRawField(L, -2, "line")
        lua_createtable(L, Int32(tags.count), 0)
        for (offset, tag) in tags.enumerated() {
          LuaStack.push(L, tag)
          lua_rawseti(L, -2, lua_Integer(offset + 1))
        }
        LuaStack.setRawField(L, -2, "tags")
        lua_rawseti(L, tests, lua_Integer(lua_rawlen(L, tests) + 1))
        return 0
      }
      let saved = runtime.base
      let before = Set(runtime.openStores.keys)
      runtime.base = LuaRuntime.freshBase(context: runtime.defaultContext)
      lua_pushvalue(L, 2)
      let failure = DependencyValues.$_current.withValue(runtime.base) {
        runtime.pcall(L, nargs: 0, nresults: 0)
      }
      let leftovers = runtime.closeStores(except: before)
      runtime.base = saved
      if let failure { throw .raw(failure) }
      if !leftovers.isEmpty {
        throw .error(
          "test \"\(name)\" left a test store open:\n\n"
            + leftovers.joined(separator: "\n\n"))
      }
      return 0
    }
  }

  /// The `tags` of the options table at `index`: absent, or a list of non-empty strings without
  /// commas or spaces (what `depsh test --tags a,b` can name).
  private static func testTags(_ L: OpaquePointer, options index: Int32) throws(LuaFailure)
    -> [String]
  {
    let kind = LuaStack.rawField(L, index, "tags")
    defer { clua_pop(L, 1) }
    if kind == LUA_TNIL { return [] }
    guard kind == LUA_TTABLE else {
      throw .argument(index, "tags must be a list of strings, got a \(LuaStack.typeName(L, -1))")
    }
    var tags: [String] = []
    let count = lua_rawlen(L, -1)
    if count > 0 {
      for position in 1...count {
        defer { clua_pop(L, 1) }
        guard lua_rawgeti(L, -1, lua_Integer(position)) == LUA_TSTRING,
          let tag = LuaStack.string(L, -1)
        else {
          throw .argument(
            index,
            "tags[\(position)] must be a string, got a "
              + LuaStack.typeName(L, -1))
        }
        guard !tag.isEmpty, !tag.contains(","), !tag.contains(where: \.isWhitespace) else {
          throw .argument(
            index,
            "tags[\(position)] must be a word without commas or spaces,"
              + " got \"\(tag)\"")
        }
        tags.append(tag)
      }
    }
    return tags
  }

  /// `deps.end_test()`: ends the current test for a test runner that is not `deps.test`
  /// (busted: `after_each(deps.end_test)`): closes every store still open, resets the
  /// dependencies as `deps._reset()` does, and raises when a test store ended with failures
  /// (unreceived actions, running effects; collected test stores included).
  static let endTest: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      runtime.base = LuaRuntime.freshBase(context: runtime.defaultContext)
      let leftovers = runtime.closeStores()
      LuaTrace.warnUnusedOverrides(L)
      if !leftovers.isEmpty {
        throw .error(leftoversHeading + leftovers.joined(separator: "\n\n"))
      }
      return 0
    }
  }

  /// What precedes the leftovers `deps.end_test` and `deps.checked_it` report.
  static let leftoversHeading = "the test left a test store with failures:\n\n"

  /// The wrapper `deps.checked_it` returns (Lua, so busted's failure objects pass through).
  private static let checkedItSource = """
    local reset, it, heading = ...
    return function(name, fn, ...)
      if type(fn) ~= "function" then return it(name, fn, ...) end
      return it(name, function(...)
        local ok, err = pcall(fn, ...)
        local leftovers = reset()
        if not ok then error(err, 0) end
        if leftovers then error(heading .. leftovers, 0) end
      end, ...)
    end
    """

  /// `deps.checked_it(it)`: busted's `it` wrapped so that every test ends with
  /// `deps.end_test()` inside that test — its test stores' leftovers fail that very test.
  /// In a spec: `local it = deps.checked_it(it)`.
  static let checkedIt: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      try LuaStack.checkFunction(L, 1)
      lua_settop(L, 1)
      guard lua_checkstack(L, 4) != 0 else { throw .error("Lua stack overflow") }
      var source = checkedItSource
      let status = source.withUTF8 { bytes in
        clua_loadbuffer(
          L, UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self),
          bytes.count, "=deps.checked_it")
      }
      guard status == LUA_OK else { throw .raw(LuaStack.errorMessage(L, -1)) }
      LuaStack.pushFunction(L, runtime, reset)
      lua_pushvalue(L, 1)
      LuaStack.push(L, leftoversHeading)
      if let message = runtime.pcall(L, nargs: 3, nresults: 1) { throw .raw(message) }
      return 1
    }
  }

  /// `deps._reset()` → nil, or the leftovers of the test stores it closed.
  static let reset: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      runtime.base = LuaRuntime.freshBase(context: runtime.defaultContext)
      let leftovers = runtime.closeStores()
      if leftovers.isEmpty {
        lua_pushnil(L)
      } else {
        LuaStack.push(L, leftovers.joined(separator: "\n\n"))
      }
      return 1
    }
  }

  /// `deps._set_context(name)`.
  static let setContext: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let name = try LuaStack.checkString(L, 1)
      guard let context = DependencyContext(rawValue: name) else {
        throw .argument(1, "\"live\", \"preview\" or \"test\" expected, got \"\(name)\"")
      }
      runtime.defaultContext = context
      runtime.base.context = context
      return 0
    }
  }

  /// `deps._context()`.
  static let context: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      LuaStack.push(L, runtime.defaultContext.rawValue)
      return 1
    }
  }
}

extension LuaStack {
  /// The chunk (without its `@`) and line of the Lua caller of a module function.
  static func source(_ L: OpaquePointer) -> (source: String, line: Int) {
    var record = lua_Debug()
    guard lua_getstack(L, 1, &record) != 0, lua_getinfo(L, "Sl", &record) != 0,
      let raw = record.source
    else { return ("?", 0) }
    var source = String(cString: raw)
    if source.hasPrefix("@") || source.hasPrefix("=") { source.removeFirst() }
    return (source, Int(record.currentline))
  }
}
