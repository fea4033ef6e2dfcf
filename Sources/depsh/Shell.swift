// depsh: argument parsing and dispatch. Thin by design: the runtime is DepsCABI's Lua module;
// this file decides which of the REPL, a script, `-e` code or the test runner to start.
import CLua
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

enum Shell {
  static let contexts = ["live", "preview", "test"]

  /// A command-line mistake: the message, printed with the usage line; exit code 2.
  struct UsageError: Error {
    var message: String
  }

  /// What applies to every Lua state depsh creates (`--memory-limit`, `--sandbox`).
  struct Limits {
    /// Megabytes (nil: the mode's default; 0: none).
    var memoryLimit: Int?
    var sandbox = false
  }

  /// Runs depsh with `arguments` (without the program name); returns the exit code.
  static func main(_ arguments: [String]) -> Int32 {
    LiveCallsReport.install()
    do {
      return try dispatch(arguments)
    } catch let error as UsageError {
      Output.error("depsh: \(error.message)\n\(Help.usageLine)\n")
      return 2
    } catch {
      Output.error("depsh: \(error)\n")
      return 1
    }
  }

  /// Reads `--context NAME` / `--context=NAME` at `arguments[index]`; nil if it is not one.
  static func contextOption(_ arguments: [String], _ index: inout Int) throws -> String? {
    let argument = arguments[index]
    var value: String
    if argument == "--context" {
      guard index + 1 < arguments.count else {
        throw UsageError(message: "--context needs a value: live, preview or test")
      }
      index += 1
      value = arguments[index]
    } else if argument.hasPrefix("--context=") {
      value = String(argument.dropFirst("--context=".count))
    } else {
      return nil
    }
    guard contexts.contains(value) else {
      throw UsageError(message: "unknown context \"\(value)\" (expected live, preview or test)")
    }
    return value
  }

  /// Reads `--memory-limit MB` / `--memory-limit=MB` at `arguments[index]`; nil if it is not
  /// one. A whole number of megabytes, 0 for no limit.
  static func memoryLimitOption(_ arguments: [String], _ index: inout Int) throws -> Int? {
    let argument = arguments[index]
    let text: String
    if argument == "--memory-limit" {
      guard index + 1 < arguments.count else {
        throw UsageError(message: "--memory-limit needs a number of megabytes")
      }
      index += 1
      text = arguments[index]
    } else if argument.hasPrefix("--memory-limit=") {
      text = String(argument.dropFirst("--memory-limit=".count))
    } else {
      return nil
    }
    guard let megabytes = Int(text), megabytes >= 0, megabytes <= 1_048_576 else {
      throw UsageError(
        message: "--memory-limit needs a whole number of megabytes (0: none), got \"\(text)\"")
    }
    return megabytes
  }

  private static func dispatch(_ arguments: [String]) throws -> Int32 {
    var context: String?
    var limits = Limits()
    var snippets: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if let value = try contextOption(arguments, &index) {
        context = value
      } else if let megabytes = try memoryLimitOption(arguments, &index) {
        limits.memoryLimit = megabytes
      } else if argument == "--sandbox" {
        limits.sandbox = true
      } else if argument == "--record" || argument.hasPrefix("--record=") {
        var file = String(argument.dropFirst("--record=".count))
        if argument == "--record" {
          guard index + 1 < arguments.count else {
            throw UsageError(message: "--record needs a file name")
          }
          index += 1
          file = arguments[index]
        }
        try ScriptRecording.start(file)
      } else if argument == "--version" || argument == "-v" {
        print("depsh \(DepsVersion.string) (\(String(cString: clua_release())))")
        return 0
      } else if argument == "--help" || argument == "-h" {
        print(Help.usage)
        return 0
      } else if argument == "-e" {
        guard index + 1 < arguments.count else { throw UsageError(message: "-e needs an argument") }
        index += 1
        snippets.append(arguments[index])
      } else if argument.hasPrefix("-e"), argument.count > 2 {
        snippets.append(String(argument.dropFirst(2)))
      } else if argument == "--" {
        index += 1
        break
      } else if argument.hasPrefix("-"), argument != "-" {
        throw UsageError(message: "unrecognized option '\(argument)'")
      } else {
        break
      }
      index += 1
    }
    let rest = Array(arguments[index...])
    if rest.first == "test", snippets.isEmpty {
      let options: TestOptions
      do {
        options = try TestOptions.parse(Array(rest.dropFirst()), context: context, limits: limits)
      } catch let error as UsageError {
        Output.error("depsh: \(error.message)\n\(Help.testUsageLine)\n")
        return TestCommand.exitUsage
      }
      return TestCommand.run(options)
    }
    if let script = rest.first {
      let before = ["depsh"] + Array(arguments[..<index])
      return ScriptRunner.run(
        snippets: snippets, script: script, before: before, arguments: Array(rest.dropFirst()),
        context: context ?? "live", limits: limits)
    }
    if !snippets.isEmpty {
      return ScriptRunner.run(
        snippets: snippets, script: nil, before: [], arguments: [], context: context ?? "live",
        limits: limits)
    }
    return REPL.run(context: context ?? "preview", limits: limits)
  }
}
