// depsh: argument parsing and dispatch. Thin by design: the runtime is DepsCABI's.
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

enum Shell {
  /// Runs depsh with `arguments` (without the program name); returns the exit code.
  static func main(_ arguments: [String]) -> Int32 {
    switch arguments.first {
    case "--version":
      print("depsh \(DepsVersion.string)")
      return 0
    case "--help", "-h":
      print(Help.usage)
      return 0
    default:
      StandardError.write("depsh: unknown argument \"\(arguments.first ?? "")\"\n\(Help.usageLine)\n")
      return 2
    }
  }
}
