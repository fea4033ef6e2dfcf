// `depsh FILE.lua [args…]` and `depsh -e CODE`: like lua.c — `arg` holds the command line, the
// script also receives its arguments as `...`, an error prints `depsh: file:line: message` and a
// traceback on stderr and exits 1.
import CLua
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

enum ScriptRunner {
  static func run(
    snippets: [String], script: String?, before: [String], arguments: [String], context: String,
    limits: Shell.Limits = Shell.Limits()
  ) -> Int32 {
    guard
      let lua = LuaState(
        context: context, memoryLimit: limits.memoryLimit, sandbox: limits.sandbox)
    else {
      Output.error("depsh: cannot create a Lua state (out of memory)\n")
      return 1
    }
    if let problem = lua.moduleProblem {
      Output.error("depsh: \(problem)\n")
      return 1
    }
    lua.setArgTable(before: before, script: script ?? "", after: arguments)
    for code in snippets {
      if let failure = lua.run(code: code, name: "=(command line)") {
        return report(failure)
      }
    }
    guard let script else { return finish() }
    // `-` is stdin, as in lua.c (chunk name "=stdin").
    if let failure = lua.load(file: script == "-" ? nil : script) { return report(failure) }
    for argument in arguments { lua.push(.string(argument)) }
    if let failure = lua.protectedCall(arguments: Int32(arguments.count), results: 0) {
      return report(failure)
    }
    return finish()
  }

  private static func finish() -> Int32 {
    Output.flush()
    return 0
  }

  private static func report(_ failure: CaughtLuaError) -> Int32 {
    Output.flush()
    Output.error("depsh: \(failure.text)\n")
    return 1
  }
}
