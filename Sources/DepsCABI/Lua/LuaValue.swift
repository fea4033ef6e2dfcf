// JSONValue ⇄ Lua. Objects are string-keyed tables, arrays are sequences, `.int` is a Lua integer,
// `.double` a float, `.null` is nil (so a null member is an absent key, an absent optional).
//
// Empty tables carry no shape of their own. Reading one follows one rule, stable for the whole
// life of a store: the feature's default state (its `shape`) decides — `[]` where it has an
// array (a Lua feature's `state` declared with `{}` has one: `LuaValue.declared`), `{}` where
// it has an object. Only where the shape says nothing (an element of an array, a key it does
// not have) does the value that was at the same place before decide (`hint`); with neither,
// an empty table is an empty object `{}`.
// An integer-keyed table with holes (a `null` element) reads back with `null` in the holes.
// Tables mixing string and integer keys, non-integer number keys, functions, userdata,
// threads and cycles (more than `maxDepth` levels) are errors naming where they were found.
import CLua
import DepsCore

enum LuaValue {
  /// Deeper tables are refused (also catches cycles).
  static let maxDepth = 64
  /// Objects with at most this many members are ordered by linear search.
  private static let smallObject = 16

  /// Pushes `value`; false when the Lua stack cannot grow (nothing is left pushed then).
  @discardableResult
  static func push(_ L: OpaquePointer, _ value: JSONValue, depth: Int = 0) -> Bool {
    guard lua_checkstack(L, 3) != 0 else { return false }
    switch value {
    case .null: lua_pushnil(L)
    case .bool(let flag): lua_pushboolean(L, flag ? 1 : 0)
    case .int(let number): lua_pushinteger(L, lua_Integer(number))
    case .double(let number): lua_pushnumber(L, number)
    case .string(let text): LuaStack.push(L, text)
    case .array(let elements):
      lua_createtable(L, Int32(clamping: elements.count), 0)
      for (offset, element) in elements.enumerated() {
        guard push(L, element, depth: depth + 1) else {
          clua_pop(L, 1)
          return false
        }
        lua_rawseti(L, -2, lua_Integer(offset + 1))
      }
    case .object(let object):
      lua_createtable(L, 0, Int32(clamping: object.count))
      for (key, member) in object where !member.isNull {
        LuaStack.push(L, key)
        guard push(L, member, depth: depth + 1) else {
          clua_pop(L, 2)
          return false
        }
        lua_rawset(L, -3)
      }
    }
    return true
  }

  /// A failed conversion: what was wrong and where (`state.todos[1].title`).
  struct ConversionError: Error {
    var message: String
    var path: [String] = []

    /// `message (at <root>.a[1])`, or the message alone at the root.
    func describe(root: String) -> String {
      path.isEmpty ? message : "\(message) (at \(root)\(path.reversed().joined()))"
    }
  }

  /// The value at `index`; an empty table takes the shape `shape` has at its place, else the
  /// one `hint` has (see the rule at the top of this file).
  static func read(
    _ L: OpaquePointer, _ index: Int32, hint: JSONValue? = nil, shape: JSONValue? = nil
  )
    throws(ConversionError) -> JSONValue
  {
    try read(L, lua_absindex(L, index), hint: Shaping(shape: shape, previous: hint), depth: 0)
  }

  /// The two sources of shape for empty tables at one place.
  struct Shaping {
    let shape: JSONValue?
    let previous: JSONValue?

    subscript(key: String) -> Shaping? {
      let inner = Shaping(shape: shape?[key], previous: previous?[key])
      return inner.shape == nil && inner.previous == nil ? nil : inner
    }

    subscript(index: Int) -> Shaping? {
      var elementShape: JSONValue?
      if case .array(let elements) = shape, let first = elements.first { elementShape = first }
      let inner = Shaping(shape: elementShape, previous: previous?[index])
      return inner.shape == nil && inner.previous == nil ? nil : inner
    }

    /// True when an empty table here is an array.
    var emptyIsArray: Bool {
      switch shape {
      case .array?: return true
      case .object?: return false
      default:
        if case .array? = previous { return true }
        return false
      }
    }

    /// The key order of the object here.
    var order: JSONValue? {
      if case .object? = previous { return previous }
      return shape
    }
  }

  /// A Lua feature's declared state: an empty table in it (below the root) declares an array,
  /// so `laps = {}` is `"laps": []` for the store's whole life.
  static func declared(_ value: JSONValue, isRoot: Bool = true) -> JSONValue {
    switch value {
    case .object(let object):
      if object.isEmpty && !isRoot { return .array([]) }
      return .object(ValueObject(object.map { ($0.key, declared($0.value, isRoot: false)) }))
    case .array(let elements):
      return .array(elements.map { declared($0, isRoot: false) })
    default:
      return value
    }
  }

  private static func read(_ L: OpaquePointer, _ index: Int32, hint: Shaping?, depth: Int)
    throws(ConversionError) -> JSONValue
  {
    switch lua_type(L, index) {
    case LUA_TNIL, LUA_TNONE: return .null
    case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
    case LUA_TNUMBER:
      if lua_isinteger(L, index) != 0 {
        var isNumber: Int32 = 0
        return .int(Int(clua_tointegerx(L, index, &isNumber)))
      }
      return .double(lua_tonumberx(L, index, nil))
    case LUA_TSTRING: return .string(LuaStack.string(L, index) ?? "")
    case LUA_TTABLE: return try readTable(L, index, hint: hint, depth: depth)
    default:
      throw ConversionError(
        message: "cannot convert a \(LuaStack.typeName(L, index)) to a value")
    }
  }

  private static func readTable(_ L: OpaquePointer, _ index: Int32, hint: Shaping?, depth: Int)
    throws(ConversionError) -> JSONValue
  {
    guard depth < maxDepth else {
      throw ConversionError(message: "table nested too deeply (a cycle?)")
    }
    guard lua_checkstack(L, 4) != 0 else {
      throw ConversionError(message: "Lua stack overflow")
    }
    var members: [(String, JSONValue)] = []
    var elements: [(Int, JSONValue)] = []
    lua_pushnil(L)
    while lua_next(L, index) != 0 {
      // key at -2, value at -1
      let keyType = lua_type(L, -2)
      if keyType == LUA_TSTRING {
        if members.isEmpty { members.reserveCapacity(smallObject) }
        let key = LuaStack.string(L, -2) ?? ""
        do {
          members.append((key, try read(L, lua_gettop(L), hint: hint?[key], depth: depth + 1)))
        } catch {
          clua_pop(L, 2)
          var error = error
          error.path.append(isIdentifier(key) ? ".\(key)" : "[\(quoted(key))]")
          throw error
        }
      } else if keyType == LUA_TNUMBER, lua_isinteger(L, -2) != 0 {
        var isNumber: Int32 = 0
        let key = Int(clua_tointegerx(L, -2, &isNumber))
        guard key >= 1 else {
          clua_pop(L, 2)
          throw ConversionError(message: "cannot convert a table with the key \(key) to a value")
        }
        do {
          elements.append((key, try read(L, lua_gettop(L), hint: hint?[key - 1], depth: depth + 1)))
        } catch {
          clua_pop(L, 2)
          var error = error
          error.path.append("[\(key)]")
          throw error
        }
      } else {
        let name = keyType == LUA_TNUMBER ? "non-integer number" : LuaStack.typeName(L, -2)
        clua_pop(L, 2)
        throw ConversionError(message: "cannot convert a table with a \(name) key to a value")
      }
      clua_pop(L, 1)
    }
    if !members.isEmpty && !elements.isEmpty {
      throw ConversionError(
        message: "cannot convert a table with both string and integer keys to a value")
    }
    if !elements.isEmpty {
      elements.sort { $0.0 < $1.0 }
      let count = elements.last?.0 ?? 0
      guard count <= elements.count * 2 + 16 else {
        throw ConversionError(
          message: "cannot convert a sparse table (\(elements.count) of \(count) elements "
            + "set) to a value")
      }
      var array = [JSONValue](repeating: .null, count: count)
      for (key, element) in elements { array[key - 1] = element }
      return .array(array)
    }
    if members.isEmpty {
      return hint?.emptyIsArray == true ? .array([]) : .object(ValueObject())
    }
    return .object(ordered(members, like: hint?.order))
  }

  /// Members in the hint's key order, new keys after them in sorted order (stable output).
  private static func ordered(_ members: [(String, JSONValue)], like hint: JSONValue?)
    -> ValueObject
  {
    // Small objects (most states and payloads): linear searches, no dictionary.
    guard members.count > smallObject else {
      var result: [(String, JSONValue)] = []
      result.reserveCapacity(members.count)
      var taken: UInt32 = 0  // bit i: members[i] is in `result`
      if case .object(let previous) = hint {
        for (key, _) in previous where result.count < members.count {
          for position in members.indices
          where taken & (1 << position) == 0 && members[position].0 == key {
            result.append(members[position])
            taken |= 1 << position
            break
          }
        }
      }
      if result.count < members.count {
        var rest: [(String, JSONValue)] = []
        rest.reserveCapacity(members.count - result.count)
        for position in members.indices where taken & (1 << position) == 0 {
          rest.append(members[position])
        }
        if rest.count > 1 { rest.sort { $0.0 < $1.0 } }
        result += rest
      }
      return ValueObject(result)
    }
    var byKey: [String: JSONValue] = [:]
    for (key, value) in members { byKey[key] = value }
    var result: [(String, JSONValue)] = []
    if case .object(let previous) = hint {
      for key in previous.keys {
        if let value = byKey.removeValue(forKey: key) { result.append((key, value)) }
      }
    }
    for key in byKey.keys.sorted() {
      if let value = byKey[key] { result.append((key, value)) }
    }
    return ValueObject(result)
  }

  private static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic
    else { return false }
    return key.unicodeScalars.allSatisfy {
      $0 == "_" || $0.properties.isAlphabetic
        || ("0"..."9").contains($0)
    }
  }

  private static func quoted(_ key: String) -> String { JSONValue.string(key).json() }

  /// An action as Lua sees it: a name and an optional payload.
  static func split(action: JSONValue) -> (name: String, payload: JSONValue) {
    switch action {
    case .string(let name): return (name, .null)
    case .object(let object) where object.count == 1:
      for (name, payload) in object { return (name, payload) }
      return ("", .null)
    default: return (action.json(), .null)
    }
  }

  /// An action from a name and an optional payload (docs/values.md).
  static func join(name: String, payload: JSONValue) -> JSONValue {
    payload.isNull ? .string(name) : .object(ValueObject([(name, payload)]))
  }
}
