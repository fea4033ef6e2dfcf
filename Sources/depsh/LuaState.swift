// One Lua state for depsh: the standard libraries, the guard hook (Ctrl-C and --timeout), this
// executable's own linked copy of the `deps` module preloaded (and bound to the global `deps`),
// and the Lua half of the shell (Sources/depsh/lua, EmbeddedLua.swift). Swift enters Lua only
// through `lua_pcall` and uses only non-raising API here; every raise happens in C
// (Sources/CLua/clua.h).
import CDepsh
import CLua
import DepsCABI

#if canImport(Glibc)
import Glibc
#endif

/// A Lua error caught by depsh: the message and, separately, the traceback.
struct CaughtLuaError: Error {
  /// The full text: message plus `stack traceback:` lines.
  var text: String

  /// Just the message (what `error(...)` raised, with its `file:line:`).
  var message: String {
    guard let range = text.firstRange(of: "\nstack traceback:") else { return text }
    return String(text[..<range.lowerBound])
  }
}

/// A value passed from Swift into a shell helper.
enum LuaArgument {
  case string(String)
  case number(Double)
  case boolean(Bool)
  case nilValue
}

final class LuaState {
  let state: OpaquePointer
  /// Why the deps module could not be loaded, when it could not.
  private(set) var moduleProblem: String?
  /// The memory the state holds and its limit (MemoryLimit.swift).
  let memory: UnsafeMutablePointer<clua_depsh_memory>
  /// `--sandbox`: the state runs sandbox.lua and loads text chunks only.
  let sandboxed: Bool

  /// Line counts of the file chunks the state runs (`depsh test --coverage`), or nil.
  let coverage: UnsafeMutablePointer<clua_depsh_coverage>?

  /// A fresh state in `context` (nil: leave the module's default), its memory capped at
  /// `memoryLimit` megabytes (nil or 0: no cap), sandboxed or not, counting the lines it runs
  /// when `coverage` is set.
  init?(context: String?, memoryLimit: Int? = nil, sandbox: Bool = false, coverage: Bool = false) {
    let memory = MemoryLimit.makeAccount(megabytes: memoryLimit)
    guard let state = clua_depsh_newstate(memory) else {
      memory.deallocate()
      return nil
    }
    self.state = state
    self.memory = memory
    self.sandboxed = sandbox
    self.coverage = coverage ? clua_depsh_coverage_new() : nil
    memory.pointee.coverage = self.coverage
    luaL_openlibs(state)
    if self.coverage != nil {
      clua_depsh_install_cover_guard(state, Guard.pointer)
    } else {
      clua_depsh_install_guard(state, Guard.pointer)
    }
    lua_getglobal(state, "package")
    lua_getfield(state, -1, "preload")
    lua_pushcclosure(state, DepsLibrary.luaOpener, 0)
    lua_setfield(state, -2, "deps")
    lua_settop(state, 0)
    if let failure = run(code: "deps = require 'deps'", name: "=(depsh)") {
      moduleProblem = failure.message
    }
    // shell.lua makes the shell table the others add to.
    for file in [EmbeddedLua.shell, .completion, .update, .testDriver, .save] {
      if let failure = run(file) { moduleProblem = moduleProblem ?? failure.message }
    }
    if let context, let failure = callHelper("set_context", [.string(context)]).failure {
      moduleProblem = moduleProblem ?? failure.message
    }
    if sandbox, let failure = run(.sandbox) {
      moduleProblem = moduleProblem ?? failure.message
    }
  }

  deinit {
    lua_close(state)
    clua_depsh_coverage_free(coverage)
    memory.deallocate()
  }

  /// The mode chunks load with: text only in the sandbox.
  private var loadMode: String? { sandboxed ? "t" : nil }

  // MARK: Calling

  /// Calls the function below `argumentCount` arguments on the stack, protected, with a
  /// traceback. On success `resultCount` results (or all, for LUA_MULTRET) stay on the stack.
  func protectedCall(arguments argumentCount: Int32, results resultCount: Int32) -> CaughtLuaError?
  {
    let base = lua_gettop(state) - argumentCount
    clua_depsh_pushmsghandler(state)
    clua_insert(state, base)
    memory.pointee.exceeded = 0
    let status = clua_pcall(state, argumentCount, resultCount, base)
    clua_remove(state, base)
    guard status != LUA_OK else { return nil }
    let text = string(at: -1) ?? "(error object is not a string)"
    let failure = CaughtLuaError(text: MemoryLimit.explain(text, account: memory))
    clua_pop(state, 1)
    return failure
  }

  /// Compiles and runs `code` (chunk name `name`); nil on success.
  func run(code: String, name: String) -> CaughtLuaError? {
    if let failure = load(code: code, name: name) { return failure }
    return protectedCall(arguments: 0, results: 0)
  }

  /// Compiles and runs one of depsh's own Lua files; nil on success.
  func run(_ file: EmbeddedLua) -> CaughtLuaError? {
    if let failure = load(file) { return failure }
    return protectedCall(arguments: 0, results: 0)
  }

  /// Compiles one of depsh's own Lua files and pushes the chunk; on failure pushes nothing.
  func load(_ file: EmbeddedLua) -> CaughtLuaError? {
    loadResult(file.load(into: state))
  }

  /// Compiles `code` and pushes the chunk; on failure pushes nothing.
  func load(code: String, name: String) -> CaughtLuaError? {
    var code = code
    let status = code.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        clua_depsh_loadbufferx(state, $0.baseAddress, $0.count, name, loadMode)
      }
    }
    return loadResult(status)
  }

  /// Compiles the file at `path` (chunk name "@path"; nil: stdin) and pushes it.
  func load(file path: String?) -> CaughtLuaError? {
    loadResult(clua_depsh_loadfilex(state, path, loadMode))
  }

  private func loadResult(_ status: Int32) -> CaughtLuaError? {
    guard status != LUA_OK else { return nil }
    let failure = CaughtLuaError(text: string(at: -1) ?? "cannot load chunk")
    clua_pop(state, 1)
    return failure
  }

  /// The result of a helper call: its results as strings (nil for non-strings), or a failure.
  struct HelperResult {
    var values: [String?] = []
    var failure: CaughtLuaError?
    var first: String? { values.first ?? nil }
  }

  /// Calls `depsh.<name>(arguments…)` of the shell's Lua half and converts its results.
  @discardableResult
  func callHelper(_ name: String, _ arguments: [LuaArgument] = []) -> HelperResult {
    let top = lua_gettop(state)
    defer { lua_settop(state, top) }
    guard pushHelper(name) else {
      return HelperResult(failure: CaughtLuaError(text: "depsh: no shell helper \(name)"))
    }
    for argument in arguments { push(argument) }
    if let failure = protectedCall(arguments: Int32(arguments.count), results: LUA_MULTRET) {
      return HelperResult(failure: failure)
    }
    var result = HelperResult()
    let newTop = lua_gettop(state)
    if newTop > top {
      for index in (top + 1)...newTop {
        result.values.append(lua_type(state, index) == LUA_TSTRING ? string(at: index) : nil)
      }
    }
    return result
  }

  /// Pushes `depsh.<name>` (the shell's Lua half, kept in the registry); false if missing.
  func pushHelper(_ name: String) -> Bool {
    lua_getfield(state, clua_registryindex(), "depsh.shell")
    guard lua_type(state, -1) == LUA_TTABLE else {
      clua_pop(state, 1)
      return false
    }
    lua_pushstring(state, name)
    lua_rawget(state, -2)
    clua_remove(state, -2)
    if lua_type(state, -1) == LUA_TFUNCTION { return true }
    clua_pop(state, 1)
    return false
  }

  func push(_ argument: LuaArgument) {
    switch argument {
    case .string(let text): lua_pushstring(state, text)
    case .number(let number): lua_pushnumber(state, number)
    case .boolean(let flag): lua_pushboolean(state, flag ? 1 : 0)
    case .nilValue: lua_pushnil(state)
    }
  }

  /// The string at `index` (strings and numbers only; never raises).
  func string(at index: Int32) -> String? {
    let kind = lua_type(state, index)
    guard kind == LUA_TSTRING || kind == LUA_TNUMBER else { return nil }
    var length = 0
    guard let pointer = lua_tolstring(state, index, &length) else { return nil }
    let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Sets the global `arg` like lua.c: `arg[0]` the script, `arg[1…]` its arguments, negative
  /// indices for what came before the script on the command line.
  func setArgTable(before: [String], script: String, after: [String]) {
    lua_createtable(state, Int32(after.count), Int32(before.count + 1))
    for (offset, text) in before.enumerated() {
      lua_pushstring(state, text)
      lua_rawseti(state, -2, lua_Integer(offset - before.count))
    }
    lua_pushstring(state, script)
    lua_rawseti(state, -2, 0)
    for (offset, text) in after.enumerated() {
      lua_pushstring(state, text)
      lua_rawseti(state, -2, lua_Integer(offset + 1))
    }
    lua_setglobal(state, "arg")
  }
}
