// The worker half of `depsh test`: one process runs one scenario file and reports each test as
// a record on stdout (TestProtocol.swift). Fresh dependencies before the file and before each
// test (`deps._reset()`); `--timeout` arms the guard hook, which raises inside runaway Lua.
import CLua
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

enum TestWorker {
  static func run(_ options: TestOptions) -> Int32 {
    guard let file = options.paths.first else { return 2 }
    let emitter = Emitter()
    defer { emitter.send(.done) }
    guard
      let lua = LuaState(
        context: options.context, memoryLimit: options.memoryLimit, sandbox: options.sandbox)
    else {
      emitter.fileFailed(file, reason: "depsh: cannot create a Lua state")
      return 0
    }
    if let problem = lua.moduleProblem {
      emitter.fileFailed(file, reason: "depsh: \(problem)")
      return 0
    }
    lua.setArgTable(before: ["depsh", "test"], script: file, after: [])

    emitter.send(.collecting)
    let started = clua_depsh_monotonic()
    if let failure = collect(file, lua: lua, timeout: options.timeout) {
      emitter.fileFailed(file, reason: failure.message, since: started)
      return 0
    }
    let count = Int(lua.callHelper("end_collect").first ?? "0") ?? 0
    if count == 0 {
      if options.filter.map({ matches(file, $0, lua: lua) }) ?? true {
        let leftovers = leftoverFailure(lua)
        emitter.send(.ended(index: 0, result: TestResult(
          name: file, source: file, line: 0, passed: leftovers == nil,
          reason: leftovers?.message ?? "", duration: clua_depsh_monotonic() - started)))
      }
      return 0
    }

    var order = Array(1...count)
    if let seed = options.seed {
      var generator = SeededOrder(seed: seed, salt: file)
      order = generator.shuffle(order)
    }
    var runList: [(index: Int, name: String, source: String, line: Int)] = []
    for index in order {
      let info = lua.callHelper("test_info", [.number(Double(index))]).values
      let name = (info.first ?? nil) ?? "test \(index)"
      if let filter = options.filter, !matches(name, filter, lua: lua) { continue }
      let source = (info.count > 1 ? info[1] : nil) ?? file
      let line = Int((info.count > 2 ? info[2] : nil) ?? "0") ?? 0
      runList.append((index, name, source.isEmpty ? file : source, line))
    }
    for (position, test) in runList.enumerated() where position >= options.skip {
      emitter.send(
        .began(index: position, name: test.name, source: test.source, line: test.line))
      let begin = clua_depsh_monotonic()
      let failure = runTest(test.index, lua: lua, timeout: options.timeout)
      emitter.send(.ended(index: position, result: TestResult(
        name: test.name, source: test.source, line: test.line, passed: failure == nil,
        reason: failure?.message ?? "", duration: clua_depsh_monotonic() - begin)))
    }
    return 0
  }

  /// Runs the file's top level with `deps._collecting` on, under the timeout.
  private static func collect(_ file: String, lua: LuaState, timeout: Double?) -> LuaFailure? {
    if let failure = lua.callHelper("reset").failure { return failure }
    if let failure = lua.callHelper("begin_collect").failure { return failure }
    if let failure = lua.load(file: file) {
      lua.callHelper("end_collect")
      return failure
    }
    Guard.arm(seconds: timeout)
    let failure = lua.protectedCall(arguments: 0, results: 0)
    Guard.disarm()
    if failure != nil { lua.callHelper("end_collect") }
    return failure
  }

  /// Runs `deps._tests[index].fn` with fresh dependencies, under the timeout.
  private static func runTest(_ index: Int, lua: LuaState, timeout: Double?) -> LuaFailure? {
    if let failure = lua.callHelper("reset").failure { return failure }
    let top = lua_gettop(lua.state)
    defer { lua_settop(lua.state, top) }
    guard lua.pushHelper("push_test") else { return LuaFailure(text: "depsh: no test driver") }
    lua.push(.number(Double(index)))
    if let failure = lua.protectedCall(arguments: 1, results: 1) { return failure }
    Guard.arm(seconds: timeout)
    let failure = lua.protectedCall(arguments: 0, results: 0)
    Guard.disarm()
    // A test store the test left open fails the test with its leftovers (unreceived actions,
    // running effects), as a Swift TestStore does at the end of a test.
    return failure ?? leftoverFailure(lua)
  }

  /// Closes what the test left open; its leftovers as a failure, or nil.
  private static func leftoverFailure(_ lua: LuaState) -> LuaFailure? {
    let reset = lua.callHelper("reset")
    if let failure = reset.failure { return failure }
    guard let message = reset.values.first ?? nil, !message.isEmpty else { return nil }
    return LuaFailure(text: message)
  }

  private static func matches(_ name: String, _ pattern: String, lua: LuaState) -> Bool {
    lua.callHelper("matches", [.string(name), .string(pattern)]).first == "yes"
  }

  /// Writes records after flushing what the tests printed, so both arrive in order.
  struct Emitter {
    func send(_ record: TestRecord) {
      Output.flush()
      Output.write(record.encoded)
    }

    func fileFailed(_ file: String, reason: String, since start: Double? = nil) {
      let duration = start.map { clua_depsh_monotonic() - $0 } ?? 0
      send(.ended(index: 0, result: TestResult(
        name: file, source: file, line: 0, passed: false, reason: reason, duration: duration)))
    }
  }
}
