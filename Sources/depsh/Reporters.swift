// The three faces of a test run. pretty: like busted (a mark per test, then each failure with
// its file, line and reason); tap: TAP (`ok 1 - name`, `not ok 2 - name`, the reason indented
// under it); junit: JUnit XML for CI. All end with the line "N passed, N failed" (for junit on
// stderr, so stdout stays valid XML). Under `--repeat` each names flaky tests and pass counts;
// under `--shard` TAP and JUnit name the shard. `--list` has its own (ListReporter).
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

protocol TestReporter {
  /// Called once per file, in run order, before its first result.
  mutating func fileStarted(_ file: String)
  mutating func report(_ result: TestResult)
  mutating func finish(passed: Int, failed: Int)
  /// Ends a half-written line (before a progress line on a terminal).
  mutating func breakLine()
}

extension TestReporter {
  mutating func breakLine() {}
}

enum Reporters {
  static func make(
    _ format: TestOptions.Format, colors: Bool, options: TestOptions = TestOptions()
  ) -> any TestReporter {
    switch format {
    case .pretty: return PrettyReporter(colors: colors, repeatCount: options.repeatCount)
    case .tap: return TAPReporter(shard: options.shard)
    case .junit: return JUnitReporter(shard: options.shard)
    }
  }

  /// `--repeat`: "passed 2 of 3 runs" (or "failed 3 of 3 runs").
  static func runs(_ result: TestResult) -> String {
    result.passes == 0
      ? "failed \(result.runs) of \(result.runs) runs"
      : "passed \(result.passes) of \(result.runs) runs"
  }

  static func summary(passed: Int, failed: Int) -> String {
    "\(passed) passed, \(failed) failed"
  }

  static func write(_ text: String) {
    Output.write(text)
  }

  static func indent(_ text: String, by prefix: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : prefix + $0 }.joined(separator: "\n")
  }
}

struct PrettyReporter: TestReporter {
  var colors: Bool
  /// `--repeat N`: flaky tests are named as such, and every test's pass count is listed.
  var repeatCount = 1
  private var failures: [TestResult] = []
  private var all: [TestResult] = []
  private var midLine = false

  init(colors: Bool, repeatCount: Int = 1) {
    self.colors = colors
    self.repeatCount = repeatCount
  }

  mutating func fileStarted(_ file: String) {}

  mutating func breakLine() {
    if midLine { Reporters.write("\n") }
    midLine = false
  }

  mutating func report(_ result: TestResult) {
    if !result.output.isEmpty {
      Reporters.write(
        (midLine ? "\n" : "") + result.output
          + (result.output.hasSuffix("\n") ? "" : "\n"))
      midLine = false
    }
    let mark = result.passed ? "●" : "◼"
    let color = result.passed ? "\u{1B}[32m" : "\u{1B}[31m"
    Reporters.write(colors ? color + mark + "\u{1B}[0m" : mark)
    midLine = true
    if !result.passed { failures.append(result) }
    all.append(result)
  }

  mutating func finish(passed: Int, failed: Int) {
    var text = midLine ? "\n" : ""
    for failure in failures {
      let word = failure.flaky ? "Flaky" : "Failure"
      let title = colors ? "\u{1B}[31m\(word)\u{1B}[0m" : word
      let place = failure.line > 0 ? "\(failure.source) @ \(failure.line)" : failure.source
      var reason = failure.reason
      if failure.runs > 1 {
        reason = Reporters.runs(failure) + "; the first failure:\n" + reason
      }
      text += "\n\(title) → \(place)\n\(failure.name)\n\(reason)\n"
    }
    if repeatCount > 1, !all.isEmpty {
      let flaky = all.filter(\.flaky).count
      text += "\nPass counts (\(repeatCount) runs each):\n"
      let counts = all.map { "\($0.passes)/\($0.runs)" }
      let width = counts.map(\.count).max() ?? 0
      for (result, count) in zip(all, counts) {
        let place = result.line > 0 ? "\(result.source):\(result.line)" : result.source
        text +=
          "  " + String(repeating: " ", count: width - count.count) + count + "  "
          + place + "  " + result.name + (result.flaky ? "  (flaky)" : "") + "\n"
      }
      text += "\(flaky) flaky\n"
    }
    Reporters.write(text + "\n" + Reporters.summary(passed: passed, failed: failed) + "\n")
  }
}

struct TAPReporter: TestReporter {
  private var number = 0

  init(shard: TestOptions.Shard? = nil) {
    Reporters.write("TAP version 13\n" + (shard.map { "# shard \($0.text)\n" } ?? ""))
  }

  mutating func fileStarted(_ file: String) {
    Reporters.write("# \(file)\n")
  }

  mutating func report(_ result: TestResult) {
    number += 1
    var text = ""
    if !result.output.isEmpty {
      text +=
        Reporters.indent(
          result.output.hasSuffix("\n")
            ? String(result.output.dropLast()) : result.output, by: "# ") + "\n"
    }
    text += "\(result.passed ? "ok" : "not ok") \(number) - \(result.name)"
    if result.runs > 1 {
      text += " # \(result.flaky ? "flaky: " : "")\(Reporters.runs(result))"
    }
    text += "\n"
    if !result.passed { text += Reporters.indent(result.reason, by: "  ") + "\n" }
    Reporters.write(text)
  }

  mutating func finish(passed: Int, failed: Int) {
    Reporters.write("1..\(number)\n" + Reporters.summary(passed: passed, failed: failed) + "\n")
  }
}

struct JUnitReporter: TestReporter {
  private var files: [(name: String, results: [TestResult])] = []
  /// `--shard K/N`: named in the report (`depsh shard K/N`), so CI keeps the shards apart.
  var shard: TestOptions.Shard?

  init(shard: TestOptions.Shard? = nil) { self.shard = shard }

  mutating func fileStarted(_ file: String) {
    files.append((file, []))
  }

  mutating func report(_ result: TestResult) {
    if files.isEmpty { files.append((result.file, [])) }
    files[files.count - 1].results.append(result)
  }

  mutating func finish(passed: Int, failed: Int) {
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    let total = files.reduce(0) { $0 + $1.results.count }
    let time = files.reduce(0.0) { $0 + $1.results.reduce(0.0) { $0 + $1.duration } }
    let suiteName = shard.map { "depsh shard \($0.text)" } ?? "depsh"
    xml +=
      "<testsuites name=\"\(suiteName)\" tests=\"\(total)\" failures=\"\(failed)\" errors=\"0\""
      + " time=\"\(Self.seconds(time))\">\n"
    for file in files {
      let failures = file.results.filter { !$0.passed }.count
      let suiteTime = file.results.reduce(0.0) { $0 + $1.duration }
      xml +=
        "  <testsuite name=\"\(Self.escape(file.name))\" tests=\"\(file.results.count)\""
        + " failures=\"\(failures)\" errors=\"0\" skipped=\"0\""
        + " time=\"\(Self.seconds(suiteTime))\">\n"
      for result in file.results {
        xml +=
          "    <testcase name=\"\(Self.escape(result.name))\""
          + " classname=\"\(Self.escape(file.name))\" file=\"\(Self.escape(result.source))\""
          + " line=\"\(result.line)\" time=\"\(Self.seconds(result.duration))\""
        if result.passed && result.output.isEmpty {
          xml += "/>\n"
          continue
        }
        xml += ">\n"
        if !result.passed {
          var reason = result.reason
          if result.runs > 1 {
            reason = (result.flaky ? "flaky: " : "") + Reporters.runs(result) + "\n" + reason
          }
          let first = reason.split(separator: "\n").first.map(String.init) ?? ""
          xml +=
            "      <failure message=\"\(Self.escape(first))\""
            + " type=\"\(result.flaky ? "flaky" : "failure")\">"
            + Self.escape(reason) + "</failure>\n"
        }
        if !result.output.isEmpty {
          xml += "      <system-out>" + Self.escape(result.output) + "</system-out>\n"
        }
        xml += "    </testcase>\n"
      }
      xml += "  </testsuite>\n"
    }
    xml += "</testsuites>\n"
    Reporters.write(xml)
    Output.error(Reporters.summary(passed: passed, failed: failed) + "\n")
  }

  static func seconds(_ value: Double) -> String {
    let millis = Int((value * 1000).rounded())
    let fraction = String(millis % 1000)
    return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  /// XML text: markup escaped, characters XML 1.0 forbids (and ANSI escapes) dropped.
  static func escape(_ text: String) -> String {
    var out = ""
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
        continue
      }
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\u{1B}": inEscape = true
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      default:
        if scalar.value >= 0x20 && !(0xFFFE...0xFFFF).contains(scalar.value) {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}

/// `--list`: each selected test as `file:line: name [tags]`, in run order; a file that cannot
/// be read is reported on stderr. The count goes to stderr, so stdout is just the list.
struct ListReporter: TestReporter {
  mutating func fileStarted(_ file: String) {}

  mutating func report(_ result: TestResult) {
    guard result.passed else {
      Output.error("depsh test: cannot list \(result.file): \(result.reason)\n")
      return
    }
    let tags = result.tags.isEmpty ? "" : " [\(result.tags.joined(separator: ", "))]"
    // A file without deps.test is one test named after the file.
    let entry = result.line > 0 ? "\(result.source):\(result.line): \(result.name)" : result.source
    Reporters.write(entry + tags + "\n")
  }

  mutating func finish(passed: Int, failed: Int) {
    Output.error("\(passed) \(passed == 1 ? "test" : "tests")\n")
  }
}
