// `deps.feature{ name=, state=, reduce=function(state, action, payload) … end, actions={…} }`:
// a reducer written in Lua, registered in the FeatureRegistry so it runs on the same
// Store/TestStore as the Swift features (and opens from C). State is a `JSONValue`; an action is a
// name and a payload (`"greet"` / `{"greet": payload}` as JSON). `reduce` changes `state` in
// place and returns nil or effects (`deps.run(…)`, `deps.cancel(id)`, or a list of them).
// A Lua error in `reduce` is reported as an issue (a TestStore failure, a store error) and
// leaves the state unchanged.
import CLua
import DepsCore
import Synchronization

/// A Lua feature's action: a case name and a payload (`.null` when none).
struct LuaAction: Sendable, Equatable, CustomReflectable, CustomStringConvertible {
  let name: String
  let payload: JSONValue

  /// Reflects as the enum case it stands for, so TestStore messages and diffs show
  /// `"greet"` / `{"greeted": "Hi"}` like a Swift action.
  var customMirror: Mirror {
    payload.isNull
      ? Mirror(self, children: [], displayStyle: .enum)
      : Mirror(self, children: [(label: name, value: payload)], displayStyle: .enum)
  }

  var description: String { name }
}

/// The reducer of a Lua feature.
struct LuaReducer: Reducer {
  typealias State = JSONValue
  typealias Action = LuaAction

  let feature: String
  let reduce: LuaRef
  /// The declared state: the shape of empty tables (LuaValue.swift).
  let shape: JSONValue

  func reduce(into state: inout JSONValue, action: LuaAction) -> Effect<LuaAction> {
    let runtime = reduce.runtime
    let before = state
    let outcome: Result<(JSONValue, Effect<LuaAction>), EndpointError>? = runtime.withState { L in
      let top = lua_gettop(L)
      defer { lua_settop(L, top) }
      guard lua_checkstack(L, 6) != 0, LuaValue.push(L, before) else {
        return .failure(EndpointError("Lua stack overflow"))
      }
      let table = lua_gettop(L)
      reduce.push(L)
      lua_pushvalue(L, table)
      LuaStack.push(L, action.name)
      LuaValue.push(L, action.payload)
      if let message = runtime.pcall(L, nargs: 3, nresults: 1) {
        return .failure(EndpointError(message))
      }
      let effect: Effect<LuaAction>
      do throws(EndpointError) {
        effect = try LuaEffect.effect(L, at: -1, runtime: runtime, action: action.name)
      } catch {
        return .failure(error)
      }
      do throws(LuaValue.ConversionError) {
        return .success((try LuaValue.read(L, table, hint: before, shape: shape), effect))
      } catch {
        return .failure(EndpointError(error.describe(root: "state")))
      }
    }
    switch outcome {
    case .success(let (next, effect))?:
      state = next
      return effect
    case .failure(let error)?:
      reportIssue(
        "deps.feature \"\(feature)\": reduce failed for action \"\(action.name)\": "
          + error.message)
      return .none
    case nil:
      reportIssue(
        "deps.feature \"\(feature)\": the Lua state that defined it was closed")
      return .none
    }
  }
}

enum LuaFeature {
  /// Names registered by `deps.feature` (they may be redefined; Swift features may not).
  static let names = Mutex<Set<String>>([])

  static let codec = makeCodec(types: [:])

  /// The codec of a Lua feature; `types` maps action names to declared payload types.
  static func makeCodec(types: [String: String]) -> FeatureCodec<JSONValue, LuaAction> {
    FeatureCodec<JSONValue, LuaAction>(
      encodeState: { $0 },
      decodeState: { value throws(BridgeError) in
        guard case .object = value else {
          throw BridgeError(
            .decode, "expected the state as an object, got \(value.json())")
        }
        return value
      },
      encodeAction: { LuaValue.join(name: $0.name, payload: $0.payload) },
      decodeAction: { value throws(BridgeError) in
        let action: LuaAction
        switch value {
        case .string(let name): action = LuaAction(name: name, payload: .null)
        case .object(let object) where object.count == 1:
          let (name, payload) = LuaValue.split(action: value)
          action = LuaAction(name: name, payload: payload)
        default:
          throw BridgeError(
            .decode,
            "expected an action (a case name string or a one-key object), got \(value.json())")
        }
        if let type = types[action.name] {
          try checkPayload(action.payload, type: type, at: action.name)
        }
        return action
      })
  }

  /// `deps.feature{…}` → the feature's catalogue entry (a table with `name`, usable as
  /// `deps.TestStore{feature = <it>}`).
  static let define: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      try LuaStack.checkTable(L, 1)
      lua_settop(L, 1)
      let name = try LuaStoreSpec.name(L, tableAt: 1, argument: 1)
      let registered = DepsLibrary.features.all.contains { $0.name == name }
      if registered && !names.withLock({ $0.contains(name) }) {
        throw .error(
          "feature \"\(name)\" is already defined (a built-in feature); choose another name")
      }
      guard LuaStack.rawField(L, 1, "reduce") == LUA_TFUNCTION else {
        throw .argument(1, "field 'reduce': function expected, got \(LuaStack.typeName(L, -1))")
      }
      let reduce = LuaRef(popping: L, runtime: runtime)
      var state = JSONValue.object(ValueObject())
      let stateType = LuaStack.rawField(L, 1, "state")
      let declaresState = stateType != LUA_TNIL
      if stateType != LUA_TNIL {
        guard stateType == LUA_TTABLE else {
          throw .argument(1, "field 'state': table expected, got \(LuaStack.typeName(L, -1))")
        }
        do throws(LuaValue.ConversionError) {
          state = LuaValue.declared(try LuaValue.read(L, -1, hint: .object(ValueObject())))
        } catch {
          throw .argument(1, "field 'state': " + error.describe(root: "state"))
        }
        guard case .object = state else {
          throw .argument(1, "field 'state': a table with string keys expected")
        }
      }
      clua_pop(L, 1)
      let actions = try actionSchema(L)
      let dependencies = try stringList(L, field: "dependencies")
      let children = try stringList(L, field: "children")
      var summary = "A feature defined in Lua."
      if LuaStack.rawField(L, 1, "summary") != LUA_TNIL {
        guard let text = LuaStack.string(L, -1) else {
          throw .argument(1, "field 'summary': string expected, got \(LuaStack.typeName(L, -1))")
        }
        summary = text
      } else if let (file, line) = LuaStack.location(L) {
        summary = "A feature defined in Lua at \(file):\(line)."
      }
      clua_pop(L, 1)
      names.withLock { _ = $0.insert(name) }
      DepsLibrary.features.register(
        name: name, summary: summary, actions: actions, dependencies: dependencies,
        children: children, initialState: state, codec: codec(checking: actions, feature: name),
        checksStateKeys: declaresState,
        reducer: { [state] in LuaReducer(feature: name, reduce: reduce, shape: state) })
      let entry = (try? DepsLibrary.features.descriptor(name))?.catalogueValue ?? .null
      guard LuaValue.push(L, entry) else { throw .error("Lua stack overflow") }
      return 1
    }
  }

  /// The payload types an action schema may name (`actions = { greet = "string" }`).
  static let payloadTypes = [
    "none", "any", "string", "number", "integer", "boolean", "object", "array",
  ]

  /// The optional `actions` field of the table at 1: a list of names (each takes any
  /// payload) and/or `name = "<payload type>"` entries (`"none"`: no payload).
  private static func actionSchema(_ L: OpaquePointer) throws(LuaFailure) -> [ActionDescriptor] {
    var actions = try stringList(L, field: "actions").map { ActionDescriptor($0, payload: "any") }
    defer { clua_pop(L, 1) }
    guard LuaStack.rawField(L, 1, "actions") == LUA_TTABLE else { return actions }
    var typed: [(String, String)] = []
    lua_pushnil(L)
    while lua_next(L, -2) != 0 {
      defer { clua_pop(L, 1) }
      guard lua_type(L, -2) == LUA_TSTRING, let name = LuaStack.string(L, -2) else { continue }
      guard lua_type(L, -1) == LUA_TSTRING, let type = LuaStack.string(L, -1),
        payloadTypes.contains(type)
      else {
        throw .argument(
          1,
          "field 'actions': the payload type of \"\(name)\" must be one of "
            + payloadTypes.map { "\"\($0)\"" }.joined(separator: ", "))
      }
      typed.append((name, type))
    }
    for (name, type) in typed.sorted(by: { $0.0 < $1.0 }) {
      actions.removeAll { $0.name == name }
      actions.append(ActionDescriptor(name, payload: type == "none" ? nil : type))
    }
    return actions
  }

  /// The codec of a Lua feature whose actions declare payload types: a payload of the wrong
  /// type (or a missing one) is refused before anything runs, as for a built-in feature.
  static func codec(checking actions: [ActionDescriptor], feature: String)
    -> FeatureCodec<JSONValue, LuaAction>
  {
    var types: [String: String] = [:]
    for action in actions { if let payload = action.payload { types[action.name] = payload } }
    return makeCodec(types: types)
  }

  private static func checkPayload(_ payload: JSONValue, type: String, at name: String)
    throws(BridgeError)
  {
    let matches: Bool
    let noun: String
    switch type {
    case "string":
      noun = "a string"
      if case .string = payload { matches = true } else { matches = false }
    case "integer":
      noun = "an integer"
      if case .int = payload { matches = true } else { matches = false }
    case "number":
      noun = "a number"
      switch payload {
      case .int, .double: matches = true
      default: matches = false
      }
    case "boolean":
      noun = "a boolean"
      if case .bool = payload { matches = true } else { matches = false }
    case "object":
      noun = "an object"
      if case .object = payload { matches = true } else { matches = false }
    case "array":
      noun = "an array"
      if case .array = payload { matches = true } else { matches = false }
    default:
      return
    }
    if matches { return }
    if payload.isNull { throw BridgeError(.decode, "missing payload at \(name)") }
    var text = payload.json()
    if text.count > 60 { text = String(text.prefix(59)) + "…" }
    throw BridgeError(.decode, "expected \(noun) at \(name), got \(text)")
  }

  /// The strings of the optional list field `field` of the table at 1 (strings, or tables
  /// with a `name`).
  private static func stringList(_ L: OpaquePointer, field: String) throws(LuaFailure)
    -> [String]
  {
    defer { clua_pop(L, 1) }
    let type = LuaStack.rawField(L, 1, field)
    if type == LUA_TNIL { return [] }
    guard type == LUA_TTABLE else {
      throw .argument(1, "field '\(field)': table expected, got \(LuaStack.typeName(L, -1))")
    }
    let count = lua_rawlen(L, -1)
    var result: [String] = []
    for position in 0..<count {
      lua_rawgeti(L, -1, lua_Integer(position + 1))
      defer { clua_pop(L, 1) }
      if lua_type(L, -1) == LUA_TSTRING, let text = LuaStack.string(L, -1) {
        result.append(text)
      } else if lua_type(L, -1) == LUA_TTABLE, LuaStack.rawField(L, -1, "name") == LUA_TSTRING,
        let text = LuaStack.string(L, -1)
      {
        clua_pop(L, 1)
        result.append(text)
      } else {
        throw .argument(1, "field '\(field)': a list of strings expected")
      }
    }
    return result
  }
}
