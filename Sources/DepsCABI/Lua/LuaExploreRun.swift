// `deps.explore(name, spec)`: reads and checks the spec (LuaExplore.swift has the hooks and
// `deps.gen`), then registers the property as a test or runs it: every run opens a test store
// as `deps.TestStore` would, sends generated actions, advances the test clock, and checks the
// invariants after each step; the engine (ExploreEngine) shrinks the first failing run.
import CLua
import ComposableArchitecture
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

extension LuaExplore {
  /// The fields a spec may have.
  static let specFields: Set<String> = [
    "feature", "state", "dependencies", "actions", "invariant", "steps", "runs", "advance",
    "seed", "tags",
  ]

  /// `deps.explore(name, spec)`.
  static let explore: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let name = try LuaStack.checkString(L, 1)
      try LuaStack.checkTable(L, 2)
      lua_settop(L, 2)
      _ = try spec(L, at: 2, argument: 2)
      let tags = try tags(L, specAt: 2)
      runtime.pushModule(L)
      let module = lua_gettop(L)
      LuaStack.rawField(L, module, "_collecting")
      let collecting = lua_type(L, -1) == LUA_TBOOLEAN && lua_toboolean(L, -1) != 0
      clua_pop(L, 1)
      let location = LuaStack.source(L)
      guard collecting else {
        LuaStack.push(L, try run(L, runtime, name: name, specAt: 2))
        return 1
      }
      if LuaStack.rawField(L, module, "_tests") != LUA_TTABLE {
        clua_pop(L, 1)
        lua_createtable(L, 4, 0)
        lua_pushvalue(L, -1)
        LuaStack.setRawField(L, module, "_tests")
      }
      let tests = lua_gettop(L)
      lua_createtable(L, 0, 6)
      LuaStack.push(L, name)
      LuaStack.setRawField(L, -2, "name")
      LuaStack.push(L, name)
      lua_pushvalue(L, 2)
      LuaStack.pushFunction(L, runtime, runTest, extra: 2)
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
      lua_pushvalue(L, 2)
      LuaStack.setRawField(L, -2, "explore")
      lua_rawseti(L, tests, lua_Integer(lua_rawlen(L, tests) + 1))
      return 0
    }
  }

  /// The `fn` of a collected property (upvalues: its name, its spec).
  private static let runTest: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      lua_settop(L, 0)
      lua_pushvalue(L, clua_upvalueindex(3))
      lua_pushvalue(L, clua_upvalueindex(4))
      let name = LuaStack.string(L, 1) ?? "?"
      _ = try run(L, runtime, name: name, specAt: 2)
      return 0
    }
  }

  // MARK: The spec

  /// Reads the spec table at `index` (argument `argument` of the call), checking every field.
  static func spec(_ L: OpaquePointer, at index: Int32, argument: Int32) throws(LuaFailure)
    -> LuaExploreSpec
  {
    lua_pushnil(L)
    while lua_next(L, index) != 0 {
      clua_pop(L, 1)
      guard lua_type(L, -1) == LUA_TSTRING, let key = LuaStack.string(L, -1),
        specFields.contains(key)
      else {
        let key = LuaStack.string(L, -1) ?? LuaStack.typeName(L, -1)
        clua_pop(L, 1)
        throw .argument(
          argument,
          "unknown field '\(key)' (a spec has "
            + specFields.sorted().joined(separator: ", ") + ")")
      }
    }
    let descriptor = try LuaStoreSpec.feature(L, tableAt: index, argument: argument)
    let state = try LuaStoreSpec.state(L, tableAt: index, argument: argument, of: descriptor)
    try LuaStoreSpec.checkDependencies(L, tableAt: index, argument: argument)
    var spec = LuaExploreSpec(
      descriptor: descriptor, state: state, actions: [], advance: nil, steps: 10, runs: 100,
      seed: nil, invariants: 0)
    spec.actions = try actions(L, specAt: index, argument: argument, descriptor: descriptor)
    spec.invariants = try invariantCount(L, specAt: index, argument: argument)
    spec.steps = try count(L, specAt: index, field: "steps", argument: argument) ?? 10
    spec.runs = try count(L, specAt: index, field: "runs", argument: argument) ?? 100
    if let seed = try count(L, specAt: index, field: "seed", argument: argument, minimum: 0) {
      spec.seed = UInt64(seed)
    }
    switch LuaStack.rawField(L, index, "advance") {
    case LUA_TNIL:
      spec.advance = .oneOf([
        .constant(.int(0)), .constant(.double(0.5)), .constant(.int(1)),
        .constant(.int(2)),
      ])
    case LUA_TBOOLEAN where lua_toboolean(L, -1) == 0:
      spec.advance = nil
    default:
      let generator = try generator(L, -1, argument: argument, at: "field 'advance'")
      guard generator.drawsNumbers else {
        throw .argument(
          argument,
          "field 'advance': a generator of seconds (deps.gen.number, "
            + "deps.gen.integer, a number…) or false expected, got \(generator.description)")
      }
      spec.advance = generator
    }
    clua_pop(L, 1)
    return spec
  }

  /// `steps`, `runs`, `seed`: whole numbers (at least `minimum`), or nil when absent.
  private static func count(
    _ L: OpaquePointer, specAt index: Int32, field: String, argument: Int32, minimum: Int = 1
  ) throws(LuaFailure) -> Int? {
    defer { clua_pop(L, 1) }
    guard LuaStack.rawField(L, index, field) != LUA_TNIL else { return nil }
    var isInteger: Int32 = 0
    let value = clua_tointegerx(L, -1, &isInteger)
    guard isInteger != 0, lua_type(L, -1) == LUA_TNUMBER, value >= minimum,
      value <= (field == "seed" ? Int64.max : 1_000_000)
    else {
      throw .argument(
        argument,
        "field '\(field)': a whole number of at least \(minimum) "
          + "expected, got \(LuaStack.string(L, -1) ?? LuaStack.typeName(L, -1))")
    }
    return Int(value)
  }

  /// The action generators: `actions` (a list of names with default generators and/or
  /// `name = generator`), or every action of the feature with its default generator.
  private static func actions(
    _ L: OpaquePointer, specAt index: Int32, argument: Int32, descriptor: FeatureDescriptor
  ) throws(LuaFailure) -> [(name: String, generator: JSONGen)] {
    let declared = Dictionary(
      descriptor.actions.map { ($0.name, $0.payload) }, uniquingKeysWith: { a, _ in a })
    func defaultGenerator(_ name: String) throws(LuaFailure) -> JSONGen {
      let type = declared[name] ?? "any"
      guard let generator = JSONGen.defaultFor(payloadType: type) else {
        throw .argument(
          argument,
          "field 'actions': no default generator for the payload of "
            + "\"\(name)\" (\(type ?? "none")); give one: actions = { \(name) = deps.gen.… }")
      }
      return generator
    }
    func checkName(_ name: String) throws(LuaFailure) {
      guard declared.isEmpty || declared[name] != nil else {
        throw .argument(
          argument,
          "field 'actions': feature \"\(descriptor.name)\" has no "
            + "action \"\(name)\" (it has "
            + descriptor.actions.map(\.name).sorted()
            .joined(separator: ", ") + ")")
      }
    }
    defer { clua_pop(L, 1) }
    var found: [(name: String, generator: JSONGen)] = []
    switch LuaStack.rawField(L, index, "actions") {
    case LUA_TNIL:
      guard !descriptor.actions.isEmpty else {
        throw .argument(
          argument,
          "field 'actions': feature \"\(descriptor.name)\" declares no "
            + "actions; list the ones to send: actions = { \"name\", … }")
      }
      for action in descriptor.actions {
        found.append((action.name, try defaultGenerator(action.name)))
      }
    case LUA_TTABLE:
      let table = lua_gettop(L)
      lua_pushnil(L)
      while lua_next(L, table) != 0 {
        defer { clua_pop(L, 1) }
        if lua_type(L, -2) == LUA_TNUMBER {
          guard lua_type(L, -1) == LUA_TSTRING, let name = LuaStack.string(L, -1) else {
            throw .argument(
              argument,
              "field 'actions': a list entry must be an action name, "
                + "got a \(LuaStack.typeName(L, -1))")
          }
          try checkName(name)
          found.append((name, try defaultGenerator(name)))
        } else if lua_type(L, -2) == LUA_TSTRING, let name = LuaStack.string(L, -2) {
          try checkName(name)
          if lua_type(L, -1) == LUA_TBOOLEAN, lua_toboolean(L, -1) != 0 {
            found.append((name, try defaultGenerator(name)))
          } else {
            found.append((name, try generator(L, -1, argument: argument, at: "actions.\(name)")))
          }
        } else {
          throw .argument(
            argument,
            "field 'actions': keys must be action names, got a "
              + LuaStack.typeName(L, -2))
        }
      }
      guard !found.isEmpty else {
        throw .argument(argument, "field 'actions': at least one action expected")
      }
    default:
      throw .argument(
        argument,
        "field 'actions': table expected, got "
          + LuaStack.typeName(L, -1))
    }
    var seen = Set<String>()
    return found.sorted { $0.name < $1.name }.filter { seen.insert($0.name).inserted }
  }

  /// How many invariants `invariant` holds (a function, or a list of functions).
  private static func invariantCount(_ L: OpaquePointer, specAt index: Int32, argument: Int32)
    throws(LuaFailure) -> Int
  {
    defer { clua_pop(L, 1) }
    switch LuaStack.rawField(L, index, "invariant") {
    case LUA_TNIL: return 0
    case LUA_TFUNCTION: return 1
    case LUA_TTABLE:
      let count = Int(lua_rawlen(L, -1))
      for position in 0..<count {
        defer { clua_pop(L, 1) }
        guard lua_rawgeti(L, -1, lua_Integer(position + 1)) == LUA_TFUNCTION else {
          throw .argument(
            argument,
            "field 'invariant': invariant[\(position + 1)] must be a "
              + "function, got a \(LuaStack.typeName(L, -1))")
        }
      }
      return count
    default:
      throw .argument(
        argument,
        "field 'invariant': a function or a list of functions "
          + "expected, got a \(LuaStack.typeName(L, -1))")
    }
  }

  /// The spec's `tags` (a list of words, as `deps.test`'s).
  private static func tags(_ L: OpaquePointer, specAt index: Int32) throws(LuaFailure)
    -> [String]
  {
    defer { clua_pop(L, 1) }
    let kind = LuaStack.rawField(L, index, "tags")
    if kind == LUA_TNIL { return [] }
    guard kind == LUA_TTABLE else {
      throw .argument(
        2,
        "field 'tags': a list of strings expected, got a "
          + LuaStack.typeName(L, -1))
    }
    var tags: [String] = []
    for position in 0..<lua_rawlen(L, -1) {
      defer { clua_pop(L, 1) }
      guard lua_rawgeti(L, -1, lua_Integer(position + 1)) == LUA_TSTRING,
        let tag = LuaStack.string(L, -1), !tag.isEmpty, !tag.contains(","),
        !tag.contains(where: \.isWhitespace)
      else {
        throw .argument(
          2,
          "field 'tags': tags[\(position + 1)] must be a word without commas "
            + "or spaces")
      }
      tags.append(tag)
    }
    return tags
  }

  /// Pushes the spec's invariants (at `index`) in order; returns how many.
  static func pushInvariants(_ L: OpaquePointer, specAt index: Int32) -> Int32 {
    let type = LuaStack.rawField(L, index, "invariant")
    if type == LUA_TFUNCTION { return 1 }
    guard type == LUA_TTABLE else {
      clua_pop(L, 1)
      return 0
    }
    let list = lua_gettop(L)
    let length = Int32(clamping: lua_rawlen(L, list))
    _ = lua_checkstack(L, length + 2)
    for position in 0..<length { lua_rawgeti(L, list, lua_Integer(position + 1)) }
    clua_remove(L, list)
    return length
  }

  /// Calls the `count` invariants from `base` with the state, the action and its payload;
  /// nil when all hold, else the failure (`invariant N` is its kind).
  static func checkInvariants(
    _ L: OpaquePointer, _ runtime: LuaRuntime, base: Int32, count: Int32, state: JSONValue,
    action: String, payload: JSONValue
  ) throws(LuaFailure) -> ExploreFailure? {
    guard count > 0 else { return nil }
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    guard lua_checkstack(L, 8) != 0, LuaValue.push(L, state) else {
      throw .error("Lua stack overflow")
    }
    let stateIndex = lua_gettop(L)
    for offset in 0..<count {
      let label = count == 1 ? "invariant" : "invariant \(offset + 1)"
      let kind = "invariant \(offset + 1)"
      let before = lua_gettop(L)
      lua_pushvalue(L, base + offset)
      lua_pushvalue(L, stateIndex)
      LuaStack.push(L, action)
      guard LuaValue.push(L, payload) else { throw .error("Lua stack overflow") }
      if let message = runtime.pcall(L, nargs: 3, nresults: clua_multret()) {
        return ExploreFailure(kind: kind, message: "\(label) raised an error: \(message)")
      }
      let results = lua_gettop(L) - before
      defer { lua_settop(L, before) }
      if results == 0 || lua_toboolean(L, before + 1) != 0 { continue }
      let message =
        results > 1 && lua_type(L, before + 2) == LUA_TSTRING
        ? LuaStack.string(L, before + 2) ?? "" : "it returned false"
      return ExploreFailure(kind: kind, message: "\(label) failed: \(message)")
    }
    return nil
  }

  // MARK: Running

  /// The seed of an exploration: the spec's, `deps._explore_seed`, or one from the time.
  private static func seed(_ L: OpaquePointer, _ runtime: LuaRuntime, spec: LuaExploreSpec)
    -> UInt64
  {
    if let seed = spec.seed { return seed }
    runtime.pushModule(L)
    LuaStack.rawField(L, -1, "_explore_seed")
    var isInteger: Int32 = 0
    let value = clua_tointegerx(L, -1, &isInteger)
    clua_pop(L, 2)
    if isInteger != 0, value >= 0 { return UInt64(value) }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return (UInt64(now.tv_sec) &* 1_000_000 &+ UInt64(now.tv_nsec / 1000)) % 1_000_000_000
  }

  /// Runs the property whose spec is at `index`: returns the passing report, or throws the
  /// falsified one.
  static func run(_ L: OpaquePointer, _ runtime: LuaRuntime, name: String, specAt index: Int32)
    throws(LuaFailure) -> String
  {
    let spec = try spec(L, at: index, argument: 2)
    let seed = seed(L, runtime, spec: spec)
    let invariantCount = pushInvariants(L, specAt: index)
    let invariantBase = lua_gettop(L) - invariantCount + 1
    var recorded: [LuaExploreRecordedStep]?
    let trial = { (plan: ExplorePlan) throws(LuaFailure) -> ExploreTrialResult in
      let explorer = try open(L, runtime, spec: spec, specAt: index)
      defer { explorer.close() }
      var steps: [ExploreStep] = []
      for position in 0..<plan.count {
        let choices = plan.choices(at: position)
        let pick = Int(choices.action.choose(UInt64(spec.actions.count)))
        let (action, generator) = spec.actions[pick]
        let payload = generator.draw(choices.action)
        var advance: Double?
        if let clock = spec.advance, explorer.hasTestClock {
          advance = clock.draw(choices.clock).doubleValue.map { max(0, $0) }
        }
        let step: ExploreBridgedStep
        do throws(BridgeError) {
          step = try explorer.step(
            LuaValue.join(name: action, payload: payload), order: choices.order,
            advance: advance, recording: recorded != nil)
        } catch {
          throw .error(
            "deps.explore \"\(name)\": the feature refused the generated action "
              + "\(describe(action, payload)): \(error.message) (give actions.\(action) a "
              + "generator of payloads it takes)")
        }
        steps.append(choices.recorded)
        // Ctrl-C (depsh) stops the exploration, not just the step it hit.
        if StoreInterrupt.isRequested, StoreInterrupt.take() {
          throw .error("interrupted: deps.explore \"\(name)\" stopped")
        }
        let state = explorer.state
        recorded?.append(
          LuaExploreRecordedStep(
            name: action, payload: payload, advance: advance, step: step, state: state))
        if !step.issues.isEmpty {
          let isError = step.issues.contains {
            $0.contains("reduce failed for action") || $0.contains("raised an unhandled error")
          }
          return ExploreTrialResult(
            steps: steps,
            failure: ExploreFailure(
              kind: isError ? "error" : "issue", message: step.issues.joined(separator: "\n\n")))
        }
        if let failure = try checkInvariants(
          L, runtime, base: invariantBase, count: invariantCount, state: state, action: action,
          payload: payload)
        {
          return ExploreTrialResult(steps: steps, failure: failure)
        }
      }
      return ExploreTrialResult(steps: steps, failure: nil)
    }
    let engine = ExploreEngine(seed: seed, runs: spec.runs, steps: spec.steps)
    switch try engine.explore(trial) {
    case .passed(let runs, let steps):
      let text = ExploreReport.passed(runs: runs, steps: steps, seed: seed)
      try callHook(L, runtime, "_explore_report") { L in
        LuaStack.push(L, name)
        LuaStack.push(L, text)
        return 2
      }
      return text
    case .falsified(let run, let steps, let failure):
      recorded = []
      let replayed = try trial(ExplorePlan(replaying: steps))
      let found = replayed.failure ?? failure
      let records = recorded ?? []
      var report = ExploreReport.falsified(
        runs: run, seed: seed, steps: records.map(stepReport), message: found.message)
      let order = steps.flatMap(\.order)
      var path: String?
      try callHook(L, runtime, "_explore_repro") { L in
        pushReproInfo(
          L, name: name, spec: spec, specAt: index, seed: seed, records: records,
          order: order, failure: found, report: report)
        return 1
      } results: { L in
        path = LuaStack.string(L, -1)
      }
      if let path { report += "\n  repro: \(path)" }
      throw .raw(report)
    }
  }

  /// Opens a test store of the spec (as `deps.TestStore` would) and its explorer.
  private static func open(
    _ L: OpaquePointer, _ runtime: LuaRuntime, spec: LuaExploreSpec, specAt index: Int32
  ) throws(LuaFailure) -> any BridgedExplorer {
    let overrides = try LuaStoreSpec.overrides(L, runtime, tableAt: index, argument: 2)
    let descriptor = spec.descriptor
    let state = spec.state
    let opened: Result<any BridgedTestStore, BridgeError> = runtime.inScope {
      do throws(BridgeError) {
        return .success(try descriptor.openTest(state: state, overrides: overrides))
      } catch {
        return .failure(error)
      }
    }
    let store: any BridgedTestStore
    do throws(BridgeError) {
      store = try opened.get()
    } catch {
      throw .error(error.message)
    }
    store.wording = LuaFrontWording()
    guard let explorable = store as? any ExplorableTestStore else {
      _ = store.close()
      throw .error("deps.explore: feature \"\(descriptor.name)\" cannot be explored")
    }
    return explorable.explorer()
  }

  /// Calls `deps.<hook>` when it is a function, with the arguments `arguments` pushes.
  private static func callHook(
    _ L: OpaquePointer, _ runtime: LuaRuntime, _ hook: String,
    arguments: (OpaquePointer) -> Int32,
    results: ((OpaquePointer) -> Void)? = nil
  ) throws(LuaFailure) {
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    runtime.pushModule(L)
    guard LuaStack.rawField(L, -1, hook) == LUA_TFUNCTION else { return }
    let count = arguments(L)
    if let message = runtime.pcall(L, nargs: count, nresults: 1) {
      throw .raw("deps.\(hook): \(message)")
    }
    results?(L)
  }

  /// `name payload` as the report shows an action.
  static func describe(_ action: String, _ payload: JSONValue) -> String {
    payload.isNull ? action : action + " " + luaLiteral(payload)
  }

  private static func stepReport(_ record: LuaExploreRecordedStep) -> ExploreStepReport {
    let received = record.step.handled.dropFirst().map { entry -> String in
      let (name, payload) = LuaValue.split(action: entry.action)
      return describe(name, payload)
    }
    return ExploreStepReport(
      action: describe(record.name, record.payload), received: received,
      advance: record.advance,
      receivedBeforeAdvance: record.step.advancedAt.map { max(0, $0 - 1) },
      state: luaLiteral(record.state))
  }

  /// The table `deps._explore_repro` is given (docs/explore.md, "Repro").
  private static func pushReproInfo(
    _ L: OpaquePointer, name: String, spec: LuaExploreSpec, specAt index: Int32, seed: UInt64,
    records: [LuaExploreRecordedStep], order: [UInt64], failure: ExploreFailure, report: String
  ) {
    _ = lua_checkstack(L, 12)
    lua_createtable(L, 0, 10)
    LuaStack.push(L, name)
    LuaStack.setRawField(L, -2, "name")
    lua_pushinteger(L, lua_Integer(bitPattern: seed))
    LuaStack.setRawField(L, -2, "seed")
    LuaStack.push(L, spec.descriptor.name)
    LuaStack.setRawField(L, -2, "feature")
    LuaValue.push(L, spec.state ?? spec.descriptor.defaultState)
    LuaStack.setRawField(L, -2, "state")
    LuaStack.push(L, failure.message)
    LuaStack.setRawField(L, -2, "message")
    LuaStack.push(L, report)
    LuaStack.setRawField(L, -2, "report")
    lua_createtable(L, Int32(order.count), 0)
    for (offset, choice) in order.enumerated() {
      lua_pushinteger(L, lua_Integer(choice))
      lua_rawseti(L, -2, lua_Integer(offset + 1))
    }
    LuaStack.setRawField(L, -2, "order")
    lua_createtable(L, Int32(records.count), 0)
    for (offset, record) in records.enumerated() {
      lua_createtable(L, 0, 6)
      LuaStack.push(L, record.name)
      LuaStack.setRawField(L, -2, "action")
      LuaValue.push(L, record.payload)
      LuaStack.setRawField(L, -2, "payload")
      if let advance = record.advance, advance > 0 {
        lua_pushnumber(L, advance)
        LuaStack.setRawField(L, -2, "advance")
      }
      LuaValue.push(L, record.state)
      LuaStack.setRawField(L, -2, "state")
      lua_createtable(L, Int32(record.step.handled.count), 0)
      for (position, entry) in record.step.handled.enumerated() {
        lua_createtable(L, 0, 4)
        let (action, payload) = LuaValue.split(action: entry.action)
        LuaStack.push(L, action)
        LuaStack.setRawField(L, -2, "action")
        LuaValue.push(L, payload)
        LuaStack.setRawField(L, -2, "payload")
        LuaValue.push(L, entry.state)
        LuaStack.setRawField(L, -2, "state")
        lua_pushboolean(L, (record.step.advancedAt.map { position >= $0 } ?? false) ? 1 : 0)
        LuaStack.setRawField(L, -2, "after_advance")
        lua_rawseti(L, -2, lua_Integer(position + 1))
      }
      LuaStack.setRawField(L, -2, "handled")
      lua_rawseti(L, -2, lua_Integer(offset + 1))
    }
    LuaStack.setRawField(L, -2, "steps")
    let location = specLocation(L, index)
    LuaStack.push(L, location)
    LuaStack.setRawField(L, -2, "source")
  }

  /// The file that defined the spec at `index` (from its invariant or dependencies function).
  private static func specLocation(_ L: OpaquePointer, _ index: Int32) -> String {
    for field in ["invariant", "dependencies"] {
      defer { clua_pop(L, 1) }
      var type = LuaStack.rawField(L, index, field)
      if type == LUA_TTABLE {
        type = lua_rawgeti(L, -1, 1)
        clua_remove(L, -2)
      }
      guard type == LUA_TFUNCTION else { continue }
      var record = lua_Debug()
      lua_pushvalue(L, -1)
      guard lua_getinfo(L, ">S", &record) != 0, let raw = record.source else { continue }
      let source = String(cString: raw)
      if source.hasPrefix("@") { return String(source.dropFirst()) }
    }
    return ""
  }

  /// A value as a one-line Lua literal, keys sorted (`{ count = 1, laps = { 3 } }`).
  static func luaLiteral(_ value: JSONValue) -> String {
    switch value {
    case .null: return "nil"
    case .bool(let flag): return flag ? "true" : "false"
    case .int(let number): return String(number)
    case .double(let number):
      return String(number)
    case .string(let text): return LuaExplore.quote(text)
    case .array(let elements):
      if elements.isEmpty { return "{}" }
      return "{ " + elements.map(luaLiteral).joined(separator: ", ") + " }"
    case .object(let object):
      let members = object.filter { !$0.value.isNull }.sorted { $0.key < $1.key }
      if members.isEmpty { return "{}" }
      return "{ "
        + members.map { key, member in
          let name = isIdentifier(key) ? key : "[" + quote(key) + "]"
          return name + " = " + luaLiteral(member)
        }.joined(separator: ", ") + " }"
    }
  }

  private static let keywords: Set<String> = [
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
    "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
  ]

  private static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first,
      first == "_"
        || (first.isASCII
          && first.properties.isAlphabetic),
      !keywords.contains(key)
    else { return false }
    return key.unicodeScalars.allSatisfy {
      $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
    }
  }

  private static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let digits = String(scalar.value)
          out += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
