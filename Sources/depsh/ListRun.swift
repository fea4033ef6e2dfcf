// `depsh test --list`: one worker process collects every file in turn (a fresh Lua state each,
// no test run), so listing costs one process start plus running the files' top levels. A file
// whose top level ends the process, or is stuck past `--timeout`, is reported and the listing
// goes on with a new worker from the next file.
import CDepsh
import CLua
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

enum ListRun {
  /// Lists the selected tests of `files` in order; how many were listed, how many files could
  /// not be read, and whether Ctrl-C stopped it.
  static func run(
    files: [String], options: TestOptions
  ) -> (listed: Int, failed: Int, interrupted: Bool) {
    var reporter = ListReporter()
    let outcome = collect(files: files, options: options) { reporter.report($0) }
    reporter.finish(passed: outcome.listed, failed: outcome.failed)
    return outcome
  }

  /// The files that hold a selected test, or whose top level failed (the run reports that),
  /// in order; nil when Ctrl-C stopped the listing.
  static func filesToRun(_ files: [String], options: TestOptions) -> [String]? {
    var options = options
    options.list = true
    options.coverage = nil
    var keep = Set<String>()
    let outcome = collect(files: files, options: options) { keep.insert($0.file) }
    guard !outcome.interrupted else { return nil }
    return files.filter(keep.contains)
  }

  /// Collects every file in one worker (restarted after a file that ends or hangs it); hands
  /// each listed test, and each file that could not be read (`passed == false`), to `report`.
  private static func collect(
    files: [String], options: TestOptions, report: (TestResult) -> Void
  ) -> (listed: Int, failed: Int, interrupted: Bool) {
    var listed = 0
    var failed = 0
    var remaining = files[...]
    func fail(_ file: String, _ reason: String) {
      var result = TestResult(
        name: file, source: file, line: 0, passed: false, reason: reason, duration: 0)
      result.file = file
      report(result)
      failed += 1
    }
    while let next = remaining.first {
      guard let worker = Worker(arguments: options.workerArguments() + ["--"] + remaining) else {
        fail(next, "depsh: cannot start a worker process: \(String(cString: strerror(errno)))")
        remaining = remaining.dropFirst()
        continue
      }
      var current: String?
      var since = MonotonicClock.seconds
      var ended = false
      while !ended {
        if Guard.takeInterrupt() {
          kill(-worker.pid, SIGKILL)
          worker.close()
          return (listed, failed, true)
        }
        var descriptor = pollfd(fd: worker.fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 100)
        if descriptor.revents != 0 {
          let bytes = worker.read()
          if bytes.isEmpty {
            ended = true
          } else {
            for case .record(let record) in worker.scanner.feed(bytes) {
              switch record {
              case .file(let path):
                current = path
                since = MonotonicClock.seconds
                if remaining.first == path { remaining = remaining.dropFirst() }
              case .ended(_, var result):
                result.file = current ?? result.source
                if result.passed { listed += 1 } else { failed += 1 }
                report(result)
              case .done:
                current = nil
              case .collecting, .began, .coverage:
                break
              }
            }
          }
        }
        if !ended, let timeout = options.timeout, let file = current,
          MonotonicClock.seconds - since > timeout + TestCommand.grace
        {
          kill(-worker.pid, SIGKILL)
          worker.close()
          fail(file, "timed out after \(Scheduler.format(timeout)) s (stopped outside Lua)")
          current = nil
          break
        }
      }
      guard ended else { continue }
      let status = worker.close()
      if let file = current {
        fail(file, "the test process ended unexpectedly (\(status))")
      } else if remaining.first == next {
        // The worker ended before reaching its first file: do not try it again.
        fail(next, "the test process ended unexpectedly (\(status))")
        remaining = remaining.dropFirst()
      }
    }
    return (listed, failed, false)
  }
}
