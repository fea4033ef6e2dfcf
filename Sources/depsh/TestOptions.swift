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

  var paths: [String] = []
  var format: Format = .pretty
  var filter: String?
  var jobs = 1
  var timeout: Double?
  var seed: UInt64?
  var context = "test"
  /// `--memory-limit MB` of each file's Lua state (0: none).
  var memoryLimit = MemoryLimit.testDefaultMegabytes
  /// `--sandbox`.
  var sandbox = false
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
    var index = 0
    func value(_ name: String) throws -> String {
      let argument = arguments[index]
      if argument.hasPrefix(name + "=") { return String(argument.dropFirst(name.count + 1)) }
      guard index + 1 < arguments.count else {
        throw Shell.UsageError(message: "test: \(name) needs a value")
      }
      index += 1
      return arguments[index]
    }
    func matches(_ argument: String, _ name: String) -> Bool {
      argument == name || argument.hasPrefix(name + "=")
    }
    var onlyPaths = false
    while index < arguments.count {
      let argument = arguments[index]
      if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
        options.paths.append(argument)
      } else if argument == "--" {
        onlyPaths = true
      } else if let context = try Shell.contextOption(arguments, &index) {
        options.context = context
      } else if let megabytes = try Shell.memoryLimitOption(arguments, &index) {
        options.memoryLimit = megabytes
      } else if argument == "--sandbox" {
        options.sandbox = true
      } else if matches(argument, "--format") {
        let text = try value("--format")
        guard let format = Format(rawValue: text) else {
          throw Shell.UsageError(
            message: "test: unknown format \"\(text)\" (expected pretty, tap or junit)")
        }
        options.format = format
      } else if matches(argument, "--filter") {
        options.filter = try value("--filter")
      } else if matches(argument, "--jobs") || argument == "-j" {
        let text = try value(argument == "-j" ? "-j" : "--jobs")
        guard let jobs = Int(text), jobs > 0 else {
          throw Shell.UsageError(
            message: "test: --jobs needs a positive whole number, got \"\(text)\"")
        }
        options.jobs = jobs
      } else if matches(argument, "--timeout") {
        let text = try value("--timeout")
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
          throw Shell.UsageError(
            message: "test: --timeout needs a positive number of seconds, got \"\(text)\"")
        }
        options.timeout = seconds
      } else if argument == "--shuffle" {
        options.seed = options.seed ?? UInt64(timeSeed())
      } else if matches(argument, "--seed") {
        let text = try value("--seed")
        guard let seed = UInt64(text) else {
          throw Shell.UsageError(message: "test: --seed needs a whole number, got \"\(text)\"")
        }
        options.seed = seed
      } else if argument == "--worker" {
        options.worker = true
      } else if matches(argument, "--skip") {
        options.skip = Int(try value("--skip")) ?? 0
      } else {
        throw Shell.UsageError(message: "test: unrecognized option '\(argument)'")
      }
      index += 1
    }
    if options.paths.isEmpty { options.paths = ["."] }
    return options
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
      let path = directory == "." ? name : (directory.hasSuffix("/") ? directory : directory + "/")
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
