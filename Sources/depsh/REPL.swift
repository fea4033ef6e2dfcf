// The REPL, like lua.c and sqlite3: `1+1` and `=expr` print (tables pretty-printed), a statement
// that ends in `<eof>` keeps reading (`   ...> `), dot-commands from the help table, Ctrl-C stops
// the running statement (the guard hook raises "interrupted!"), not the shell. Every deps.Store
// prints the actions it handles and the new state (`deps._trace`).
import CDepsh
import CLua
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

enum REPL {
  static let prompt = "deps> "
  static let continuation = "   ...> "

  static func run(context: String, limits: Shell.Limits = Shell.Limits()) -> Int32 {
    guard
      let lua = LuaState(
        context: context, memoryLimit: limits.memoryLimit, sandbox: limits.sandbox)
    else {
      Output.error("depsh: cannot create a Lua state (out of memory)\n")
      return 1
    }
    if let problem = lua.moduleProblem { Output.error("depsh: warning: \(problem)\n") }
    lua.callHelper("enable_trace")
    if let failure = TimeTravel.install(lua) {
      Output.error("depsh: warning: \(failure.message)\n")
    }
    lua.callHelper("track_loads")
    // Every store of the session keeps its trace, for `.timeline NAME`, and draws its random
    // numbers from a seed of its own, so `.save` can replay them.
    AmbientTrace.install { DependencyTrace(randomSeed: UInt64.random(in: 1...0x7fff_ffff)) }
    lua.setArgTable(before: [], script: "depsh", after: [])
    let reader = LineReader(completer: lua)
    if reader.interactive { reader.pump = StorePump(lua: lua) }
    Guard.catchInterrupts()
    if reader.interactive {
      print(
        "depsh \(DepsVersion.string) (\(String(cString: clua_release()))) — context: "
          + "\(context). Enter \".help\" for help.")
    }
    var pending = ""
    loop: while true {
      Output.flush()
      switch reader.read(prompt: pending.isEmpty ? prompt : continuation) {
      case .end:
        if reader.interactive { print("") }
        break loop
      case .interrupted:
        print("")
        pending = ""
      case .text(let line):
        reader.remember(line)
        let trimmed = line.trimmingWhitespace
        if pending.isEmpty, trimmed.hasPrefix(".") {
          if !command(trimmed, lua: lua) { break loop }
        } else if pending.isEmpty, trimmed.isEmpty {
          continue
        } else {
          let source = pending.isEmpty ? line : pending + "\n" + line
          pending = evaluate(source, lua: lua) ? "" : source
        }
      }
    }
    reader.saveHistory()
    lua.callHelper("end_time_travel")
    Output.flush()
    return 0
  }

  /// Compiles and runs one statement; false when it is incomplete (more lines needed).
  private static func evaluate(_ source: String, lua: LuaState) -> Bool {
    let base = lua_gettop(lua.state)
    defer { lua_settop(lua.state, base) }
    var code = source
    if code.hasPrefix("=") { code = "return " + code.dropFirst() }
    if lua.load(code: "return " + code, name: "=stdin") != nil {
      if let failure = lua.load(code: code, name: "=stdin") {
        if failure.text.hasSuffix("<eof>") { return false }
        Output.error(failure.text + "\n")
        return true
      }
    }
    _ = Guard.takeInterrupt()
    let failed = lua.protectedCall(arguments: 0, results: LUA_MULTRET)
    // A Ctrl-C during the statement ended it: it must not also cancel the next line typed.
    _ = Guard.takeInterrupt()
    if let failure = failed {
      Output.flush()
      Output.error(failure.text + "\n")
      return true
    }
    let count = lua_gettop(lua.state) - base
    guard count > 0 else { return true }
    if lua.pushHelper("keep_result") {
      lua_pushvalue(lua.state, base + 1)
      if let failure = lua.protectedCall(arguments: 1, results: 0) {
        Output.error(failure.text + "\n")
      }
    }
    guard lua.pushHelper("show") else { return true }
    clua_insert(lua.state, base + 1)
    if let failure = lua.protectedCall(arguments: count, results: 1) {
      Output.error(failure.text + "\n")
    } else if let text = lua.string(at: -1) {
      print(text)
    }
    return true
  }

  /// Runs a dot-command; false for `.quit`.
  private static func command(_ line: String, lua: LuaState) -> Bool {
    let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
    let name = words.first ?? line
    let argument = words.count > 1 ? line.dropFirst(name.count).trimmingWhitespace : nil
    switch name {
    case ".help":
      print(Help.repl)
    case ".quit", ".exit":
      return false
    case ".clear":
      if isatty(1) != 0 { Output.write("\u{1B}[H\u{1B}[2J") }
    case ".reset":
      printHelper(lua.callHelper("reset_session"))
    case ".show":
      let values = (argument ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
      guard values.count <= 2, values.allSatisfy({ Int($0).map { $0 > 0 } ?? false }) else {
        Output.error("Error: .show takes a depth and a number of items (positive whole numbers)\n")
        return true
      }
      printHelper(lua.callHelper("show_limits", values.map { .number(Double($0) ?? 0) }))
    case ".features":
      printHelper(lua.callHelper("features"))
    case ".deps":
      printHelper(lua.callHelper("dependencies"))
    case ".context":
      if let argument {
        guard Shell.contexts.contains(argument) else {
          Output.error(
            "Error: unknown context \"\(argument)\" (expected live, preview or test)\n")
          return true
        }
        if let failure = lua.callHelper("set_context", [.string(argument)]).failure {
          Output.error(failure.message + "\n")
          return true
        }
      }
      printHelper(lua.callHelper("context"))
    case ".timeline":
      let values = (argument ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
      guard let name = values.first, values.count <= 2,
        values.count == 1 || values[1] == "mermaid" || values[1] == "text"
      else {
        Output.error("Error: .timeline needs a store's name, then optionally text or mermaid\n")
        return true
      }
      printHelper(
        lua.callHelper(
          "timeline", [.string(name), .string(values.count == 2 ? values[1] : "text")]))
    case ".save":
      guard let argument else {
        Output.error("Error: .save needs a file name\n")
        return true
      }
      printHelper(lua.callHelper("save", [.string(argument)]))
    case ".history", ".back", ".goto", ".reload":
      guard let argument else {
        Output.error(
          "Error: \(name) needs \(name == ".reload" ? "a file name" : "a store's name")\n")
        return true
      }
      let values = argument.split(whereSeparator: \.isWhitespace).map {
        LuaArgument.string(String($0))
      }
      let helper = ["history": "history", "back": "back", "goto": "goto_step", "reload": "reload"]
      printHelper(lua.callHelper(helper[String(name.dropFirst())] ?? "history", values))
    case ".load":
      guard let argument else {
        Output.error("Error: .load needs a file name\n")
        return true
      }
      if let failure = lua.load(file: argument) {
        Output.error(failure.text + "\n")
      } else if let failure = lua.protectedCall(arguments: 0, results: 0) {
        Output.flush()
        Output.error(failure.text + "\n")
      } else {
        lua.callHelper("note_load", [.string(argument)])
      }
    default:
      Output.error("Error: unknown command \"\(name)\". Enter \".help\" for help\n")
    }
    return true
  }

  private static func printHelper(_ result: LuaState.HelperResult) {
    if let failure = result.failure {
      Output.error(failure.message + "\n")
    } else if let text = result.first, !text.isEmpty {
      print(text)
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing whitespace.
  var trimmingWhitespace: String {
    var slice = Substring(self)
    while slice.first?.isWhitespace == true { slice = slice.dropFirst() }
    while slice.last?.isWhitespace == true { slice = slice.dropLast() }
    return String(slice)
  }
}
