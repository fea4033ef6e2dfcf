// The worker half of `depsh test`: one process runs one scenario file and reports each test as
// a record on stdout (TestProtocol.swift); under `--list` one process collects every file it is
// given, each in a fresh Lua state, and runs no test. Fresh dependencies before the file and
// before each test (`deps._reset()`); `--timeout` arms the guard hook, which raises inside
// runaway Lua. The selection (`--filter`, `--filter-out`, `--tags`, `--exclude-tags`,
// `--shard`) happens here, on the collected names and tags; `--repeat N` runs a test N times
// and reports how many runs passed; `--coverage` counts the lines the state runs.
import CDepsh
import CLua
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

enum TestWorker {
  static func run(_ options: TestOptions) -> Int32 {
    guard let first = options.paths.first else { return 2 }
    let emitter = Emitter()
    defer { emitter.send(.done) }
    TestTrace.install(options)
    // `--list` runs no test: one worker collects every file (each in a fresh Lua state).
    guard options.list else {
      if options.update { TestUpdate.run(first, options: options) }
      runFile(first, options: options, emitter: emitter)
      return 0
    }
    for file in options.paths {
      emitter.send(.file(file))
      runFile(file, options: options, emitter: emitter)
    }
    return 0
  }

  /// Runs (or lists) one file's selected tests, reporting each as a record.
  private static func runFile(_ file: String, options: TestOptions, emitter: Emitter) {
    guard
      let lua = LuaState(
        context: options.context, memoryLimit: options.memoryLimit, sandbox: options.sandbox,
        coverage: options.coverage != nil)
    else {
      emitter.fileFailed(file, reason: "depsh: cannot create a Lua state")
      return
    }
    defer { if lua.coverage != nil { emitter.send(.coverage(Coverage.fields(of: lua))) } }
    if let problem = lua.moduleProblem {
      emitter.fileFailed(file, reason: "depsh: \(problem)")
      return
    }
    lua.setArgTable(before: ["depsh", "test"], script: file, after: [])
    if let failure = ExploreRepro.install(lua, options: options) {
      emitter.fileFailed(file, reason: failure.message)
      return
    }
    if !options.sandbox { addModuleDirectory(of: file, lua: lua) }

    emitter.send(.collecting)
    let started = MonotonicClock.seconds
    if let failure = collect(file, lua: lua, timeout: options.timeout) {
      emitter.fileFailed(file, reason: failure.message, since: started)
      return
    }
    let count = Int(lua.callHelper("end_collect").first ?? "0") ?? 0
    let selection = Selection(options: options, file: file, lua: lua)
    if count == 0 {
      // A file without deps.test is one test, named after the file, without tags.
      guard selection.selects(name: file, tags: []) else { return }
      var result = TestResult(
        name: file, source: file, line: 0, passed: true, reason: "", duration: 0)
      if !options.list {
        let leftovers = leftoverFailure(lua)
        result.passed = leftovers == nil
        result.reason = leftovers?.message ?? ""
        result.duration = MonotonicClock.seconds - started
      }
      result.passes = result.passed ? 1 : 0
      emitter.send(.ended(index: 0, result: result))
      return
    }

    var order = Array(1...count)
    if let seed = options.seed {
      var generator = SeededOrder(seed: seed, salt: file)
      order = generator.shuffle(order)
    }
    var runList: [(index: Int, name: String, source: String, line: Int, tags: [String])] = []
    for index in order {
      let info = lua.callHelper("test_info", [.number(Double(index))]).values
      let name = (info.first ?? nil) ?? "test \(index)"
      let tags = ((info.count > 3 ? info[3] : nil) ?? "").split(separator: ",").map(String.init)
      guard selection.selects(name: name, tags: tags) else { continue }
      let source = (info.count > 1 ? info[1] : nil) ?? file
      let line = Int((info.count > 2 ? info[2] : nil) ?? "0") ?? 0
      runList.append((index, name, source.isEmpty ? file : source, line, tags))
    }
    for (position, test) in runList.enumerated() where position >= options.skip {
      if options.list {
        var result = TestResult(
          name: test.name, source: test.source, line: test.line, passed: true, reason: "",
          duration: 0)
        result.tags = test.tags
        emitter.send(.ended(index: position, result: result))
        continue
      }
      let begin = MonotonicClock.seconds
      var firstFailure: CaughtLuaError?
      var passes = 0
      for _ in 0..<options.repeatCount {
        // Each run starts the parent's watchdog clock again: `--timeout` is per run.
        emitter.send(
          .began(index: position, name: test.name, source: test.source, line: test.line))
        TestTrace.beginTest()
        var failure = runTest(test.index, lua: lua, timeout: options.timeout)
        if let unused = TestTrace.endTest(
          file: file, name: test.name, failed: failure != nil, options: options)
        {
          failure = failure ?? CaughtLuaError(text: "\(test.source):\(test.line): \(unused)")
        }
        if let failure {
          firstFailure = firstFailure ?? failure
        } else {
          passes += 1
        }
      }
      var result = TestResult(
        name: test.name, source: test.source, line: test.line,
        passed: passes == options.repeatCount, reason: firstFailure?.message ?? "",
        duration: MonotonicClock.seconds - begin)
      result.tags = test.tags
      result.runs = options.repeatCount
      result.passes = passes
      emitter.send(.ended(index: position, result: result))
    }
    return
  }

  /// The file's own directory first on `package.path` and `package.cpath`, so a test file
  /// can `require` a module next to it wherever depsh runs from.
  static func addModuleDirectory(of file: String, lua: LuaState) {
    var directory = TestConfig.directory(of: file)
    if directory.isEmpty { directory = "." }
    lua.callHelper("add_module_directory", [.string(directory)])
  }

  /// Which tests of a file run: `--filter`/`--filter-out` (Lua patterns on the name),
  /// `--tags`/`--exclude-tags`, `--shard`.
  struct Selection {
    let options: TestOptions
    let file: String
    let lua: LuaState

    func selects(name: String, tags: [String]) -> Bool {
      if !options.filters.isEmpty,
        !options.filters.contains(where: { TestWorker.matches(name, $0, lua: lua) })
      {
        return false
      }
      if options.filtersOut.contains(where: { TestWorker.matches(name, $0, lua: lua) }) {
        return false
      }
      if !options.tags.isEmpty, !tags.contains(where: options.tags.contains) { return false }
      if tags.contains(where: options.excludeTags.contains) { return false }
      if let shard = options.shard {
        return Sharding.shard(file: file, name: name, count: shard.count) == shard.index
      }
      return true
    }
  }

  /// Runs the file's top level with `deps._collecting` on, under the timeout.
  static func collect(_ file: String, lua: LuaState, timeout: Double?) -> CaughtLuaError? {
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
  static func runTest(_ index: Int, lua: LuaState, timeout: Double?) -> CaughtLuaError? {
    if let failure = lua.callHelper("reset").failure { return failure }
    let top = lua_gettop(lua.state)
    defer { lua_settop(lua.state, top) }
    guard lua.pushHelper("push_test") else { return CaughtLuaError(text: "depsh: no test driver") }
    lua.push(.number(Double(index)))
    if let failure = lua.protectedCall(arguments: 1, results: 1) { return failure }
    Guard.arm(seconds: timeout)
    let failure = lua.protectedCall(arguments: 0, results: 0)
    Guard.disarm()
    // A test store the test left open fails the test with its leftovers (unreceived actions,
    // running effects), as a Swift TestStore does at the end of a test. A failed test's stores
    // close too, so their unused-override notes belong to this test.
    let leftovers = leftoverFailure(lua)
    return failure ?? leftovers
  }

  /// Closes what the test left open; its leftovers as a failure, or nil.
  private static func leftoverFailure(_ lua: LuaState) -> CaughtLuaError? {
    let reset = lua.callHelper("reset")
    if let failure = reset.failure { return failure }
    guard let message = reset.values.first ?? nil, !message.isEmpty else { return nil }
    return CaughtLuaError(text: message)
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
      let duration = start.map { MonotonicClock.seconds - $0 } ?? 0
      send(
        .ended(
          index: 0,
          result: TestResult(
            name: file, source: file, line: 0, passed: false, reason: reason, duration: duration)))
    }
  }
}
