// `deps.explore(name, spec)` and `deps.gen` (docs/explore.md): generated action sequences run
// through a test store of the feature, checked by invariants after every step, the first
// failing run shrunk and reported. In a scenario file run by `depsh test` (`deps._collecting`)
// a property is one test, like `deps.test`; called directly it runs at once, returning the
// passing report or raising the falsified one.
//
// Hooks depsh sets on the module (the contract with depsh, like LuaTesting.swift's):
//  - `deps._explore_seed`: the seed of every exploration without a `seed` field of its own
//    (`depsh test --seed S`); else a seed from the time — always printed in the report;
//  - `deps._explore_report(name, text)`: told the report of a property that held;
//  - `deps._explore_repro(info)`: told a falsified property (`depsh test --repro DIR`), returns
//    the path of the repro it wrote (the report names it).
// `deps.explore_property(path, name)` loads a spec file's property back (a repro's first line).
import CLua
import ComposableArchitecture
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

/// A generator userdata (`deps.Generator`).
final class LuaGeneratorBox {
  let generator: JSONGen
  init(_ generator: JSONGen) { self.generator = generator }
}

/// A property as its spec table describes it (the Lua functions stay in the table).
struct LuaExploreSpec {
  var descriptor: FeatureDescriptor
  var state: JSONValue?
  var actions: [(name: String, generator: JSONGen)]
  var advance: JSONGen?
  var steps: Int
  var runs: Int
  var seed: UInt64?
  var invariants: Int
}

/// One step of a falsified run replayed with everything recorded.
struct LuaExploreRecordedStep {
  var name: String
  var payload: JSONValue
  var advance: Double?
  var step: ExploreBridgedStep
  var state: JSONValue
}

enum LuaExplore {
  static let generatorMetatable = LuaMetatable("deps.Generator")

  static func register(_ L: OpaquePointer, _ runtime: LuaRuntime) {
    LuaUserdata.registerMetatable(
      L, runtime, name: generatorMetatable, methods: [], index: generatorIndex,
      metamethods: [("__gc", collectGenerator), ("__tostring", generatorString)])
  }

  /// The functions of `deps.gen`.
  static let generatorFunctions: [(String, clua_SwiftFunction)] = [
    ("integer", integer), ("number", number), ("string", string), ("boolean", boolean),
    ("one_of", oneOf), ("constant", constant), ("none", none), ("table", table), ("list", list),
  ]

  /// Pushes the `deps.gen` table.
  static func pushGeneratorTable(_ L: OpaquePointer, _ runtime: LuaRuntime) {
    lua_createtable(L, 0, Int32(generatorFunctions.count))
    for (name, function) in generatorFunctions {
      LuaStack.pushFunction(L, runtime, function)
      LuaStack.setRawField(L, -2, name)
    }
  }

  private static func push(_ L: OpaquePointer, _ generator: JSONGen) -> Int32 {
    LuaUserdata.push(L, LuaGeneratorBox(generator), metatable: generatorMetatable)
    return 1
  }

  // MARK: deps.gen

  /// The defaults of the generators that may be named without a call (`deps.gen.boolean`).
  private static let defaults: [(String, JSONGen)] = [
    ("integer", .integer(-100, 100)), ("number", .number(-100, 100)),
    ("string", .string(max: 8, alphabet: JSONGen.letters)), ("boolean", .boolean),
    ("none", .none),
  ]

  /// `deps.gen.integer(lo, hi)` (default -100, 100).
  static let integer: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let lo = try integerArgument(L, 1, default: -100)
      let hi = try integerArgument(L, 2, default: 100)
      guard lo <= hi else {
        throw .argument(2, "the upper bound \(hi) is below the lower bound \(lo)")
      }
      return push(L, .integer(lo, hi))
    }
  }

  /// `deps.gen.number(lo, hi)` (default -100, 100).
  static let number: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let lo = try LuaStack.optionalNumber(L, 1) ?? -100
      let hi = try LuaStack.optionalNumber(L, 2) ?? 100
      guard lo.isFinite, hi.isFinite, abs(lo) < 1e15, abs(hi) < 1e15 else {
        let bad = lo.isFinite && abs(lo) < 1e15 ? hi : lo
        throw .argument(
          lo.isFinite && abs(lo) < 1e15 ? 2 : 1,
          "a finite bound below 1e15 in size expected, got \(bad)")
      }
      guard (lo * 1000).rounded(.up) <= (hi * 1000).rounded(.down) else {
        throw .argument(2, "the range \(lo) … \(hi) holds no number (to three decimals)")
      }
      return push(L, .number(lo, hi))
    }
  }

  /// `deps.gen.string(max, alphabet)` (default 8 characters of letters, digits and space).
  static let string: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let max = try integerArgument(L, 1, default: 8)
      guard (0...10_000).contains(max) else {
        throw .argument(1, "a length from 0 to 10000 expected, got \(max)")
      }
      var alphabet = JSONGen.letters
      if clua_isnoneornil(L, 2) == 0 {
        alphabet = Array(try LuaStack.checkString(L, 2))
        guard !alphabet.isEmpty else { throw .argument(2, "a non-empty alphabet expected") }
      }
      return push(L, .string(max: max, alphabet: alphabet))
    }
  }

  /// `deps.gen.boolean`.
  static let boolean: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in push(L, .boolean) }
  }

  /// `deps.gen.none`: no payload.
  static let none: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in push(L, .none) }
  }

  /// `deps.gen.constant(v)`.
  static let constant: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      do throws(LuaValue.ConversionError) {
        return push(L, .constant(try LuaValue.read(L, 1)))
      } catch {
        throw .argument(1, error.describe(root: "value"))
      }
    }
  }

  /// `deps.gen.one_of{a, b, …}`: generators or plain values; the first is the simplest.
  static let oneOf: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      try LuaStack.checkTable(L, 1)
      let count = lua_rawlen(L, 1)
      guard count > 0 else { throw .argument(1, "a non-empty list of alternatives expected") }
      var alternatives: [JSONGen] = []
      for position in 1...count {
        lua_rawgeti(L, 1, lua_Integer(position))
        defer { clua_pop(L, 1) }
        alternatives.append(try generator(L, lua_gettop(L), argument: 1, at: "[\(position)]"))
      }
      return push(L, .oneOf(alternatives))
    }
  }

  /// `deps.gen.table{key = gen, …}`: an object (fields drawn in key order).
  static let table: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      try LuaStack.checkTable(L, 1)
      var fields: [(String, JSONGen)] = []
      lua_pushnil(L)
      while lua_next(L, 1) != 0 {
        defer { clua_pop(L, 1) }
        guard lua_type(L, -2) == LUA_TSTRING, let key = LuaStack.string(L, -2) else {
          throw .argument(
            1,
            "the keys of a deps.gen.table must be strings, got a "
              + LuaStack.typeName(L, -2))
        }
        fields.append((key, try generator(L, lua_gettop(L), argument: 1, at: ".\(key)")))
      }
      return push(L, .table(fields.sorted { $0.0 < $1.0 }))
    }
  }

  /// `deps.gen.list(gen, max)` (default at most 5 elements).
  static let list: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      guard clua_isnoneornil(L, 1) == 0 else {
        throw .argument(1, "a generator of the elements expected, got nil")
      }
      let element = try generator(L, 1, argument: 1, at: "")
      let max = try integerArgument(L, 2, default: 5)
      guard (0...10_000).contains(max) else {
        throw .argument(2, "a length from 0 to 10000 expected, got \(max)")
      }
      return push(L, .list(element, max: max))
    }
  }

  private static func integerArgument(_ L: OpaquePointer, _ index: Int32, default value: Int)
    throws(LuaFailure) -> Int
  {
    if clua_isnoneornil(L, index) != 0 { return value }
    var isInteger: Int32 = 0
    let number = clua_tointegerx(L, index, &isInteger)
    guard isInteger != 0, lua_type(L, index) == LUA_TNUMBER,
      number > -(1 << 52), number < (1 << 52)
    else {
      throw LuaStack.typeError(L, index, expected: "integer")
    }
    return Int(number)
  }

  /// The generator at `index`: a `deps.Generator`, a generator function of `deps.gen` named
  /// without a call (`deps.gen.boolean`), or a plain value (a constant).
  static func generator(_ L: OpaquePointer, _ index: Int32, argument: Int32, at path: String)
    throws(LuaFailure) -> JSONGen
  {
    if let slot = generatorMetatable.test(L, index),
      let raw = slot.load(as: UnsafeMutableRawPointer?.self)
    {
      return Unmanaged<LuaGeneratorBox>.fromOpaque(raw).takeUnretainedValue().generator
    }
    if lua_type(L, index) == LUA_TFUNCTION, let runtime = LuaRuntime.from(L),
      lua_checkstack(L, 3) != 0
    {
      let absolute = lua_absindex(L, index)
      runtime.pushModule(L)
      defer { clua_pop(L, 2) }
      if LuaStack.rawField(L, -1, "gen") == LUA_TTABLE {
        for (name, generator) in defaults {
          LuaStack.rawField(L, -1, name)
          defer { clua_pop(L, 1) }
          if lua_rawequal(L, absolute, -1) != 0 { return generator }
        }
      }
      throw .argument(
        argument,
        "\(path.isEmpty ? "" : path + ": ")a generator expected, got "
          + "a function (call it: deps.gen.<name>(…))")
    }
    guard lua_type(L, index) != LUA_TFUNCTION, lua_type(L, index) != LUA_TUSERDATA else {
      throw .argument(
        argument,
        "\(path.isEmpty ? "" : path + ": ")a generator or a plain value"
          + " expected, got a \(LuaStack.typeName(L, index))")
    }
    do throws(LuaValue.ConversionError) {
      return .constant(try LuaValue.read(L, index))
    } catch {
      throw .argument(argument, (path.isEmpty ? "" : path + ": ") + error.describe(root: "value"))
    }
  }

  private static let generatorIndex: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      lua_pushnil(L)
      return 1
    }
  }

  private static let collectGenerator: clua_SwiftFunction = { L in
    guard let L else { return 0 }
    _ = LuaUserdata.take(L)
    return 0
  }

  private static let generatorString: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let box = try LuaUserdata.object(
        L, 1, metatable: generatorMetatable, as: LuaGeneratorBox.self)
      LuaStack.push(L, "deps.Generator (\(box.generator.description))")
      return 1
    }
  }
}
