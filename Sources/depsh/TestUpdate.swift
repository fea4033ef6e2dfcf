// `depsh test --update`: before a file's reported run, its selected tests run silently; each
// test that fails on an expected state of an exhaustive test store gets that step's assertion
// rewritten in place (lua/update.lua's `update_take` / `update_apply`: the merge patch `.save`
// writes, the rest of the file byte for byte the same), and the file runs again, until a round
// rewrites nothing (a test stops at its first failure, so a test with two wrong steps needs two
// rounds). What was rewritten is printed as a diff of the call's lines on stderr; what could
// not be is printed last, with its file:line and why. The reported run that follows shows what
// is left.
import CLua
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

enum TestUpdate {
  /// The most rounds of one file (each rewrites at least one step).
  static let roundLimit = 20

  /// Rewrites `file`'s failing expected states until nothing more changes.
  static func run(_ file: String, options: TestOptions) {
    ExpectedStateUpdates.isRecording = true
    for _ in 0..<roundLimit {
      guard let outcome = round(file, options: options) else { return }
      if !outcome.report.isEmpty { Output.error(outcome.report + "\n") }
      if outcome.changed == 0 {
        if !outcome.refusals.isEmpty { Output.error(outcome.refusals + "\n") }
        return
      }
    }
    Output.error("depsh test --update: \(file) still changes after \(roundLimit) rounds; stopped\n")
  }

  /// One silent run of the file's selected tests, then the rewrites.
  private static func round(_ file: String, options: TestOptions)
    -> (changed: Int, report: String, refusals: String)?
  {
    guard
      let lua = LuaState(
        context: options.context, memoryLimit: options.memoryLimit, sandbox: options.sandbox,
        coverage: false),
      lua.moduleProblem == nil
    else { return nil }
    lua.setArgTable(before: ["depsh", "test"], script: file, after: [])
    if !options.sandbox { TestWorker.addModuleDirectory(of: file, lua: lua) }
    let quiet = Silence()
    defer { quiet.end() }
    if TestWorker.collect(file, lua: lua, timeout: options.timeout) != nil { return nil }
    let count = Int(lua.callHelper("end_collect").first ?? "0") ?? 0
    let selection = TestWorker.Selection(options: options, file: file, lua: lua)
    for index in stride(from: 1, through: count, by: 1) {
      let info = lua.callHelper("test_info", [.number(Double(index))]).values
      let name = (info.first ?? nil) ?? "test \(index)"
      let tags = ((info.count > 3 ? info[3] : nil) ?? "").split(separator: ",").map(String.init)
      guard selection.selects(name: name, tags: tags) else { continue }
      let serial = lua.callHelper("update_serial").first ?? "0"
      if let failure = TestWorker.runTest(index, lua: lua, timeout: options.timeout) {
        lua.callHelper("update_take", [.string(failure.message), .string(serial)])
        // The failed test's stores close now, while the round is silent.
        lua.callHelper("reset")
      }
    }
    let applied = lua.callHelper("update_apply").values
    quiet.end()
    return (
      Int((applied.first ?? nil) ?? "0") ?? 0, (applied.count > 1 ? applied[1] : nil) ?? "",
      (applied.count > 2 ? applied[2] : nil) ?? ""
    )
  }

  /// stdout and stderr to /dev/null until `end()` (the silent rounds print nothing).
  final class Silence {
    private var saved: (Int32, Int32)?

    init() {
      Output.flush()
      let null = open("/dev/null", O_WRONLY)
      guard null >= 0 else { return }
      saved = (dup(1), dup(2))
      dup2(null, 1)
      dup2(null, 2)
      close(null)
    }

    func end() {
      guard let (out, err) = saved else { return }
      Output.flush()
      dup2(out, 1)
      dup2(err, 2)
      close(out)
      close(err)
      saved = nil
    }
  }
}
