// The fields a Lua table gives to open a store, read and worded in one place: `feature=`,
// `state=`, `context=`, `dependencies=` of deps.Store{…}, deps.TestStore{…} and a deps.explore
// spec (deps.explore_property's store is a deps.TestStore{…} of its spec's fields), and the
// `name=` of deps.feature{…} and deps.register{…}. An error is `bad argument #N to 'f'
// (field 'x': …)`, N the call's argument holding the table.
import CLua
import DepsCore

enum LuaStoreSpec {
  /// The feature named by the field `feature` of the table at `index`: a registered name, or
  /// a table from `deps.feature{}` (its `name`).
  static func feature(_ L: OpaquePointer, tableAt index: Int32, argument: Int32)
    throws(LuaFailure) -> FeatureDescriptor
  {
    let type = LuaStack.rawField(L, index, "feature")
    defer { clua_pop(L, 1) }
    var name = LuaStack.string(L, -1)
    if type == LUA_TTABLE {
      LuaStack.rawField(L, -1, "name")
      name = LuaStack.string(L, -1)
      clua_pop(L, 1)
    }
    guard type == LUA_TSTRING || type == LUA_TTABLE, let name else {
      throw .argument(
        argument, "field 'feature': string expected, got \(LuaStack.typeName(L, -1))")
    }
    do throws(BridgeError) {
      return try DepsLibrary.features.descriptor(name)
    } catch {
      throw .error(error.message)
    }
  }

  /// The optional `state` field of the table at `index`, read with the feature's default
  /// state as hint.
  static func state(
    _ L: OpaquePointer, tableAt index: Int32, argument: Int32, of feature: FeatureDescriptor
  ) throws(LuaFailure) -> JSONValue? {
    let type = LuaStack.rawField(L, index, "state")
    defer { clua_pop(L, 1) }
    if type == LUA_TNIL { return nil }
    guard type == LUA_TTABLE else {
      throw .argument(argument, "field 'state': table expected, got \(LuaStack.typeName(L, -1))")
    }
    do throws(LuaValue.ConversionError) {
      return try LuaValue.read(L, -1, shape: feature.defaultState)
    } catch {
      throw .argument(argument, "field 'state': " + error.describe(root: "state"))
    }
  }

  /// The `context` field of the table at `index` (`"live"`, `"preview"`, `"test"`), nil when
  /// absent.
  static func context(_ L: OpaquePointer, tableAt index: Int32, argument: Int32)
    throws(LuaFailure) -> DependencyContext?
  {
    defer { clua_pop(L, 1) }
    guard LuaStack.rawField(L, index, "context") != LUA_TNIL else { return nil }
    guard let name = LuaStack.string(L, -1), let context = DependencyContext(rawValue: name) else {
      throw .argument(
        argument,
        "field 'context': \"live\", \"preview\" or \"test\" expected, got "
          + (lua_type(L, -1) == LUA_TSTRING
            ? "\"\(LuaStack.string(L, -1) ?? "")\"" : LuaStack.typeName(L, -1)))
    }
    return context
  }

  /// Checks that the `dependencies` field of the table at `index` is a function or absent,
  /// without calling it; true when it is a function.
  @discardableResult
  static func checkDependencies(_ L: OpaquePointer, tableAt index: Int32, argument: Int32)
    throws(LuaFailure) -> Bool
  {
    let type = LuaStack.rawField(L, index, "dependencies")
    defer { clua_pop(L, 1) }
    guard type == LUA_TNIL || type == LUA_TFUNCTION else {
      throw .argument(
        argument, "field 'dependencies': function expected, got \(LuaStack.typeName(L, -1))")
    }
    return type == LUA_TFUNCTION
  }

  /// The overrides the `dependencies` function of the table at `index` sets (none when the
  /// field is absent): the function is called now, once.
  static func overrides(
    _ L: OpaquePointer, _ runtime: LuaRuntime, tableAt index: Int32, argument: Int32
  ) throws(LuaFailure) -> DependencyOverrides {
    guard try checkDependencies(L, tableAt: index, argument: argument) else {
      return DependencyOverrides(registry: DepsLibrary.endpoints)
    }
    LuaStack.rawField(L, index, "dependencies")
    defer { clua_pop(L, 1) }
    return try LuaDependencies.collect(L, runtime, functionAt: lua_gettop(L))
  }

  /// The `name` field of the table at `index` (`deps.feature{}`, `deps.register{}`): a
  /// non-empty string.
  static func name(_ L: OpaquePointer, tableAt index: Int32, argument: Int32)
    throws(LuaFailure) -> String
  {
    defer { clua_pop(L, 1) }
    guard LuaStack.rawField(L, index, "name") == LUA_TSTRING, let name = LuaStack.string(L, -1)
    else {
      throw .argument(
        argument, "field 'name': string expected, got \(LuaStack.typeName(L, -1))")
    }
    guard !name.isEmpty else {
      throw .argument(argument, "field 'name': a non-empty string expected, got \"\"")
    }
    return name
  }
}
