// The parent half of `depsh test`: finds the files, runs each in a worker process (re-exec of
// depsh; `--jobs N` at once), watches the clock for a test stuck outside Lua (kills the worker,
// reports the test, restarts the file after it), and feeds the reporter file by file in run
// order — so `--jobs N` prints exactly what `--jobs 1` prints. `--list` goes to ListRun; a
// selective run lists first (ListRun.filesToRun) and starts workers only for the files that
// hold a selected test; `--coverage` adds up the workers' line counts and writes the tracefile.
import CDepsh
import CLua
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

enum TestCommand {
  /// How long past `--timeout` a worker may go without answering before it is killed.
  static let grace = 0.5

  /// Exit codes: all passed, failures (or a flaky test), usage error, no test matched.
  static let exitPassed: Int32 = 0
  static let exitFailed: Int32 = 1
  static let exitUsage: Int32 = 2
  static let exitNothing: Int32 = 3

  static func run(_ options: TestOptions) -> Int32 {
    if options.help {
      print(Help.testUsage)
      return exitPassed
    }
    if options.worker { return TestWorker.run(options) }
    let files: [String]
    do {
      files = try options.discover()
      for pattern in options.filters { try validate(pattern: pattern, option: "--filter") }
      for pattern in options.filtersOut {
        try validate(pattern: pattern, option: "--filter-out")
      }
    } catch let error as Shell.UsageError {
      Output.error("depsh: \(error.message)\n\(Help.testUsageLine)\n")
      return exitUsage
    } catch {
      return exitUsage
    }
    // The coverage file is opened (and emptied) before the run: a path that cannot be written
    // is a usage error, found before any test runs.
    var coverageFile: UnsafeMutablePointer<FILE>?
    if let path = options.coverage {
      guard let handle = fopen(path, "w") else {
        Output.error(
          "depsh: test: cannot write the coverage file \(path): "
            + "\(String(cString: strerror(errno)))\n\(Help.testUsageLine)\n")
        return exitUsage
      }
      // Not inherited by the workers.
      _ = fcntl(fileno(handle), F_SETFD, FD_CLOEXEC)
      coverageFile = handle
    }
    signal(SIGPIPE, SIG_IGN)
    // Workers run in their own process groups (so the watchdog can stop what they started):
    // Ctrl-C reaches only this process, which stops them and reports what it has.
    Guard.catchInterrupts([SIGINT, SIGTERM, SIGHUP])
    var ordered = files
    if let seed = options.seed {
      Output.error("Randomized with seed \(seed) (replay this order with --seed \(seed))\n")
      var generator = SeededOrder(seed: seed)
      ordered = generator.shuffle(files)
    }
    if options.list {
      let (listed, failed, interrupted) = ListRun.run(files: ordered, options: options)
      if interrupted {
        Output.error("depsh test: interrupted\n")
        return 130
      }
      if listed + failed == 0 {
        Output.error("depsh test: no test matched\(selectionNote(options))\n")
        return exitNothing
      }
      return failed == 0 ? exitPassed : exitFailed
    }
    if options.selects {
      // A listing pass (one process, the files' top levels only) leaves out the files with
      // no selected test, so they cost no worker process.
      guard let selected = ListRun.filesToRun(ordered, options: options) else {
        if let coverageFile { fclose(coverageFile) }
        Output.error("depsh test: interrupted\n")
        return 130
      }
      ordered = selected
    }
    let interactive = isatty(1) != 0
    let reporter = Reporters.make(
      options.format, colors: interactive && options.format == .pretty, options: options)
    var scheduler = Scheduler(
      files: ordered, options: options, reporter: reporter,
      progress: interactive && options.format != .junit)
    let (passed, failed, interrupted) = scheduler.runAll()
    if interrupted {
      if let coverageFile { fclose(coverageFile) }
      Output.error("depsh test: interrupted\n")
      return 130
    }
    if let path = options.coverage, let coverageFile,
      !writeCoverage(scheduler.coverage, to: coverageFile, named: path)
    {
      return exitFailed
    }
    if passed + failed == 0 {
      Output.error("depsh test: no test matched\(selectionNote(options))\n")
      return exitNothing
    }
    return failed == 0 ? exitPassed : exitFailed
  }

  /// What narrowed the run, for the "no test matched" line.
  private static func selectionNote(_ options: TestOptions) -> String {
    var parts: [String] = []
    for pattern in options.filters { parts.append("--filter \(pattern)") }
    for pattern in options.filtersOut { parts.append("--filter-out \(pattern)") }
    if !options.tags.isEmpty { parts.append("--tags \(options.tags.joined(separator: ","))") }
    if !options.excludeTags.isEmpty {
      parts.append("--exclude-tags \(options.excludeTags.joined(separator: ","))")
    }
    if let shard = options.shard { parts.append("--shard \(shard.text)") }
    let paths = options.paths.joined(separator: " ")
    return parts.isEmpty
      ? " (in \(paths))" : " (in \(paths), with \(parts.joined(separator: ", ")))"
  }

  /// Writes the lcov tracefile and prints the per-file summary (stderr); false if it failed.
  private static func writeCoverage(
    _ counts: Coverage.Counts, to handle: UnsafeMutablePointer<FILE>, named path: String
  ) -> Bool {
    let reports = Coverage.report(counts)
    let text = Coverage.tracefile(reports)
    let written = fputs(text, handle) >= 0
    let closed = fclose(handle) == 0
    guard written, closed else {
      Output.error("depsh test: cannot write the coverage file \(path)\n")
      return false
    }
    Output.error(Coverage.summary(reports, written: path))
    return true
  }

  private static func validate(pattern: String, option: String) throws {
    guard let lua = luaL_newstate() else { return }
    defer { lua_close(lua) }
    luaL_openlibs(lua)
    lua_getglobal(lua, "string")
    lua_getfield(lua, -1, "find")
    lua_pushstring(lua, "")
    lua_pushstring(lua, pattern)
    if clua_pcall(lua, 2, 1, 0) != LUA_OK {
      let message = clua_tostring(lua, -1).map { String(cString: $0) } ?? "bad pattern"
      throw Shell.UsageError(message: "test: bad \(option) pattern: \(message)")
    }
  }
}

/// Runs the files' workers and hands results to the reporter in file order.
struct Scheduler {
  final class FileRun {
    let path: String
    var results: [TestResult] = []
    var reported = 0
    var started = false
    var finished = false
    var worker: Worker?
    var output = ""
    /// What is running in the worker now: the test's position (nil: the file's top level),
    /// name and place, and since when.
    var current: Running?
    /// After a restart, the file's top level runs again: its output was already reported.
    var discardOutput = false

    init(path: String) { self.path = path }
  }

  struct Running {
    var position: Int?
    var name: String
    var source: String
    var line: Int
    var since: Double

    /// `file:line` of the test, or the file.
    var place: String { line > 0 ? "\(source):\(line)" : source }
  }

  let files: [FileRun]
  let options: TestOptions
  var reporter: any TestReporter
  /// `--coverage`: the line counts the workers sent.
  private(set) var coverage = Coverage.Counts()
  let progress: Bool
  private var nextToStart = 0
  private var nextToReport = 0
  private var passed = 0
  private var failed = 0
  /// The progress line on the terminal now, if any.
  private var progressShown: String?

  init(files: [String], options: TestOptions, reporter: any TestReporter, progress: Bool) {
    self.files = files.map(FileRun.init)
    self.options = options
    self.reporter = reporter
    self.progress = progress
  }

  mutating func runAll() -> (passed: Int, failed: Int, interrupted: Bool) {
    while nextToReport < files.count {
      if Guard.takeInterrupt() {
        for file in running {
          if let worker = file.worker { kill(-worker.pid, SIGKILL) }
          file.worker?.close()
          file.worker = nil
        }
        clearProgress()
        reporter.finish(passed: passed, failed: failed)
        return (passed, failed, true)
      }
      while nextToStart < files.count, running.count < options.jobs {
        start(files[nextToStart], skip: 0)
        nextToStart += 1
      }
      pump()
      flushReports()
    }
    clearProgress()
    reporter.finish(passed: passed, failed: failed)
    return (passed, failed, false)
  }

  private var running: [FileRun] { files.filter { $0.worker != nil } }

  private func start(_ file: FileRun, skip: Int) {
    file.started = true
    let arguments = options.workerArguments(skip: skip) + ["--", file.path]
    file.current = Running(
      position: nil, name: file.path, source: file.path, line: 0, since: MonotonicClock.seconds)
    file.discardOutput = skip > 0
    if let worker = Worker(arguments: arguments) {
      file.worker = worker
    } else {
      file.results.append(
        TestResult(
          name: file.path, source: file.path, line: 0, passed: false,
          reason: "depsh: cannot start a worker process: \(String(cString: strerror(errno)))",
          duration: 0, file: file.path))
      file.finished = true
    }
  }

  /// Waits for output from the running workers (or the next watchdog deadline) and handles it.
  private mutating func pump() {
    let active = running
    guard !active.isEmpty else { return }
    var fds = active.map { pollfd(fd: $0.worker?.fd ?? -1, events: Int16(POLLIN), revents: 0) }
    _ = poll(&fds, nfds_t(fds.count), 100)
    for (index, file) in active.enumerated() {
      guard let worker = file.worker else { continue }
      if fds[index].revents != 0 {
        let bytes = worker.read()
        if bytes.isEmpty {
          finishWorker(file)
          continue
        }
        for piece in worker.scanner.feed(bytes) { handle(piece, in: file) }
      }
      watch(file)
    }
    showProgress()
  }

  private mutating func handle(_ piece: RecordScanner.Piece, in file: FileRun) {
    switch piece {
    case .output(let text):
      if !file.discardOutput { file.output += text }
    case .record(.collecting):
      file.current = Running(
        position: nil, name: file.path, source: file.path, line: 0, since: MonotonicClock.seconds)
    case .record(.began(let index, let name, let source, let line)):
      file.discardOutput = false
      file.current = Running(
        position: index, name: name, source: source, line: line, since: MonotonicClock.seconds)
    case .record(.ended(_, var result)):
      result.output = file.output
      result.file = file.path
      file.output = ""
      file.results.append(result)
      file.current = nil
    case .record(.coverage(let fields)):
      coverage.add(fields)
    case .record(.file):
      break
    case .record(.done):
      file.current = nil
    }
  }

  /// The watchdog: a test past `--timeout` + grace is stuck outside Lua (the hook would have
  /// stopped it otherwise): kill the worker, report the test, go on after it.
  private func watch(_ file: FileRun) {
    guard let timeout = options.timeout, let current = file.current, let worker = file.worker
    else { return }
    guard MonotonicClock.seconds - current.since > timeout + TestCommand.grace else { return }
    kill(-worker.pid, SIGKILL)
    worker.close()
    file.worker = nil
    let place = current.position == nil ? "while running the file's top level" : "outside Lua"
    file.results.append(
      TestResult(
        name: current.name, source: current.source, line: current.line, passed: false,
        reason: "\(current.place): timed out after \(Self.format(timeout)) s (stopped \(place))",
        duration: MonotonicClock.seconds - current.since, output: file.output, file: file.path))
    file.output = ""
    file.current = nil
    if let position = current.position {
      start(file, skip: position + 1)
    } else {
      file.finished = true
    }
  }

  /// The worker's stream ended: collect its status; a test it was inside of has failed.
  private func finishWorker(_ file: FileRun) {
    guard let worker = file.worker else { return }
    let leftover = worker.scanner.flush()
    file.output += leftover
    let status = worker.close()
    file.worker = nil
    guard let current = file.current else {
      file.finished = true
      return
    }
    file.results.append(
      TestResult(
        name: current.name, source: current.source, line: current.line, passed: false,
        reason: "\(current.place): the test process ended unexpectedly (\(status))",
        duration: MonotonicClock.seconds - current.since, output: file.output, file: file.path))
    file.output = ""
    file.current = nil
    if let position = current.position {
      start(file, skip: position + 1)
    } else {
      file.finished = true
    }
  }

  /// Reports what is complete, strictly in file order.
  private mutating func flushReports() {
    while nextToReport < files.count {
      let file = files[nextToReport]
      guard file.started else { return }
      if file.reported < file.results.count { clearProgress() }
      if file.reported == 0, !file.results.isEmpty { reporter.fileStarted(file.path) }
      while file.reported < file.results.count {
        let result = file.results[file.reported]
        if result.passed { passed += 1 } else { failed += 1 }
        reporter.report(result)
        file.reported += 1
      }
      guard file.finished, file.worker == nil else { return }
      nextToReport += 1
    }
  }

  /// On a terminal, a line saying what has been running for more than a second.
  private mutating func showProgress() {
    guard progress else { return }
    let now = MonotonicClock.seconds
    guard let file = running.first(where: { now - ($0.current?.since ?? now) > 1 }),
      let current = file.current
    else { return }
    let done = passed + failed
    let line = "[\(done) done] \(file.path): \(current.name) (\(Int(now - current.since)) s)"
    let text = String(line.prefix(100))
    guard text != progressShown else { return }
    reporter.breakLine()
    Reporters.write("\r\u{1B}[K" + text)
    progressShown = text
  }

  private mutating func clearProgress() {
    guard progressShown != nil else { return }
    Reporters.write("\r\u{1B}[K")
    progressShown = nil
  }

  /// Seconds as Lua prints a float (`0.5`, `2.0`), matching the guard hook's message.
  static func format(_ seconds: Double) -> String { String(seconds) }
}
