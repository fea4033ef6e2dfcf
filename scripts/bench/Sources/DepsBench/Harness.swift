// The harness: a benchmark is a named loop body run `n` times. Timings are the median of
// several repeats of a loop long enough to dwarf the clock; `--callgrind NAME N` runs one
// benchmark (a fixed warm-up, then N iterations) so the runner can diff two counts.
#if canImport(Glibc)
import Glibc
#endif

/// What a benchmark must reach.
enum Target: Sendable {
  /// At most this many instructions per operation (callgrind).
  case instructions(Int)
  /// At most this many nanoseconds per operation (median).
  case nanoseconds(Int)
  /// At most this many nanoseconds more than the benchmark named `baseline`.
  case nanosecondsOver(baseline: String, Int)
  /// A baseline for another benchmark: reported, no target of its own.
  case none

  var column: String {
    switch self {
    case .instructions(let count): return "<= \(count) instr"
    case .nanoseconds(let ns): return "<= \(ns) ns"
    case .nanosecondsOver(let baseline, let ns): return "<= \(baseline) + \(ns) ns"
    case .none: return "-"
    }
  }

  /// `instr <N>`, `ns <N>`, `over <baseline> <N>` or `none`: for the runner.
  var machine: String {
    switch self {
    case .instructions(let count): return "instr \(count)"
    case .nanoseconds(let ns): return "ns \(ns)"
    case .nanosecondsOver(let baseline, let ns): return "over \(baseline) \(ns)"
    case .none: return "none"
    }
  }
}

/// One operation to measure.
struct Benchmark: Sendable {
  /// A short identifier (`dep.read.date.scoped`).
  let name: String
  /// What it measures, for the table.
  let summary: String
  let target: Target
  /// Iterations run before measuring (the same for every count, so it cancels out); small for
  /// operations whose cost grows with a large state.
  var warmup = 1_000
  /// Runs the operation `n` times (any setup it does is outside the timed loop's body).
  let body: Body

  enum Body: Sendable {
    /// Runs on the main thread, outside any task (as synchronous code, and the C API, runs).
    case sync(@Sendable (_ n: Int) -> Void)
    /// Runs in a task on an executor the main thread pumps.
    case async(@Sendable (_ n: Int) async -> Void)
  }

  init(
    name: String, summary: String, target: Target, _ run: @escaping @Sendable (_ n: Int) -> Void
  ) {
    self.name = name
    self.summary = summary
    self.target = target
    self.body = .sync(run)
  }

  init(
    name: String, summary: String, target: Target,
    async run: @escaping @Sendable (_ n: Int) async -> Void
  ) {
    self.name = name
    self.summary = summary
    self.target = target
    self.body = .async(run)
  }
}

/// Keeps a value alive and opaque to the optimizer.
nonisolated(unsafe) var sinkStorage: Int = 0

// Non-generic overloads for the common results, so the loop's own cost stays a few
// instructions (an unspecialized generic call would add ~100 to every operation).
@inline(never)
func blackHole(_ value: Int) { sinkStorage &+= value }

@inline(never)
func blackHole(_ value: Double) { sinkStorage &+= Int(value.bitPattern & 1) }

@inline(never)
func blackHole(_ value: String) { sinkStorage &+= value.utf8.count }

@inline(never)
func blackHole(_ value: AnyObject) {
  sinkStorage &+= Int(bitPattern: ObjectIdentifier(value)) & 1
}

@inline(never)
func blackHole<T>(_ value: T) {
  withUnsafeBytes(of: value) { bytes in
    if let first = bytes.first { sinkStorage &+= Int(first) }
  }
}

enum Clock {
  static var nanoseconds: UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }
}

enum Harness {
  /// The median ns/op of `repeats` runs, each long enough (≥ `minimumNanoseconds`).
  static let executor = PumpExecutor()

  /// Runs `n` iterations of `benchmark` on this thread.
  static func run(_ benchmark: Benchmark, _ n: Int) {
    switch benchmark.body {
    case .sync(let run): run(n)
    case .async(let run): executor.runBlocking { await run(n) }
    }
  }

  static func measure(
    _ benchmark: Benchmark, repeats: Int, minimumNanoseconds: UInt64
  ) -> Double {
    run(benchmark, min(200, benchmark.warmup))  // warm-up: caches, lazily computed defaults
    var n = min(100, max(1, benchmark.warmup))
    while true {
      let start = Clock.nanoseconds
      run(benchmark, n)
      let elapsed = Clock.nanoseconds - start
      if elapsed >= minimumNanoseconds || n >= 1 << 26 { break }
      let scale = Double(minimumNanoseconds) / Double(max(elapsed, 1))
      n = Int(Double(n) * min(max(scale * 1.2, 2), 100))
    }
    var samples: [Double] = []
    for _ in 0..<repeats {
      let start = Clock.nanoseconds
      run(benchmark, n)
      samples.append(Double(Clock.nanoseconds - start) / Double(n))
    }
    samples.sort()
    return samples.count % 2 == 1
      ? samples[samples.count / 2]
      : (samples[samples.count / 2 - 1] + samples[samples.count / 2]) / 2
  }

  static func main(_ arguments: [String]) -> Int32 {
    let all = Benchmarks.all
    var repeats = 7
    var minimumMilliseconds = 20
    var filters: [String] = []
    var format = "table"
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--list":
        for benchmark in all { print("\(benchmark.name)\t\(benchmark.target.machine)") }
        return 0
      case "--callgrind":
        guard let name = iterator.next(), let count = iterator.next().flatMap({ Int($0) }),
          let benchmark = all.first(where: { $0.name == name })
        else {
          printError("usage: DepsBench --callgrind NAME ITERATIONS")
          return 2
        }
        run(benchmark, benchmark.warmup)  // the same warm-up for every count: it cancels out
        run(benchmark, count)
        return 0
      case "--repeats":
        guard let value = iterator.next().flatMap({ Int($0) }), value > 0 else {
          printError("--repeats needs a positive number")
          return 2
        }
        repeats = value
      case "--min-ms":
        guard let value = iterator.next().flatMap({ Int($0) }), value > 0 else {
          printError("--min-ms needs a positive number")
          return 2
        }
        minimumMilliseconds = value
      case "--tsv":
        format = "tsv"
      case "--help", "-h":
        print(
          """
          usage: DepsBench [--repeats N] [--min-ms MS] [--tsv] [NAME-SUBSTRING …]
                 DepsBench --list
                 DepsBench --callgrind NAME ITERATIONS
          """)
        return 0
      default:
        filters.append(argument)
      }
    }
    let chosen = all.filter { benchmark in
      filters.isEmpty || filters.contains { benchmark.name.contains($0) }
    }
    for benchmark in chosen {
      let ns = measure(
        benchmark, repeats: repeats, minimumNanoseconds: UInt64(minimumMilliseconds) * 1_000_000)
      let rounded = (ns * 10).rounded() / 10
      if format == "tsv" {
        print("\(benchmark.name)\t\(rounded)\t\(benchmark.target.machine)\t\(benchmark.summary)")
      } else {
        let columns = [
          pad(benchmark.name, 30), pad("\(rounded) ns", 12), pad(benchmark.target.column, 26),
        ]
        print(columns.joined(separator: " ") + " " + benchmark.summary)
      }
      fflush(nil)
    }
    return 0
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  static func printError(_ message: String) {
    var text = message + "\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  }
}
