// `deps.register{ name = "greeting", live = {hello = f}, preview = {…}, test = {…} }`: a Lua
// `@DependencyEntry` / `DependencyKey`. Each function name `fn` of any context becomes the
// endpoint `greeting.fn` in the EndpointRegistry, so it is overridden like a Swift one
// (`d.greeting.hello = …`, `deps_overrides_set_endpoint` from C) and called through
// `deps.dependency("greeting.hello")`. Resolution, as swift-dependencies: an override in the
// current scope, else the implementation of the scope's context — `preview` falls back to
// `live` (previewValue defaults to liveValue); a missing `live` or `test` implementation is
// unimplemented (calling it reports an issue and fails).
// `deps.unimplemented("greeting.hello")` returns such an unimplemented function.
import CLua
import DepsCore
import Synchronization

/// The overrides of Lua-registered endpoints in a dependency scope.
struct LuaEndpointOverrides: Sendable {
  var functions: [String: ForeignFunction] = [:]
}

/// The dependency key holding `LuaEndpointOverrides`.
enum LuaEndpointOverridesKey: DependencyKey {
  static let liveValue = LuaEndpointOverrides()
  static let previewValue = LuaEndpointOverrides()
  static let testValue = LuaEndpointOverrides()
}

/// The implementations `deps.register` gave one endpoint.
struct LuaEndpointDefinition: Sendable {
  var implementations: [DependencyContext: ForeignFunction]
  /// `file:line` of the `deps.register` call.
  var location: String
}

enum LuaRegister {
  /// Lua-registered endpoints, by path.
  static let definitions = Mutex<[String: LuaEndpointDefinition]>([:])

  /// `deps.register{ name =, live =, preview =, test = }` → the list of paths registered.
  static let register: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      try LuaStack.checkTable(L, 1)
      lua_settop(L, 1)
      guard LuaStack.rawField(L, 1, "name") == LUA_TSTRING, let name = LuaStack.string(L, -1)
      else {
        throw .argument(1, "field 'name': string expected, got \(LuaStack.typeName(L, -1))")
      }
      guard !name.isEmpty else {
        throw .argument(1, "field 'name': a non-empty string expected, got \"\"")
      }
      clua_pop(L, 1)
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
      let known = Set(EndpointRegistry.shared.all.map(\.path))
      let ours = definitions.withLock { Set($0.keys) }
      if let taken = paths.first(where: { known.contains($0) && !ours.contains($0) }) {
        throw .error(
          "dependency path \"\(taken)\" is already registered (a built-in); choose another name")
      }
      for (function, implementations) in byName {
        let path = "\(name).\(function)"
        definitions.withLock {
          $0[path] = LuaEndpointDefinition(implementations: implementations, location: location)
        }
        registerEndpoint(path, contexts: implementations.keys.sorted { $0.rawValue < $1.rawValue })
      }
      lua_createtable(L, Int32(paths.count), 0)
      for (offset, path) in paths.enumerated() {
        LuaStack.push(L, path)
        lua_rawseti(L, -2, lua_Integer(offset + 1))
      }
      return 1
    }
  }

  private static func registerEndpoint(_ path: String, contexts: [DependencyContext]) {
    EndpointRegistry.shared.register(
      path, input: "any", output: "any", isAsync: false, isThrowing: true, contexts: contexts,
      presets: ["\"unimplemented\""],
      function: { values, foreign in
        values[LuaEndpointOverridesKey.self].functions[path] = foreign
      },
      preset: { values, preset throws(BridgeError) in
        guard case .string("unimplemented") = preset else {
          throw BridgeError(
            .invalid,
            "dependency path \"\(path)\" takes a function or \"unimplemented\", got "
              + preset.json())
        }
        values[LuaEndpointOverridesKey.self].functions[path] = { input in
          try unimplementedCall(path, definedIn: "unimplemented", at: nil, input: input)
        }
      },
      invoke: { input in
        let values = DependencyValues._current
        if let function = values[LuaEndpointOverridesKey.self].functions[path] {
          return try function(input)
        }
        let definition = definitions.withLock { $0[path] }
        let context = values.context
        let implementation =
          definition?.implementations[context]
          ?? (context == .preview ? definition?.implementations[.live] : nil)
        guard let implementation else {
          return try unimplementedCall(
            path, definedIn: "\(context.rawValue)Value", at: definition?.location, input: input)
        }
        return try implementation(input)
      })
  }

  /// Reports `Unimplemented: <description> …` (swift-issue-reporting's text) and throws.
  static func unimplementedCall(
    _ description: String, definedIn function: String, at location: String?, input: Value
  ) throws -> Value {
    var message = "Unimplemented: \(description) …"
    if let location { message += "\n\n  Defined in '\(function)' at:\n    \(location)" }
    message += "\n\n  Invoked with:\n    \(input.json())"
    reportIssue(message)
    throw EndpointError("Unimplemented: \(description)")
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
          _ = try unimplementedCall(
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
