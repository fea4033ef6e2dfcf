// Tracing under `depsh test --trace / --timeline DIR / --strict-overrides`: every store a test
// opens reports to a recorder of its own (DependencyTrace); after each test the worker writes
// the timelines (`DIR/<file>--<test>.txt` and `.mmd`) of a failing test (every test with
// `--timeline-all`) whose stores recorded a step — those traced by `--trace` and those with a
// recorder of their own (`trace = true`, a cassette). Traced or not, it notes the overrides the
// test never used on stderr, or fails the test with them under `--strict-overrides`.
import DepsCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

enum TestTrace {
  /// Turns tracing on for the worker's stores (once, before any test runs).
  static func install(_ options: TestOptions) {
    DependencyCheck.checksOnOpen = options.checkDeps
    guard options.tracesTests else { return }
    AmbientTrace.install { DependencyTrace() }
    // Stores with a recorder of their own (trace = true, a cassette) have timelines too.
    OpenedTraces.startWatching()
    if let directory = options.timelineDirectory { mkdir(directory, 0o755) }
  }

  /// Forgets the recorders and notes of the previous test.
  static func beginTest() {
    _ = OpenedTraces.take()
    _ = UnusedOverrides.takeNotes()
  }

  /// After a test (its stores closed): writes its timelines and returns the failure to add
  /// (unused overrides under `--strict-overrides`), printing them as notes otherwise. The
  /// timelines are those of every store the test opened with a recorder (the ambient one of
  /// `--trace`, or its own: `trace = true`, a cassette); the unused overrides those the test's
  /// stores reported when they closed (every test store with overrides watches them, traced or
  /// not).
  static func endTest(
    file: String, name: String, failed: Bool, options: TestOptions
  ) -> String? {
    let unused = UnusedOverrides.takeNotes()
    // A test whose stores recorded no step has no timeline to write (no empty files).
    let all = OpenedTraces.take().filter { !$0.events.isEmpty }
    if let directory = options.timelineDirectory, failed || options.timelineAll, !all.isEmpty {
      let base = "\(directory)/\(slug(file))--\(slug(name))"
      let text = all.map { $0.timelineText() }.joined(separator: "\n\n")
      let mermaid = all.map { $0.timelineMermaid() }.joined(separator: "\n")
      write(text + "\n", to: base + ".txt")
      write(mermaid, to: base + ".mmd")
    }
    guard !unused.isEmpty else { return nil }
    if options.strictOverrides { return unused.joined(separator: "\n") }
    for message in unused { Output.error("note: \(name): \(message)\n") }
    return nil
  }

  /// `file` or a test name as a file name: letters, digits, `.`, `_` and `-`; others `-`.
  static func slug(_ text: String) -> String {
    let last = text.split(separator: "/").last.map(String.init) ?? text
    return String(
      last.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" ? $0 : "-" })
  }

  private static func write(_ text: String, to path: String) {
    guard let handle = fopen(path, "w") else {
      Output.error("depsh: cannot write timeline \(path): \(String(cString: strerror(errno)))\n")
      return
    }
    fputs(text, handle)
    fclose(handle)
  }
}

/// `depsh --record FILE script.lua`: every live endpoint call of the run's stores goes to one
/// cassette (record mode `all`), written when depsh exits.
enum ScriptRecording {
  private static let cassette = Mutex<Cassette?>(nil)

  static func start(_ path: String) throws {
    let opened: Cassette
    do {
      opened = try Cassette(path: path, mode: .all)
    } catch {
      throw Shell.UsageError(message: "--record: \(error.message)")
    }
    cassette.withLock { $0 = opened }
    AmbientTrace.install { DependencyTrace(cassette: opened) }
    atexit { ScriptRecording.save() }
  }

  static func save() {
    guard let cassette = cassette.withLock({ $0 }) else { return }
    do {
      try cassette.save()
    } catch {
      Output.error("depsh: \(error.message)\n")
    }
  }
}
