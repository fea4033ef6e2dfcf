// `depsh test` options and file discovery. A file path runs that file; a directory (default: .)
// is searched recursively for `*_test.lua` (hidden directories skipped), sorted by path.
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

struct TestOptions {
  enum Format: String {
    case pretty, tap, junit
  }

  /// `--shard K/N`: run the tests whose file and name hash to K (1-based) of N.
  struct Shard: Equatable {
    var index: Int
    var count: Int

    var text: String { "\(index)/\(count)" }
  }

  var paths: [String] = []
  var format: Format = .pretty
  /// `--filter`: a test runs when its name matches one of these Lua patterns (none: all).
  var filters: [String] = []
  /// `--filter-out`: a test whose name matches one of these Lua patterns is skipped.
  var filtersOut: [String] = []
  /// `--tags`: a test runs when it has one of these tags (none: all).
  var tags: [String] = []
  /// `--exclude-tags`: a test with one of these tags is skipped.
  var excludeTags: [String] = []
  /// `--list`: print the selected tests instead of running them.
  var list = false
  /// `--repeat N`: run each selected test N times.
  var repeatCount = 1
  var shard: Shard?
  /// `--coverage FILE`: the lcov tracefile to write (the parent) / count lines (a worker).
  var coverage: String?
  var jobs = 1
  var timeout: Double?
  var seed: UInt64?
  /// `--repro DIR`: where each falsified `deps.explore` property's repro scenario goes.
  var reproDirectory: String?
  var context = "test"
  /// `--memory-limit MB` of each file's Lua state (0: none).
  var memoryLimit = MemoryLimit.testDefaultMegabytes
  /// `--sandbox`.
  var sandbox = false
  /// `--help`.
  var help = false
  /// `--check-deps`: a test store whose feature may reach an endpoint with neither a test
  /// value nor an override fails when it opens.
  var checkDeps = false
  /// `--timeline DIR`: write the timeline of each failing test there.
  var timelineDirectory: String?
  /// `--timeline-all`: write the timeline of every test (with `--timeline DIR`).
  var timelineAll = false
  /// `--strict-overrides`: an override a test never used fails it.
  var strictOverrides = false
  /// `--update`: re-record the expected states of failing steps in the scenario files.
  var update = false
  /// `--trace`: trace every test store (unused overrides noted, failures end with the last
  /// steps); implied by `--timeline` and `--strict-overrides`.
  var trace = false
  /// Whether the worker traces every test store (unused overrides are reported without it).
  var tracesTests: Bool { trace || timelineDirectory != nil }
  /// Hidden: run as the per-file worker process of a parent `depsh test`.
  var worker = false
  /// Hidden (worker): start at this test of the file's run list (after a stuck test).
  var skip = 0

  static func parse(
    _ arguments: [String], context: String?, limits: Shell.Limits = Shell.Limits()
  ) throws -> TestOptions {
    var options = TestOptions()
    if let context { options.context = context }
    if let megabytes = limits.memoryLimit { options.memoryLimit = megabytes }
    options.sandbox = limits.sandbox
    let isWorker = arguments.contains("--worker")
    // -h/--help wins over everything else (even a bad option before it).
    for argument in arguments {
      if argument == "--" { break }
      if argument == "--help" || argument == "-h" {
        options.help = true
        return options
      }
    }
    var profile: String?
    var configPath: String?
    var index = 0
    var rest: [String] = []
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        rest += arguments[index...]
        break
      }
      if argument == "-r" || Self.matches(argument, "--run") {
        profile = try Self.value(argument == "-r" ? "-r" : "--run", arguments, &index)
      } else if Self.matches(argument, "--config") {
        configPath = try Self.value("--config", arguments, &index)
      } else {
        rest.append(argument)
      }
      index += 1
    }
    var configPaths: [String] = []
    var cleared = Set<String>()
    // The command line's own paths say where to look for a `.depsh` next to the suite.
    var probe = TestOptions()
    var probeCleared = Set<String>()
    try probe.apply(rest, cleared: &probeCleared, replacing: true)
    if !isWorker, let config = try TestConfig.load(explicit: configPath, paths: probe.paths) {
      let sections = try config.sections(profile: profile)
      for section in sections {
        do {
          try options.apply(section.arguments, cleared: &cleared, replacing: false)
        } catch let error as Shell.UsageError {
          throw Shell.UsageError(
            message: "test: \(config.path): profile \"\(section.name)\": "
              + error.message.droppingPrefix("test: "))
        }
        configPaths += section.paths
      }
    } else if let profile {
      throw Shell.UsageError(
        message: "test: -r \(profile): no .depsh config file here (or give one with --config FILE)")
    }
    try options.apply(rest, cleared: &cleared, replacing: true)
    if options.paths.isEmpty { options.paths = configPaths }
    if options.paths.isEmpty { options.paths = ["."] }
    if options.list, options.update, !isWorker {
      throw Shell.UsageError(message: "test: --list runs no test: it cannot be used with --update")
    }
    if options.list, options.coverage != nil, !isWorker {
      throw Shell.UsageError(
        message: "test: --list runs no test: it cannot be used with --coverage")
    }
    return options
  }

  private static func matches(_ argument: String, _ name: String) -> Bool {
    argument == name || argument.hasPrefix(name + "=")
  }

  private static func value(
    _ name: String, _ arguments: [String], _ index: inout Int
  ) throws -> String {
    let argument = arguments[index]
    if argument.hasPrefix(name + "=") { return String(argument.dropFirst(name.count + 1)) }
    guard index + 1 < arguments.count else {
      throw Shell.UsageError(message: "test: \(name) needs a value")
    }
    index += 1
    return arguments[index]
  }

  /// The tags of `--tags a,b` (empty items dropped); at least one.
  private static func tagList(_ text: String, option: String) throws -> [String] {
    let tags = text.split(separator: ",").map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
    guard !tags.isEmpty else {
      throw Shell.UsageError(message: "test: \(option) needs at least one tag, got \"\(text)\"")
    }
    return tags
  }

  /// Parses `arguments` onto these options. With `replacing` (the command line), a list option
  /// met for the first time replaces what the config file gave (`cleared`: the lists replaced).
  private mutating func apply(
    _ arguments: [String], cleared: inout Set<String>, replacing: Bool
  ) throws {
    var index = 0
    var onlyPaths = false
    func addItems(_ name: String, _ values: inout [String], _ new: [String]) {
      if replacing, cleared.insert(name).inserted { values = [] }
      values += new
    }
    while index < arguments.count {
      let argument = arguments[index]
      func value(_ name: String) throws -> String {
        try Self.value(name, arguments, &index)
      }
      if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
        paths.append(argument)
      } else if argument == "--" {
        onlyPaths = true
      } else if let context = try Shell.contextOption(arguments, &index) {
        self.context = context
      } else if let megabytes = try Shell.memoryLimitOption(arguments, &index) {
        memoryLimit = megabytes
      } else if argument == "--sandbox" {
        sandbox = true
      } else if Self.matches(argument, "--format") {
        let text = try value("--format")
        guard let format = Format(rawValue: text) else {
          throw Shell.UsageError(
            message: "test: unknown format \"\(text)\" (expected pretty, tap or junit)")
        }
        self.format = format
      } else if Self.matches(argument, "--filter") {
        addItems("filter", &filters, [try value("--filter")])
      } else if Self.matches(argument, "--filter-out") {
        addItems("filter_out", &filtersOut, [try value("--filter-out")])
      } else if Self.matches(argument, "--tags") {
        addItems("tags", &tags, try Self.tagList(value("--tags"), option: "--tags"))
      } else if Self.matches(argument, "--exclude-tags") {
        addItems(
          "exclude_tags", &excludeTags,
          try Self.tagList(value("--exclude-tags"), option: "--exclude-tags"))
      } else if argument == "--list" {
        list = true
      } else if Self.matches(argument, "--repeat") {
        let text = try value("--repeat")
        guard let count = Int(text), count > 0, count <= 1_000_000 else {
          throw Shell.UsageError(
            message: "test: --repeat needs a whole number from 1 to 1000000, got \"\(text)\"")
        }
        repeatCount = count
      } else if Self.matches(argument, "--shard") {
        let text = try value("--shard")
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n > 0, k >= 1,
          k <= n
        else {
          throw Shell.UsageError(
            message: "test: --shard needs K/N with 1 ≤ K ≤ N (e.g. 2/4), got \"\(text)\"")
        }
        shard = Shard(index: k, count: n)
      } else if Self.matches(argument, "--coverage") {
        let text = try value("--coverage")
        guard !text.isEmpty else {
          throw Shell.UsageError(message: "test: --coverage needs a file name")
        }
        coverage = text
      } else if Self.matches(argument, "--jobs") || argument == "-j" {
        let text = try value(argument == "-j" ? "-j" : "--jobs")
        guard let jobs = Int(text), jobs > 0 else {
          throw Shell.UsageError(
            message: "test: --jobs needs a positive whole number, got \"\(text)\"")
        }
        self.jobs = jobs
      } else if Self.matches(argument, "--timeout") {
        let text = try value("--timeout")
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
          throw Shell.UsageError(
            message: "test: --timeout needs a positive number of seconds, got \"\(text)\"")
        }
        timeout = seconds
      } else if argument == "--check-deps" {
        checkDeps = true
      } else if Self.matches(argument, "--timeline") {
        timelineDirectory = try value("--timeline")
      } else if argument == "--timeline-all" {
        timelineAll = true
      } else if argument == "--strict-overrides" {
        strictOverrides = true
      } else if argument == "--trace" {
        trace = true
      } else if argument == "--update" {
        update = true
      } else if argument == "--shuffle" {
        if seed == nil { seed = UInt64(timeSeed()) }
      } else if Self.matches(argument, "--seed") {
        let text = try value("--seed")
        guard let seed = UInt64(text) else {
          throw Shell.UsageError(message: "test: --seed needs a whole number, got \"\(text)\"")
        }
        self.seed = seed
      } else if Self.matches(argument, "--repro") {
        let text = try value("--repro")
        guard !text.isEmpty else {
          throw Shell.UsageError(message: "test: --repro needs a directory name")
        }
        reproDirectory = text
      } else if argument == "--worker" {
        worker = true
      } else if Self.matches(argument, "--skip") {
        skip = Int(try value("--skip")) ?? 0
      } else {
        throw Shell.UsageError(message: "test: unrecognized option '\(argument)'")
      }
      index += 1
    }
  }

  /// Whether an option leaves tests out (`--filter`, `--filter-out`, `--tags`,
  /// `--exclude-tags`, `--shard`).
  var selects: Bool {
    !filters.isEmpty || !filtersOut.isEmpty || !tags.isEmpty || !excludeTags.isEmpty
      || shard != nil
  }

  /// The options a worker process gets from its parent (then `--` and the file or files).
  func workerArguments(skip: Int = 0) -> [String] {
    var arguments = [
      "test", "--worker", "--context", context, "--skip", String(skip),
      "--memory-limit", String(memoryLimit),
    ]
    if sandbox { arguments.append("--sandbox") }
    if let timeout { arguments += ["--timeout", String(timeout)] }
    if let seed { arguments += ["--seed", String(seed)] }
    if let reproDirectory { arguments += ["--repro", reproDirectory] }
    for filter in filters { arguments += ["--filter", filter] }
    for filter in filtersOut { arguments += ["--filter-out", filter] }
    if !tags.isEmpty { arguments += ["--tags", tags.joined(separator: ",")] }
    if !excludeTags.isEmpty { arguments += ["--exclude-tags", excludeTags.joined(separator: ",")] }
    if let shard { arguments += ["--shard", shard.text] }
    if repeatCount > 1 { arguments += ["--repeat", String(repeatCount)] }
    if list { arguments.append("--list") }
    if coverage != nil { arguments += ["--coverage", "-"] }
    if checkDeps { arguments.append("--check-deps") }
    if let timelineDirectory { arguments += ["--timeline", timelineDirectory] }
    if timelineAll { arguments.append("--timeline-all") }
    if strictOverrides { arguments.append("--strict-overrides") }
    if trace { arguments.append("--trace") }
    if update { arguments.append("--update") }
    return arguments
  }

  /// The files to run, in order, each once.
  func discover() throws -> [String] {
    var files: [String] = []
    for path in paths {
      var info = stat()
      guard stat(path, &info) == 0 else {
        throw Shell.UsageError(message: "test: no such file or directory: \(path)")
      }
      if info.st_mode & S_IFMT == S_IFDIR {
        files += Self.walk(path).sorted()
      } else {
        files.append(path)
      }
    }
    var seen = Set<String>()
    return files.filter { seen.insert($0).inserted }
  }

  private static func walk(_ directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [] }
    defer { closedir(handle) }
    var found: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name.hasPrefix(".") { continue }
      let path =
        directory == "."
        ? name
        : (directory.hasSuffix("/") ? directory : directory + "/")
          + name
      var info = stat()
      guard stat(path, &info) == 0 else { continue }
      if info.st_mode & S_IFMT == S_IFDIR {
        found += walk(path)
      } else if name.hasSuffix("_test.lua") {
        found.append(path)
      }
    }
    return found
  }
}

/// A time-based seed for `--shuffle` without `--seed`.
func timeSeed() -> UInt32 {
  var now = timespec()
  clock_gettime(CLOCK_REALTIME, &now)
  return UInt32(truncatingIfNeeded: now.tv_nsec ^ now.tv_sec)
}

/// SplitMix64: the same order for the same seed on every machine.
struct SeededOrder {
  private var state: UInt64

  init(seed: UInt64, salt: String = "") {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in salt.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    state = seed ^ hash
  }

  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// Fisher–Yates.
  mutating func shuffle<T>(_ items: [T]) -> [T] {
    var items = items
    guard items.count > 1 else { return items }
    for index in stride(from: items.count - 1, to: 0, by: -1) {
      let other = Int(next() % UInt64(index + 1))
      items.swapAt(index, other)
    }
    return items
  }
}
