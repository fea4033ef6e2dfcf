// `DEPS_LIVE_CALLS_REPORT=FILE`: at exit, every depsh process (test workers included) appends
// one line to FILE — the number of calls of the catalogue's live implementations it made
// (`LiveCalls`), its command line, and the calls per endpoint:
//   0<TAB>test --worker … -- Tests/Scenarios/counter_test.lua<TAB>
//   2<TAB>-e …<TAB>numberFact.fetch=1 userDefaults=1
// So a run of the scenario suite in the test context can prove it never reached a live
// implementation (scripts/test.d/50-hardening).
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

enum LiveCallsReport {
  static let variable = "DEPS_LIVE_CALLS_REPORT"

  /// Registers the report for process exit when the variable is set (also on `os.exit`).
  static func install() {
    guard let path = getenv(variable), path.pointee != 0 else { return }
    atexit { LiveCallsReport.write() }
  }

  /// The line of this process.
  static var line: String {
    let calls = LiveCalls.snapshot.filter { $0.value > 0 }
    let total = calls.values.reduce(0, +)
    let endpoints = calls.keys.sorted().map { "\($0)=\(calls[$0] ?? 0)" }.joined(separator: " ")
    let command = CommandLine.arguments.dropFirst().joined(separator: " ")
      .replacingAll("\t", with: " ").replacingAll("\n", with: " ")
    return "\(total)\t\(command)\t\(endpoints)\n"
  }

  /// Appends the line in one write (O_APPEND), so processes ending together do not interleave.
  static func write() {
    guard let path = getenv(variable), path.pointee != 0 else { return }
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(line.utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
  }
}
