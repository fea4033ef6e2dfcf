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

  /// Runs depsh with `arguments` (without the program name); returns the exit code.
  static func main(_ arguments: [String]) -> Int32 {
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

  private static func dispatch(_ arguments: [String]) throws -> Int32 {
    var context: String?
    var snippets: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if let value = try contextOption(arguments, &index) {
        context = value
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
      let options = try TestOptions.parse(Array(rest.dropFirst()), context: context)
      return TestCommand.run(options)
    }
    if let script = rest.first {
      let before = ["depsh"] + Array(arguments[..<index])
      return ScriptRunner.run(
        snippets: snippets, script: script, before: before, arguments: Array(rest.dropFirst()),
        context: context ?? "live")
    }
    if !snippets.isEmpty {
      return ScriptRunner.run(
        snippets: snippets, script: nil, before: [], arguments: [], context: context ?? "live")
    }
    return REPL.run(context: context ?? "preview")
  }
}
